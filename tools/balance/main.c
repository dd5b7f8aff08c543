/* hane-balance — simulation balancing of the BT playouts (Silver & Tesauro
 * 2009; Huang, Coulom & Lin 2010): tunes the playout policy's tactical and
 * near-move gammas (playout_bt.h, PLAYOUT_BT_PARAMS of them) so that the
 * playouts' share of Black wins from a position approaches who won the game
 * it comes from, rather than so that the playouts' moves look like a
 * professional's (what hane-train's minorization-maximization does).
 *
 *   hane-balance --out TABLE.json [--from M] [--to M] [--every K]
 *                [--playouts M] [--grad-playouts N] [--rate A] [--epochs E]
 *                [--seed S] [--capture G] [--list FILE] [RECORD.sgf...]
 *
 * Positions: after moves --from, --from + --every, ... up to --to (default
 * 60 to 180 by 40) of every record with a winner (RE B+... or W+...) and at
 * least 20 moves after the position. Each epoch visits them in a new random
 * order; at a position with outcome y (1 when Black won):
 *
 *   V = the share of Black wins in M playouts,
 *   g = the mean over N other playouts of (z - V) * score, where z is the
 *       playout's outcome and score the sum over its moves of
 *       d log pi(move) / d theta (both colours' moves: one policy plays both),
 *   theta <- theta + A * (y - V) * g,
 *
 * a stochastic step down the squared error (y - V)^2: g estimates dV/dtheta
 * (V's playouts are other ones, so the product is unbiased; subtracting V from
 * z lowers the variance and changes no expectation). The outcome of a game
 * stands in for the position's true value: it is that value plus noise of
 * mean zero, so the expected step is the same.
 *
 * The start is the built-in playout table with every capture at gamma
 * --capture (default the engine's floor). After each epoch it prints the mean
 * squared error of V over the epoch and the parameters; at the end it writes
 * the built-in table with the balanced gammas so far to TABLE.json (at once,
 * so a long run stopped keeps its last epoch), to be used with no capture
 * floor (hane-calibrate --table TABLE.json --capture 0).
 * Exit status 2 on a usage or input error.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <libgen.h>
#include <unistd.h>

#include "engine/board/board.h"
#include "engine/board/game.h"
#include "engine/params.h"
#include "engine/playout.h"
#include "engine/playout_bt.h"
#include "engine/board/rng.h"
#include "engine/board/sgf.h"
#include "engine/board/sgf_game.h"
#include "patterns/gammas.h"
#include "tools/common/cli_num.h"
#include "tools/common/cli_args.h"
#include "tools/common/pathlist.h"

#define PROG "hane-balance"
#define MIN_LEFT 20

static void print_usage(FILE *f)
{
    fprintf(f, "usage: hane-balance --out TABLE.json [--from M] [--to M] [--every K] "
               "[--playouts M] [--grad-playouts N] [--rate A] [--epochs E] [--seed S] "
               "[--capture G] [--list FILE] [RECORD.sgf...]\n");
}

static _Noreturn void usage(const char *msg, const char *arg)
{
    cli_usage_exit(PROG, print_usage, msg, arg);
}

struct opts {
    long from, to, every, playouts, grad_playouts, epochs, seed;
    double rate, capture;
    const char *out, *list;
    char **files;
    int n_files;
};

static void parse_args(int argc, char **argv, struct opts *o)
{
    struct params def;
    params_default(&def);
    *o = (struct opts){ .from = 60, .to = 180, .every = 40, .playouts = 64,
                        .grad_playouts = 64, .epochs = 1, .seed = 1, .rate = 0.01,
                        .capture = def.playout_capture };
    o->files = argv + 1;    /* records go to the front of argv, options anywhere */
    int i = 1;
    const char *v;
    for (char *a; (a = cli_args_next_option(PROG, print_usage, argc, argv, &i, &v, o->files,
                                            &o->n_files));) {
        bool ok = true;
        if (strcmp(a, "--from") == 0)
            ok = cli_parse_long(v, 0, 10000, &o->from);
        else if (strcmp(a, "--to") == 0)
            ok = cli_parse_long(v, 0, 10000, &o->to);
        else if (strcmp(a, "--every") == 0)
            ok = cli_parse_long(v, 1, 10000, &o->every);
        else if (strcmp(a, "--playouts") == 0)
            ok = cli_parse_long(v, 1, 1000000, &o->playouts);
        else if (strcmp(a, "--grad-playouts") == 0)
            ok = cli_parse_long(v, 1, 1000000, &o->grad_playouts);
        else if (strcmp(a, "--epochs") == 0)
            ok = cli_parse_long(v, 1, 10000, &o->epochs);
        else if (strcmp(a, "--seed") == 0)
            ok = cli_parse_long(v, 0, 0x7fffffffL, &o->seed);
        else if (strcmp(a, "--rate") == 0)
            ok = cli_parse_real(v, 0, 100, &o->rate);
        else if (strcmp(a, "--capture") == 0)
            ok = cli_parse_real(v, 0, 1e6, &o->capture);
        else if (strcmp(a, "--out") == 0)
            o->out = v;
        else if (strcmp(a, "--list") == 0)
            o->list = v;
        else
            usage("unknown option", a);
        if (!ok)
            cli_bad_value(PROG, print_usage, a, v);
    }
    if (!o->out)
        usage("no --out TABLE.json given", NULL);
    if (o->n_files == 0 && !o->list)
        usage("no records given", NULL);
    if (o->to < o->from)
        usage("--to is before --from", NULL);
    /* Hours of work must not end in a table nobody can write. */
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", o->out);
    if (access(dirname(dir), W_OK) != 0) {
        fprintf(stderr, "hane-balance: cannot write %s: its directory is missing or "
                        "read-only\n", o->out);
        exit(2);
    }
}

/* A position: a record, the number of moves played, and who won. */
struct position {
    int record;
    int move;
    int y;
};

struct corpus {
    struct pathlist records;
    struct position *pos;
    int n_pos, cap_pos;
    int no_winner;
};

static bool push_pos(struct corpus *c, struct position p)
{
    if (c->n_pos == c->cap_pos) {
        int cap = c->cap_pos ? 2 * c->cap_pos : 256;
        struct position *v = realloc(c->pos, (size_t)cap * sizeof *v);
        if (!v)
            return false;
        c->pos = v;
        c->cap_pos = cap;
    }
    c->pos[c->n_pos++] = p;
    return true;
}

/* Reads each record once for its result and length; false (with a message)
 * on an unreadable or broken one. */
static bool gather(const struct opts *o, struct corpus *c)
{
    char why[512];
    if (!pathlist_gather(&c->records, o->list, o->files, o->n_files, why, sizeof why)) {
        fprintf(stderr, "hane-balance: %s\n", why);
        return false;
    }
    for (int r = 0; r < c->records.n; r++) {
        struct sgf_error err;
        memset(&err, 0, sizeof err);
        struct game g;
        struct sgf_game_info info;
        if (!sgf_game_load_file(c->records.path[r], 0, &g, &info, &err)) {
            fprintf(stderr, "hane-balance: %s\n", err.text);
            return false;
        }
        game_free(&g);
        const char *re = info.result;
        if (!((re[0] == 'B' || re[0] == 'W') && re[1] == '+')) {
            c->no_winner++;
            continue;
        }
        for (long m = o->from; m <= o->to; m += o->every)
            if (m + MIN_LEFT <= info.n_moves &&
                !push_pos(c, (struct position){ r, (int)m, re[0] == 'B' })) {
                fprintf(stderr, "hane-balance: out of memory\n");
                return false;
            }
    }
    return true;
}

/* One step at position p; returns V. */
static double step(const struct opts *o, struct playout_policy *pp, double *theta,
                   const struct game *g, double komi, int y, struct rng *r)
{
    long wins = 0;
    for (long i = 0; i < o->playouts; i++) {
        struct board b;
        board_copy(&b, &g->board);
        wins += playout_run(&b, pp, r, komi, playout_default_cap(b.size), NULL) > 0;
    }
    double v = (double)wins / (double)o->playouts;
    double grad[PLAYOUT_BT_PARAMS] = { 0 };
    for (long j = 0; j < o->grad_playouts; j++) {
        double score[PLAYOUT_BT_PARAMS] = { 0 };
        struct board b;
        board_copy(&b, &g->board);
        playout_bt_set_grad(pp, score);
        double z = playout_run(&b, pp, r, komi, playout_default_cap(b.size), NULL) > 0;
        playout_bt_set_grad(pp, NULL);
        for (int k = 0; k < PLAYOUT_BT_PARAMS; k++)
            grad[k] += (z - v) * score[k];
    }
    for (int k = 0; k < PLAYOUT_BT_PARAMS; k++)
        theta[k] += o->rate * (y - v) * grad[k] / (double)o->grad_playouts;
    playout_bt_set_params(pp, theta);
    return v;
}

static bool write_table(const struct opts *o, const double *theta, int epochs, double last_mse,
                        int n_records, int n_pos)
{
    char err[256];
    struct pat_gammas *t = pat_gammas_parse(pat_playout_json, pat_playout_json_len,
                                            "playout table", err, sizeof err);
    if (!t || !playout_bt_params_to_table(theta, t)) {
        fprintf(stderr, "hane-balance: %s\n", t ? "the built-in table lacks a feature" : err);
        pat_gammas_free(t);
        return false;
    }
    json_t *bal = json_object();
    json_object_set_new(bal, "records", json_integer(n_records));
    if (o->list)
        json_object_set_new(bal, "list", json_string(o->list));
    json_object_set_new(bal, "positions", json_integer(n_pos));
    json_object_set_new(bal, "moves", json_pack("{s:I, s:I, s:I}", "from", (json_int_t)o->from,
                                                "to", (json_int_t)o->to, "every",
                                                (json_int_t)o->every));
    json_object_set_new(bal, "epochs", json_integer(epochs));
    json_object_set_new(bal, "playouts", json_integer(o->playouts));
    json_object_set_new(bal, "grad_playouts", json_integer(o->grad_playouts));
    json_object_set_new(bal, "rate", json_real(o->rate));
    json_object_set_new(bal, "start_capture_floor", json_real(o->capture));
    json_object_set_new(bal, "last_epoch_mse", json_real(last_mse));
    json_object_set_new(bal, "note", json_string(
        "simulation balancing by hane-balance; use with no capture floor (playout_capture=0)"));
    json_object_set_new(t->meta, "balanced", bal);
    bool ok = pat_gammas_save(t, o->out, err, sizeof err);
    if (!ok)
        fprintf(stderr, "hane-balance: %s\n", err);
    pat_gammas_free(t);
    return ok;
}

int main(int argc, char **argv)
{
    struct opts o;
    parse_args(argc, argv, &o);
    board_init();
    struct corpus c = { 0 };
    int status = 0;
    if (!gather(&o, &c)) {
        status = 2;
        goto done;
    }
    if (c.n_pos == 0) {
        fprintf(stderr, "hane-balance: no position: of %d records, %d have no winner and the "
                        "others end within %d moves of --from\n", c.records.n, c.no_winner, MIN_LEFT);
        status = 2;
        goto done;
    }
    struct playout_policy pp;
    if (!playout_bt_new(&pp, playout_bt_default_gammas())) {
        fprintf(stderr, "hane-balance: out of memory\n");
        status = 2;
        goto done;
    }
    playout_bt_set_capture_floor(&pp, o.capture);
    double theta[PLAYOUT_BT_PARAMS];
    playout_bt_get_params(&pp, theta);
    printf("records: %d, %d without a winner; positions: %d\n", c.records.n, c.no_winner, c.n_pos);
    struct rng r;
    rng_seed(&r, (uint64_t)o.seed);
    double mse = 0;
    for (long e = 1; e <= o.epochs && status == 0; e++) {
        for (int i = c.n_pos - 1; i > 0; i--) {     /* a new order each epoch */
            int j = (int)(rng_double(&r) * (i + 1));
            struct position t = c.pos[i];
            c.pos[i] = c.pos[j];
            c.pos[j] = t;
        }
        double sum = 0;
        for (int i = 0; i < c.n_pos; i++) {
            const struct position *p = &c.pos[i];
            struct sgf_error err;
            memset(&err, 0, sizeof err);
            struct game g;
            struct sgf_game_info info;
            if (!sgf_game_load_file(c.records.path[p->record], p->move + 1, &g, &info, &err)) {
                fprintf(stderr, "hane-balance: %s\n", err.text);
                status = 2;
                break;
            }
            double v = step(&o, &pp, theta, &g, info.has_komi ? g.komi : 7.5, p->y, &r);
            sum += (p->y - v) * (p->y - v);
            game_free(&g);
        }
        if (status)
            break;
        mse = sum / c.n_pos;
        printf("epoch %ld: mean squared error %.4f;", e, mse);
        for (int k = 0; k < PLAYOUT_BT_PARAMS; k++)
            printf(" %s %.3g%s", playout_bt_param_name(k), exp(theta[k]),
                   k + 1 < PLAYOUT_BT_PARAMS ? "," : "\n");
        if (!write_table(&o, theta, (int)e, mse, c.records.n, c.n_pos))
            status = 2;
        fflush(stdout);
    }
    pp.release(&pp);
    if (status == 0)
        printf("wrote %s\n", o.out);
done:
    pathlist_free(&c.records);
    free(c.pos);
    return status;
}
