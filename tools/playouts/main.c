/* hane-playouts — what the playouts alone make of a position: plays N
 * playouts from a position of an SGF record, with no tree, and prints Black's
 * share of wins, the share of playouts in which each named stone survives
 * (or Black owns each named empty point), and a map of Black's share of every
 * point. Where the search misjudges a position at any number of playouts,
 * this shows which groups the playouts get wrong.
 *
 *   hane-playouts [--move N] [--playouts N] [--seed S] [--policy bt|light]
 *                 [--capture G] [--atari R] [--races R] [--nakade R]
 *                 [--atari-ladder 0|1] FILE.sgf [VERTEX...]
 *
 * --move N is GTP's `loadsgf FILE N`: the position before move N (default:
 * after the last move; N-1 moves played, which the output says); --capture G is the engine's playout_capture (bt
 * only: every capture's gamma at least G; default the engine's default); --atari,
 * --races, --nakade and --atari-ladder are the engine's playout_atari,
 * playout_races, playout_nakade and playout_atari_ladder (bt only; default 0,
 * as the engine's). The side to move is the record's. Komi is the
 * record's KM (7.5 without one). Exit status 2 on a usage or input error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/board.h"
#include "engine/board/game.h"
#include "engine/params.h"
#include "engine/playout.h"
#include "engine/board/rng.h"
#include "engine/board/sgf.h"
#include "engine/board/sgf_game.h"
#include "gtp/gtp_args.h"
#include "tools/common/cli_num.h"
#include "tools/common/cli_args.h"
#include "tools/playouts/policy.h"

#define PROG "hane-playouts"
#define MAX_VERTICES 64

static void print_usage(FILE *f)
{
    fprintf(f, "usage: hane-playouts [--move N] [--playouts N] [--seed S] "
               "[--policy bt|light] [--capture G]\n"
               "                     [--atari R] [--races R] [--nakade R] [--atari-ladder 0|1]\n"
               "                     FILE.sgf [VERTEX...]\n");
    if (f != stdout)
        return;
    fprintf(f,
            "\nWhat the playouts alone (no tree) make of a position of FILE.sgf: Black's\n"
            "share of wins, how often each named VERTEX's stone survives (or Black owns\n"
            "it, if empty), and Black's share of every point as a map.\n\n"
            "  --move N      the position before move N, as GTP's `loadsgf FILE N`: N-1\n"
            "                moves played (default: after the last move)\n"
            "  --playouts N  playouts to run (default 2000)\n"
            "  --seed S      random seed (default 1)\n"
            "  --policy P    bt (the engine's Bradley-Terry playouts, default) or light\n"
            "                (uniformly random)\n"
            "  --capture G   bt only: every capture's gamma at least G (default the\n"
            "                engine's playout_capture)\n"
            "  --atari R     bt only: the share of ataris next to the last move answered\n"
            "                first (the engine's playout_atari; default 0)\n"
            "  --races R     bt only: the share of two-liberty races next to the last\n"
            "                move answered (playout_races; default 0)\n"
            "  --nakade R    bt only: the share of eye spaces' vital points answered\n"
            "                (playout_nakade; default 0)\n"
            "  --atari-ladder 1  bt only: --atari's answer also extends to two liberties\n"
            "                out of a ladder that fails (playout_atari_ladder; default 0)\n"
            "  VERTEX...     stones or points to follow, e.g. D4 Q16\n\n"
            "The side to move is the record's; komi is its KM (7.5 without one).\n");
}

static _Noreturn void usage(const char *msg, const char *arg)
{
    cli_usage_exit(PROG, print_usage, msg, arg);
}

struct opts {
    long move, playouts, seed;
    double capture;
    struct tool_policy_rates rates;
    const char *policy, *file;
    const char *vertex[MAX_VERTICES];
    int n_vertex;
};

static void parse_args(int argc, char **argv, struct opts *o)
{
    struct params def;
    params_default(&def);
    *o = (struct opts){ .move = 0, .playouts = 2000, .seed = 1, .policy = "bt",
                        .capture = def.playout_capture };
    int i = 1;
    const char *v;
    for (const char *a; (a = cli_args_next(PROG, print_usage, argc, argv, &i, &v));) {
        if (!v) {           /* the record first, then the vertices */
            if (!o->file)
                o->file = a;
            else if (o->n_vertex < MAX_VERTICES)
                o->vertex[o->n_vertex++] = a;
            else
                usage("too many vertices (64 at most) at", a);
            continue;
        }
        bool ok = true;
        if (tool_policy_rate_option(a, v, &o->rates, &ok))
            ;
        else if (strcmp(a, "--move") == 0)
            ok = cli_parse_long(v, 1, 100000000, &o->move);
        else if (strcmp(a, "--playouts") == 0)
            ok = cli_parse_long(v, 1, 100000000, &o->playouts);
        else if (strcmp(a, "--seed") == 0)
            ok = cli_parse_long(v, 0, 0x7fffffffL, &o->seed);
        else if (strcmp(a, "--capture") == 0)
            ok = cli_parse_real(v, 0, 1e6, &o->capture);
        else if (strcmp(a, "--policy") == 0) {
            ok = tool_policy_known(v);
            o->policy = v;
        } else
            usage("unknown option", a);
        if (!ok)
            cli_bad_value(PROG, print_usage, a, v);
    }
    if (!o->file)
        usage("no SGF file given", NULL);
}

int main(int argc, char **argv)
{
    struct opts o;
    parse_args(argc, argv, &o);
    board_init();
    struct game g;
    struct sgf_error err;
    memset(&err, 0, sizeof err);
    struct sgf_game_info info;
    if (!sgf_game_load_file(o.file, (int)o.move, &g, &info, &err)) {
        fprintf(stderr, "hane-playouts: %s\n", err.text);
        return 2;
    }
    if (!info.has_komi)
        g.komi = 7.5;
    const struct board *b0 = &g.board;
    point vp[MAX_VERTICES];
    for (int i = 0; i < o.n_vertex; i++) {
        if (gtp_parse_vertex(o.vertex[i], b0, &vp[i]) != GTP_VERTEX_OK || vp[i] == PASS) {
            fprintf(stderr, "hane-playouts: '%s' is not a point of the %dx%d board\n",
                    o.vertex[i], b0->size, b0->size);
            game_free(&g);
            return 2;
        }
    }
    struct playout_policy pp;
    if (!tool_policy_make(o.policy, NULL, o.capture, &o.rates, &pp)) {
        fprintf(stderr, "hane-playouts: out of memory\n");
        game_free(&g);
        return 2;
    }
    struct rng r;
    rng_seed(&r, (uint64_t)o.seed);
    static long black_owns[BOARD_MAX_POINTS], survives[MAX_VERTICES];
    static uint8_t owner[BOARD_MAX_POINTS];
    long black_wins = 0, draws = 0;
    double score_sum = 0;
    for (long i = 0; i < o.playouts; i++) {
        struct board b;
        board_copy(&b, b0);
        struct playout_record rec = { .owner = owner };
        double s = playout_run(&b, &pp, &r, g.komi, playout_default_cap(b0->size), &rec);
        black_wins += s > 0;
        draws += s == 0;
        score_sum += s;
        for (point p = 0; p < b0->geom->points; p++)
            black_owns[p] += owner[p] == BLACK;
        for (int k = 0; k < o.n_vertex; k++) {
            uint8_t c = b0->color[vp[k]];
            survives[k] += owner[vp[k]] == (c == EMPTY ? BLACK : c);
        }
    }
    if (pp.release)
        pp.release(&pp);
    double n = (double)o.playouts;
    /* --move N is the position before move N, so N-1 moves are on the board. */
    if (o.move > 0)
        printf("position: %s before move %ld (%d moves played), %s to play, komi %.1f\n", o.file,
               o.move, g.n_moves, game_to_move(&g) == BLACK ? "Black" : "White", g.komi);
    else
        printf("position: %s after the last move (%d moves), %s to play, komi %.1f\n", o.file,
               g.n_moves, game_to_move(&g) == BLACK ? "Black" : "White", g.komi);
    printf("playouts: %ld (%s", o.playouts, o.policy);
    if (o.capture > 0 && strcmp(o.policy, "bt") == 0)
        printf(", captures at least %g", o.capture);
    if (strcmp(o.policy, "bt") == 0)
        tool_policy_rates_print(stdout, &o.rates);
    printf("), seed %ld\n", o.seed);
    printf("black wins: %.3f (draws %.3f), mean score %+.1f\n", black_wins / n, draws / n,
           score_sum / n);
    for (int k = 0; k < o.n_vertex; k++) {
        uint8_t c = b0->color[vp[k]];
        char v[8];
        gtp_vertex_str(b0, vp[k], v);
        printf("%s %s: %.3f\n", v,
               c == BLACK ? "black stone survives" : c == WHITE ? "white stone survives"
                                                              : "empty, owned by Black",
               survives[k] / n);
    }
    /* The map: Black's share of each point in tenths (9 = 0.9 or more);
     * a stone's colour in lower case beside it. */
    printf("black's share (tenths), x/o = black/white stone now:\n   ");
    for (int x = 0; x < b0->size; x++)
        printf(" %c ", gtp_column(x));
    printf("\n");
    for (int y = b0->size - 1; y >= 0; y--) {
        printf("%2d ", y + 1);
        for (int x = 0; x < b0->size; x++) {
            point p = board_point(b0, x, y);
            int tenth = (int)(10.0 * black_owns[p] / n);
            uint8_t c = b0->color[p];
            printf(" %d%c", tenth > 9 ? 9 : tenth, c == BLACK ? 'x' : c == WHITE ? 'o' : ' ');
        }
        printf("\n");
    }
    game_free(&g);
    return 0;
}
