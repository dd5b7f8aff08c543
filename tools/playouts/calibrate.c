/* hane-calibrate — how well the playouts alone foretell the winners of
 * finished games: from positions of game records with a result (RE[B+...] or
 * RE[W+...]), plays N playouts each and compares Black's share of wins p with
 * the outcome y (1 when Black won): the Brier score, the mean of (p - y)^2
 * (0.25 for a coin, lower is better), and the share of positions where the
 * side the playouts favour won. A cheap check of a change to the playout
 * policy before any match: light playouts score much worse than BT ones.
 *
 *   hane-calibrate [--moves M,M,...] [--playouts N] [--seed S]
 *                  [--policy bt|light] [--capture G] [--table FILE.json]
 *                  [--atari R] [--races R] [--nakade R] [--atari-ladder 0|1]
 *                  [--out FILE] [--list FILE] [RECORD.sgf...]
 *   hane-calibrate --compare A.tsv B.tsv
 *
 * The positions are those after M moves (default 100, 150 and 200) of each
 * record that goes on for at least MIN_LEFT more moves; records without a
 * winner (no RE, a draw, "Void", "?") are skipped and counted. --out writes
 * one line per position: record, move, p, y (tab-separated). --compare reads
 * two such files made with different settings on the same records and prints
 * the paired difference of their Brier scores with a 95% interval: the
 * outcomes' noise is common to both, so a small difference is seen with a
 * few hundred positions. Each position's playouts start from a seed made of
 * S and the position's number, so two settings meet the same random numbers.
 * --table uses another playout table (e.g. one of hane-balance) for bt;
 * --atari, --races, --nakade and --atari-ladder are the engine's playout_atari,
 * playout_races, playout_nakade and playout_atari_ladder (bt only; default 0).
 * Exit status 2 on a usage or input error (an unreadable or broken record is
 * an error: the message names its file, line and column).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/board.h"
#include "engine/board/file_read.h"
#include "engine/board/game.h"
#include "engine/params.h"
#include "engine/playout.h"
#include "engine/board/rng.h"
#include "engine/board/sgf.h"
#include "engine/board/sgf_game.h"
#include "patterns/gammas.h"
#include "tools/common/cli_num.h"
#include "tools/common/cli_args.h"
#include "tools/common/pathlist.h"
#include "tools/playouts/policy.h"

#define PROG "hane-calibrate"
#define MAX_MOVES_LIST 16
#define MIN_LEFT 20
#define MAX_RECORDS 100000

static void print_usage(FILE *f)
{
    fprintf(f, "usage: hane-calibrate [--moves M,M,...] [--playouts N] [--seed S] "
               "[--policy bt|light] [--capture G] [--table FILE.json] [--atari R] "
               "[--races R] [--nakade R] [--atari-ladder 0|1] [--out FILE] "
               "[--list FILE] [RECORD.sgf...]\n"
               "       hane-calibrate --compare A.tsv B.tsv\n");
}

static _Noreturn void usage(const char *msg, const char *arg)
{
    cli_usage_exit(PROG, print_usage, msg, arg);
}

struct opts {
    long moves[MAX_MOVES_LIST];
    int n_moves;
    long playouts, seed;
    double capture;
    struct tool_policy_rates rates;
    const char *policy, *out, *list, *table;
    const char *compare[2];
    char **files;
    int n_files;
};

/* "100,150,200": 1 to MAX_MOVES_LIST move numbers from 1 to 10000, no
 * empty item. */
static bool parse_moves(const char *s, struct opts *o)
{
    o->n_moves = 0;
    for (;;) {
        char item[16];
        size_t len = strcspn(s, ",");
        if (len == 0 || len >= sizeof item || o->n_moves == MAX_MOVES_LIST)
            return false;
        memcpy(item, s, len);
        item[len] = 0;
        if (!cli_parse_long(item, 1, 10000, &o->moves[o->n_moves++]))
            return false;
        if (s[len] == 0)
            return true;
        s += len + 1;
    }
}

static void parse_args(int argc, char **argv, struct opts *o)
{
    struct params def;
    params_default(&def);
    *o = (struct opts){ .moves = { 100, 150, 200 }, .n_moves = 3, .playouts = 1000,
                        .seed = 1, .capture = def.playout_capture, .policy = "bt" };
    if (argc > 1 && strcmp(argv[1], "--compare") == 0) {
        if (argc != 4)
            usage("--compare needs two files and nothing else", NULL);
        o->compare[0] = argv[2];
        o->compare[1] = argv[3];
        return;
    }
    /* Records go to the front of argv in their order, options anywhere. */
    o->files = argv + 1;
    int i = 1;
    const char *v;
    for (char *a; (a = cli_args_next_option(PROG, print_usage, argc, argv, &i, &v, o->files,
                                            &o->n_files));) {
        bool ok = true;
        if (tool_policy_rate_option(a, v, &o->rates, &ok)) {
            ;
        } else if (strcmp(a, "--moves") == 0) {
            ok = parse_moves(v, o);
        } else if (strcmp(a, "--playouts") == 0) {
            ok = cli_parse_long(v, 1, 100000000, &o->playouts);
        } else if (strcmp(a, "--seed") == 0) {
            ok = cli_parse_long(v, 0, 0x7fffffffL, &o->seed);
        } else if (strcmp(a, "--capture") == 0) {
            ok = cli_parse_real(v, 0, 1e6, &o->capture);
        } else if (strcmp(a, "--policy") == 0) {
            ok = tool_policy_known(v);
            o->policy = v;
        } else if (strcmp(a, "--out") == 0) {
            o->out = v;
        } else if (strcmp(a, "--list") == 0) {
            o->list = v;
        } else if (strcmp(a, "--table") == 0) {
            o->table = v;
        } else {
            usage("unknown option", a);
        }
        if (!ok)
            cli_bad_value(PROG, print_usage, a, v);
    }
    if (o->n_files == 0 && !o->list)
        usage("no records given", NULL);
}

/* One position's term of the Brier score. */
static double sq_err(double p, double y)
{
    return (p - y) * (p - y);
}

/* ---- --compare ---- */

struct row {
    char key[1100];     /* record and move */
    double p, y;
};

static int row_cmp(const void *a, const void *b)
{
    return strcmp(((const struct row *)a)->key, ((const struct row *)b)->key);
}

struct rows_ctx {
    const char *path;
    struct row *rows;
    int n, cap;
};

static bool read_row(char *buf, size_t line, void *ctx)
{
    struct rows_ctx *c = ctx;
    char file[1024];
    long move;
    double p, y;
    char tail;
    if (sscanf(buf, "%1023[^\t]\t%ld\t%lf\t%lf %c", file, &move, &p, &y, &tail) != 4 ||
        !(p >= 0 && p <= 1) || (y != 0 && y != 1)) {
        fprintf(stderr, "hane-calibrate: %s:%zu: expected record, move, p in [0, 1] and "
                        "outcome 0 or 1, tab-separated\n", c->path, line);
        return false;
    }
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 256;
        struct row *r = realloc(c->rows, (size_t)c->cap * sizeof *r);
        if (!r) {
            fprintf(stderr, "hane-calibrate: out of memory\n");
            return false;
        }
        c->rows = r;
    }
    struct row *r = &c->rows[c->n++];
    snprintf(r->key, sizeof r->key, "%s\t%ld", file, move);
    r->p = p;
    r->y = y;
    return true;
}

/* Reads a file --out wrote (a regular file of lines of at most 1,199 bytes,
 * no NUL byte); NULL (after a message with the line) if it is not one. */
static struct row *read_rows(const char *path, int *n)
{
    struct rows_ctx c = { path, NULL, 0, 0 };
    char err[600] = "";
    if (!file_read_lines(path, 1u << 30, 1199, read_row, &c, err, sizeof err)) {
        if (err[0])
            fprintf(stderr, "hane-calibrate: %s\n", err);
        free(c.rows);
        return NULL;
    }
    /* NULL means a bad file, so an empty one still gets an array (and qsort
     * wants a real one even for no rows). */
    if (!c.rows && !(c.rows = calloc(1, sizeof *c.rows))) {
        fprintf(stderr, "hane-calibrate: out of memory\n");
        return NULL;
    }
    qsort(c.rows, (size_t)c.n, sizeof *c.rows, row_cmp);
    *n = c.n;
    return c.rows;
}

static int compare(const char *pa, const char *pb)
{
    int na, nb;
    struct row *a = read_rows(pa, &na);
    if (!a)
        return 2;
    struct row *b = read_rows(pb, &nb);
    if (!b) {
        free(a);
        return 2;
    }
    double sa = 0, sb = 0, sd = 0, sdd = 0;
    int n = 0, ra = 0, rb = 0, i = 0, j = 0;
    while (i < na && j < nb) {
        int c = strcmp(a[i].key, b[j].key);
        if (c < 0) {
            i++;
        } else if (c > 0) {
            j++;
        } else {
            if (a[i].y != b[j].y) {
                fprintf(stderr, "hane-calibrate: the outcomes of '%s' differ: not the same "
                                "records\n", a[i].key);
                free(a);
                free(b);
                return 2;
            }
            double ea = sq_err(a[i].p, a[i].y), eb = sq_err(b[j].p, b[j].y);
            sa += ea;
            sb += eb;
            sd += ea - eb;
            sdd += (ea - eb) * (ea - eb);
            ra += (a[i].p > 0.5) == (a[i].y == 1);
            rb += (b[j].p > 0.5) == (b[j].y == 1);
            n++;
            i++;
            j++;
        }
    }
    free(a);
    free(b);
    if (n < 2) {
        fprintf(stderr, "hane-calibrate: %s and %s share %d positions: nothing to compare\n",
                pa, pb, n);
        return 2;
    }
    double m = sd / n;
    double var = (sdd - n * m * m) / (n - 1);
    double h = 1.96 * sqrt(var > 0 ? var / n : 0);
    printf("positions in both: %d (only in A: %d, only in B: %d)\n", n, na - n, nb - n);
    printf("brier A %.4f, B %.4f\n", sa / n, sb / n);
    printf("A - B: %+.4f [%+.4f, %+.4f] (95%%; negative: A foretells better)\n", m, m - h, m + h);
    printf("favoured side won: A %.3f, B %.3f\n", (double)ra / n, (double)rb / n);
    return 0;
}

/* ---- calibration ---- */

/* 1 when Black won, 0 when White did, -1 for no winner. */
static int winner(const char *re)
{
    if ((re[0] == 'B' || re[0] == 'W') && re[1] == '+')
        return re[0] == 'B';
    return -1;
}

struct tally {
    double sum[MAX_MOVES_LIST];
    int n[MAX_MOVES_LIST], right[MAX_MOVES_LIST];
};

/* Plays the positions of one record; false (with a message) on a broken one. */
static bool calibrate_record(const struct opts *o, const char *path, struct playout_policy *pp,
                             FILE *out, long *position, struct tally *t, int *skipped)
{
    struct sgf_error err;
    memset(&err, 0, sizeof err);
    struct sgf_tree *tree = sgf_read_file(path, &err);
    if (!tree) {
        fprintf(stderr, "hane-calibrate: %s\n", err.text);
        return false;
    }
    struct game g;
    struct sgf_game_info info;
    if (!sgf_game_load(tree, path, 0, &g, &info, &err)) {
        fprintf(stderr, "hane-calibrate: %s\n", err.text);
        sgf_free(tree);
        return false;
    }
    game_free(&g);
    int y = winner(info.result);
    if (y < 0) {
        (*skipped)++;
        sgf_free(tree);
        return true;
    }
    for (int k = 0; k < o->n_moves; k++) {
        long m = o->moves[k];
        if (m + MIN_LEFT > info.n_moves)
            continue;
        if (!sgf_game_load(tree, path, (int)m + 1, &g, &info, &err)) {
            fprintf(stderr, "hane-calibrate: %s\n", err.text);
            sgf_free(tree);
            return false;
        }
        double komi = info.has_komi ? g.komi : 7.5;
        struct rng r;
        rng_seed(&r, (uint64_t)o->seed * 1000003u + (uint64_t)(*position)++);
        long wins = 0;
        for (long i = 0; i < o->playouts; i++) {
            struct board b;
            board_copy(&b, &g.board);
            wins += playout_run(&b, pp, &r, komi, playout_default_cap(b.size), NULL) > 0;
        }
        double p = (double)wins / (double)o->playouts;
        t->sum[k] += sq_err(p, y);
        t->n[k]++;
        t->right[k] += (p > 0.5) == (y == 1);
        if (out)
            fprintf(out, "%s\t%ld\t%.4f\t%d\n", path, m, p, y);
        game_free(&g);
    }
    sgf_free(tree);
    return true;
}

int main(int argc, char **argv)
{
    struct opts o;
    parse_args(argc, argv, &o);
    if (o.compare[0])
        return compare(o.compare[0], o.compare[1]);
    board_init();
    struct pathlist rec = { 0 };
    char why[512];
    if (!pathlist_gather(&rec, o.list, o.files, o.n_files, why, sizeof why)) {
        fprintf(stderr, "hane-calibrate: %s\n", why);
        pathlist_free(&rec);
        return 2;
    }
    int n_rec = rec.n;
    FILE *out = NULL;
    if (o.out && !(out = fopen(o.out, "w"))) {
        fprintf(stderr, "hane-calibrate: cannot write %s\n", o.out);
        return 2;
    }
    struct pat_gammas *table = NULL;
    if (o.table) {
        char err[512];
        if (!(table = pat_gammas_load(o.table, err, sizeof err))) {
            fprintf(stderr, "hane-calibrate: %s\n", err);
            return 2;
        }
    }
    struct playout_policy pp;
    if (!tool_policy_make(o.policy, table, o.capture, &o.rates, &pp)) {
        fprintf(stderr, "hane-calibrate: out of memory\n");
        return 2;
    }
    struct tally t = { 0 };
    int skipped = 0, status = 0;
    long position = 0;
    for (int i = 0; i < n_rec && status == 0; i++)
        if (!calibrate_record(&o, rec.path[i], &pp, out, &position, &t, &skipped))
            status = 2;
    if (pp.release)
        pp.release(&pp);
    pat_gammas_free(table);
    pathlist_free(&rec);
    if (out && fclose(out) != 0) {
        fprintf(stderr, "hane-calibrate: cannot write %s\n", o.out);
        status = 2;
    }
    if (status)
        return status;
    int n = 0, right = 0;
    double sum = 0;
    for (int k = 0; k < o.n_moves; k++) {
        n += t.n[k];
        right += t.right[k];
        sum += t.sum[k];
    }
    if (n == 0) {
        fprintf(stderr, "hane-calibrate: no position: of %d records, %d have no winner and "
                        "the others fewer than %d moves after each of the --moves\n",
                n_rec, skipped, MIN_LEFT);
        return 2;
    }
    printf("records: %d, %d without a winner (skipped)\n", n_rec, skipped);
    printf("playouts: %ld a position (%s", o.playouts, o.policy);
    if (o.capture > 0 && strcmp(o.policy, "bt") == 0)
        printf(", captures at least %g", o.capture);
    if (o.table && strcmp(o.policy, "bt") == 0)
        printf(", table %s", o.table);
    if (strcmp(o.policy, "bt") == 0)
        tool_policy_rates_print(stdout, &o.rates);
    printf("), seed %ld\n", o.seed);
    printf("positions: %d, brier %.4f, favoured side won %.3f\n", n, sum / n, (double)right / n);
    for (int k = 0; k < o.n_moves; k++)
        if (t.n[k])
            printf("after move %ld: %d positions, brier %.4f, favoured side won %.3f\n",
                   o.moves[k], t.n[k], t.sum[k] / t.n[k], (double)t.right[k] / t.n[k]);
    return 0;
}
