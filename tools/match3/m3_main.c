/* hane-match3: command line of the Match-3 playtesting port (README, Commands).
 *
 *   hane-match3 play   --agent random|vanilla|formula [--formula EXPR] [--seed S | --board FILE]
 *                      [--moves 20] [--iters 250] [--goal 3294.3275]
 *                      [--show] [--json]
 *   hane-match3 evolve --persona MaxS|MinS|MaxM|MinM [--pop 100] [--gens 100] [--games 50]
 *                      [--iters 250] [--seed S] [--jobs J] [--goal-update paper|off]
 *                      [--with-minus] [--quick] --out DIR
 *   hane-match3 table2 --from DIR [--boards B1,B2,B3] [--iters 250] [--json]
 *   hane-match3 expr   simplify|eval|equiv EXPR [EXPR] [--vars W=..,n=..,N=..,M=..]
 *   hane-match3 board  --seed S [--feed 60] --out FILE
 *   hane-match3 baseline [--seeds 100] [--first 1] [--iters 250] [--jobs 1]   (targets G1, G6)
 */
#include <float.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/common/cli_num.h"
#include "tools/common/parallel.h"
#include "tools/match3/m3_agent.h"
#include "tools/match3/m3_board.h"
#include "tools/match3/m3_evolve.h"
#include "tools/match3/m3_expr.h"
#include "tools/match3/m3_gp.h"

static const char *usage_text =
    "usage:\n"
    "  hane-match3 play   --agent random|vanilla|formula [--formula EXPR] [--seed S | --board FILE]\n"
    "                     [--moves 20] [--iters 250] [--goal 3294.3275] [--agent-seed K]\n"
    "                     [--show] [--json]\n"
    "  hane-match3 evolve --persona MaxS|MinS|MaxM|MinM [--pop 100] [--gens 100] [--games 50]\n"
    "                     [--iters 250] [--seed S] [--jobs J] [--goal-update paper|off]\n"
    "                     [--with-minus] [--quick] [--quiet] --out DIR\n"
    "  hane-match3 table2 --from DIR [--boards FILE,FILE,...] [--iters 250] [--json]\n"
    "  hane-match3 expr   simplify|eval|equiv EXPR [EXPR] [--vars W=..,n=..,N=..,M=..]\n"
    "  hane-match3 board  --seed S [--feed 60] --out FILE\n"
    "  hane-match3 baseline [--seeds 100] [--first 1] [--iters 250] [--jobs 1]\n";

static int fail(const char *fmt, const char *a)
{
    fprintf(stderr, "hane-match3: ");
    fprintf(stderr, fmt, a);
    fprintf(stderr, "\n");
    return 2;
}

/* The option's number through tools/common/cli_num.h, or -1 with a message. */
static int parse_long(const char *opt, const char *s, long lo, long hi, long *out)
{
    if (cli_parse_long(s, lo, hi, out))
        return 0;
    fprintf(stderr, "hane-match3: %s expects an integer in [%ld, %ld], got \"%s\"\n", opt, lo, hi, s);
    return -1;
}

static int parse_u64(const char *opt, const char *s, uint64_t *out)
{
    if (cli_parse_u64(s, 0, UINT64_MAX, out))
        return 0;
    fprintf(stderr, "hane-match3: %s expects an unsigned 64-bit integer, got \"%s\"\n", opt, s);
    return -1;
}

static int parse_double(const char *opt, const char *s, double *out)
{
    if (cli_parse_real(s, -DBL_MAX, DBL_MAX, out))
        return 0;
    fprintf(stderr, "hane-match3: %s expects a finite number, got \"%s\"\n", opt, s);
    return -1;
}

/* The value of option argv[*i] (advancing *i), or NULL with a message. */
static const char *optval(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "hane-match3: %s needs a value\n", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

/* ---- play ---- */

typedef struct {
    int show;
    json_t *moves;
} play_out;

static void play_cb(void *ud, int t, const m3_board *before, m3_move mv, const m3_move_report *rep,
                    const m3_board *after)
{
    play_out *po = ud;
    char ms[32];
    m3_move_string(mv, ms, sizeof ms);
    if (po->show) {
        char pic[1024];
        m3_board_picture(before, &mv, pic, sizeof pic);
        printf("move %d: swap %s (%d legal moves)\n%s", t, ms, m3_count_moves(before), pic);
        for (int s = 0; s < rep->steps; s++) {
            printf("  cascade k=%d groups [", s + 1);
            for (int g = 0; g < rep->groups[s]; g++)
                printf("%s%d", g ? "," : "", rep->size[s][g]);
            printf("] points %d\n", rep->points[s]);
        }
        printf("  available moves %d%s, score %d\n\n", rep->available,
               rep->regenerated ? " (board regenerated)" : "", after->score);
    }
    if (po->moves) {
        json_t *steps = json_array();
        for (int s = 0; s < rep->steps; s++) {
            json_t *g = json_array();
            for (int k = 0; k < rep->groups[s]; k++)
                json_array_append_new(g, json_integer(rep->size[s][k]));
            json_array_append_new(steps, json_pack("{s:i, s:o, s:i}", "k", s + 1, "groups", g,
                                                   "points", rep->points[s]));
        }
        json_t *m = json_pack("{s:i, s:[[i,i],[i,i]], s:i, s:o, s:i, s:b}", "t", t, "move",
                              mv.a / M3_SIZE, mv.a % M3_SIZE, mv.b / M3_SIZE, mv.b % M3_SIZE,
                              "available", rep->available, "steps", steps, "score", after->score,
                              "regenerated", rep->regenerated);
        json_array_append_new(po->moves, m);
    }
}

static int cmd_play(int argc, char **argv)
{
    const char *agent = NULL, *formula = NULL, *board = NULL;
    uint64_t seed = 1, agent_seed = 0;
    long moves = M3_GAME_MOVES, iters = M3_DEFAULT_ITERS;
    double goal = M3_DEFAULT_GOAL;
    int show = 0, json = 0, have_seed = 0;
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i], *v;
        if (!strcmp(o, "--show")) { show = 1; continue; }
        if (!strcmp(o, "--json")) { json = 1; continue; }
        if (strncmp(o, "--", 2) != 0)
            return fail("play: unexpected argument \"%s\"", o);
        if (!(v = optval(argc, argv, &i)))
            return 2;
        if (!strcmp(o, "--agent")) agent = v;
        else if (!strcmp(o, "--formula")) formula = v;
        else if (!strcmp(o, "--board")) board = v;
        else if (!strcmp(o, "--seed")) { if (parse_u64(o, v, &seed)) return 2; have_seed = 1; }
        else if (!strcmp(o, "--agent-seed")) { if (parse_u64(o, v, &agent_seed)) return 2; }
        else if (!strcmp(o, "--moves")) { if (parse_long(o, v, 1, 1000, &moves)) return 2; }
        else if (!strcmp(o, "--iters")) { if (parse_long(o, v, 1, 10000000, &iters)) return 2; }
        else if (!strcmp(o, "--goal")) { if (parse_double(o, v, &goal)) return 2; }
        else return fail("play: unknown option %s", o);
    }
    if (!agent)
        return fail("play: --agent random|vanilla|formula is required%s", "");
    m3_agent_kind kind;
    if (!strcmp(agent, "random")) kind = M3_AGENT_RANDOM;
    else if (!strcmp(agent, "vanilla")) kind = M3_AGENT_VANILLA;
    else if (!strcmp(agent, "formula")) kind = M3_AGENT_FORMULA;
    else return fail("play: unknown agent \"%s\" (random, vanilla or formula)", agent);
    if (kind == M3_AGENT_FORMULA && !formula)
        return fail("play: --agent formula needs --formula EXPR%s", "");
    if (board && have_seed)
        return fail("play: give --seed or --board, not both%s", "");
    m3_expr *e = NULL;
    if (formula) {
        char err[256];
        e = m3_expr_parse(formula, err, sizeof err);
        if (!e) {
            fprintf(stderr, "hane-match3: --formula: %s\n", err);
            return 2;
        }
    }
    m3_source src;
    m3_board b;
    if (board) {
        char err[512];
        if (m3_board_load(board, &src, &b, err, sizeof err) != 0) {
            fprintf(stderr, "hane-match3: %s\n", err);
            m3_expr_free(e);
            return 2;
        }
        b.src = &src;
    } else {
        m3_source_from_seed(&src, seed);
        m3_board_init(&b, &src);
    }
    m3_agent a;
    m3_agent_init(&a, kind, e);
    a.iters = (int)iters;
    a.goal = goal;
    a.game_moves = (int)moves;
    struct rng rng;
    m3_agent_rng(&rng, src.seed, (uint32_t)agent_seed);
    play_out po = {show, json ? json_array() : NULL};
    if (show) {
        char s[64];
        m3_board_string(&b, s, sizeof s);
        printf("game seed %llu, agent %s, %ld moves, goal %.4f\nstart %s\n\n",
               (unsigned long long)src.seed, agent, moves, goal, s);
    }
    m3_game_result r = m3_play_game(&a, &b, &rng, play_cb, &po);
    if (show)
        printf("final score %d, mean available moves %.2f, regenerations %d\n", r.score,
               r.mean_available, r.regenerations);
    if (json) {
        /* a seed above INT64_MAX is written as a decimal string (JSON readers hold int64) */
        char num[24];
        snprintf(num, sizeof num, "%llu", (unsigned long long)src.seed);
        json_t *seed_j = src.seed <= (uint64_t)INT64_MAX ? json_integer((json_int_t)src.seed)
                                                        : json_string(num);
        json_t *doc = json_pack("{s:o, s:s, s:o, s:i, s:f}", "seed", seed_j,
                                "agent", agent, "moves", po.moves, "final_score", r.score,
                                "mean_available", r.mean_available);
        if (e) {
            char *fs = m3_expr_string(e);
            json_object_set_new(doc, "formula", json_string(fs));
            free(fs);
        }
        if (board)
            json_object_set_new(doc, "board", json_string(board));
        char *text = json_dumps(doc, JSON_COMPACT);
        printf("%s\n", text);
        free(text);
        json_decref(doc);
    } else if (!show) {
        printf("score %d mean_available %.2f\n", r.score, r.mean_available);
    }
    m3_expr_free(e);
    return 0;
}

/* ---- evolve ---- */

static int cmd_evolve(int argc, char **argv)
{
    m3_evolve_config c;
    m3_evolve_defaults(&c);
    int have_persona = 0;
    long v64;
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i], *v;
        if (!strcmp(o, "--with-minus")) { c.with_minus = 1; continue; }
        if (!strcmp(o, "--quiet")) { c.quiet = 1; continue; }
        if (!strcmp(o, "--quick")) { c.pop = 10; c.gens = 4; c.games = 4; c.iters = 100; continue; }
        if (strncmp(o, "--", 2) != 0)
            return fail("evolve: unexpected argument \"%s\"", o);
        if (!(v = optval(argc, argv, &i)))
            return 2;
        if (!strcmp(o, "--persona")) {
            int p = m3_persona_parse(v);
            if (p < 0)
                return fail("evolve: unknown persona \"%s\" (MaxS, MinS, MaxM, MinM)", v);
            c.persona = (m3_persona)p;
            have_persona = 1;
        } else if (!strcmp(o, "--pop")) {
            if (parse_long(o, v, 4, 10000, &v64)) return 2;
            c.pop = (int)v64;
        } else if (!strcmp(o, "--gens")) {
            if (parse_long(o, v, 1, 100000, &v64)) return 2;
            c.gens = (int)v64;
        } else if (!strcmp(o, "--games")) {
            if (parse_long(o, v, 1, 100000, &v64)) return 2;
            c.games = (int)v64;
        } else if (!strcmp(o, "--iters")) {
            if (parse_long(o, v, 1, 1000000, &v64)) return 2;
            c.iters = (int)v64;
        } else if (!strcmp(o, "--jobs")) {
            if (parse_long(o, v, 1, 256, &v64)) return 2;
            c.jobs = (int)v64;
        } else if (!strcmp(o, "--seed")) {
            if (parse_u64(o, v, &c.seed)) return 2;
        } else if (!strcmp(o, "--goal")) {
            if (parse_double(o, v, &c.goal)) return 2;
        } else if (!strcmp(o, "--goal-update")) {
            if (!strcmp(v, "paper")) c.goal_update_paper = 1;
            else if (!strcmp(v, "off")) c.goal_update_paper = 0;
            else return fail("evolve: --goal-update is paper or off, got \"%s\"", v);
        } else if (!strcmp(o, "--out")) {
            c.out = v;
        } else {
            return fail("evolve: unknown option %s", o);
        }
    }
    if (!have_persona)
        return fail("evolve: --persona MaxS|MinS|MaxM|MinM is required%s", "");
    if (!c.out)
        return fail("evolve: --out DIR is required%s", "");
    return m3_evolve_run(&c) == 0 ? 0 : 1;
}

/* ---- table2 ---- */

static int cmd_table2(int argc, char **argv)
{
    const char *from = NULL;
    static char boards_buf[4096];
    const char *boards[8] = {"data/match3/board1.txt", "data/match3/board2.txt",
                             "data/match3/board3.txt"};
    int nboards = 3;
    long iters = M3_DEFAULT_ITERS;
    int json = 0;
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i], *v;
        if (!strcmp(o, "--json")) {
            json = 1;
            continue;
        }
        if (!(v = optval(argc, argv, &i)))
            return 2;
        if (!strcmp(o, "--from")) {
            from = v;
        } else if (!strcmp(o, "--iters")) {
            if (parse_long(o, v, 1, 1000000, &iters)) return 2;
        } else if (!strcmp(o, "--boards")) {
            snprintf(boards_buf, sizeof boards_buf, "%s", v);
            nboards = 0;
            for (char *s = strtok(boards_buf, ","); s; s = strtok(NULL, ",")) {
                if (nboards == 8)
                    return fail("table2: at most 8 boards%s", "");
                boards[nboards++] = s;
            }
            if (!nboards)
                return fail("table2: --boards needs at least one file%s", "");
        } else {
            return fail("table2: unknown option %s", o);
        }
    }
    if (!from)
        return fail("table2: --from DIR is required%s", "");
    return m3_table2(from, boards, nboards, (int)iters, json) == 0 ? 0 : 1;
}

/* ---- expr ---- */

static int parse_vars(const char *s, double *vars)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        char *eq = strchr(tok, '=');
        if (!eq || eq - tok != 1 || !strchr("WnNM", tok[0])) {
            fprintf(stderr, "hane-match3: --vars: expected NAME=VALUE with NAME one of W, n, N, "
                            "M, got \"%s\"\n", tok);
            return -1;
        }
        int k = tok[0] == 'W' ? M3_W : tok[0] == 'n' ? M3_n : tok[0] == 'N' ? M3_N : M3_M;
        if (parse_double("--vars", eq + 1, &vars[k]))
            return -1;
    }
    return 0;
}

static void print_value(double v)
{
    if (isinf(v))
        printf("%s\n", v > 0 ? "+inf" : "-inf");
    else
        printf("%.10g\n", v);
}

static int cmd_expr(int argc, char **argv)
{
    const char *sub = argc > 2 ? argv[2] : NULL;
    const char *ex[2] = {NULL, NULL};
    int nex = 0;
    double vars[M3_NVARS] = {1, 1, 1, 1};
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--vars")) {
            const char *v = optval(argc, argv, &i);
            if (!v || parse_vars(v, vars))
                return 2;
        } else if (nex < 2) {
            ex[nex++] = argv[i];
        } else {
            return fail("expr: unexpected argument \"%s\"", argv[i]);
        }
    }
    if (!sub || (strcmp(sub, "simplify") && strcmp(sub, "eval") && strcmp(sub, "equiv")))
        return fail("expr: expected simplify, eval or equiv%s", "");
    int need = strcmp(sub, "equiv") ? 1 : 2;
    if (nex != need)
        return fail("expr: %s takes the formula(s) as argument(s)", sub);
    m3_expr *e[2] = {NULL, NULL};
    for (int k = 0; k < nex; k++) {
        char err[256];
        e[k] = m3_expr_parse(ex[k], err, sizeof err);
        if (!e[k]) {
            fprintf(stderr, "hane-match3: formula %d: %s\n", k + 1, err);
            m3_expr_free(e[0]);
            return 2;
        }
    }
    int rc = 0;
    if (!strcmp(sub, "simplify")) {
        int ok = m3_gp_normalise(&e[0]);
        char *s = m3_expr_string(e[0]);
        printf("%s\n", s);
        if (!ok)
            printf("rejected: %s\n", m3_expr_is_terminal(e[0])
                   ? "the root is a terminal (a bare variable or constant)"
                   : "taller than the height cap");
        free(s);
        rc = ok ? 0 : 1;
    } else if (!strcmp(sub, "eval")) {
        print_value(m3_expr_eval(e[0], vars));
    } else {
        int eq = m3_expr_equiv(e[0], e[1]);
        printf("%s\n", eq ? "equivalent" : "different");
        rc = eq ? 0 : 1;
    }
    m3_expr_free(e[0]);
    m3_expr_free(e[1]);
    return rc;
}

/* ---- baseline: Vanilla MCTS against Random over many seeds (targets G1, G6) ---- */

typedef struct {
    uint64_t first;
    int iters;
    m3_game_result *res;          /* [2 * seeds]: vanilla then random */
    int seeds;
} baseline_ctx;

static void baseline_task(void *arg, int i)
{
    baseline_ctx *c = arg;
    int k = i / c->seeds;
    uint64_t seed = c->first + (uint64_t)(i % c->seeds);
    m3_agent a;
    m3_agent_init(&a, k == 0 ? M3_AGENT_VANILLA : M3_AGENT_RANDOM, NULL);
    a.iters = c->iters;
    m3_source src;
    m3_source_from_seed(&src, seed);
    m3_board b;
    m3_board_init(&b, &src);
    struct rng rng;
    m3_agent_rng(&rng, seed, k == 0 ? M3_INDEX_VANILLA : M3_INDEX_RANDOM);
    c->res[i] = m3_play_game(&a, &b, &rng, NULL, NULL);
}

static int cmd_baseline(int argc, char **argv)
{
    long seeds = 100, iters = M3_DEFAULT_ITERS, jobs = 1;
    uint64_t first = 1;
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i], *v;
        if (!(v = optval(argc, argv, &i)))
            return 2;
        if (!strcmp(o, "--seeds")) { if (parse_long(o, v, 1, 1000000, &seeds)) return 2; }
        else if (!strcmp(o, "--first")) { if (parse_u64(o, v, &first)) return 2; }
        else if (!strcmp(o, "--iters")) { if (parse_long(o, v, 1, 1000000, &iters)) return 2; }
        else if (!strcmp(o, "--jobs")) { if (parse_long(o, v, 1, 256, &jobs)) return 2; }
        else return fail("baseline: unknown option %s", o);
    }
    baseline_ctx c = {first, (int)iters, calloc((size_t)(2 * seeds), sizeof(m3_game_result)),
                      (int)seeds};
    if (!c.res)
        return fail("out of memory%s", "");
    parallel_for((int)(2 * seeds), (int)jobs, baseline_task, &c);
    json_t *doc = json_pack("{s:I, s:I, s:i}", "first_seed", (json_int_t)first, "seeds",
                            (json_int_t)seeds, "iters", (int)iters);
    double mean[2];
    for (int k = 0; k < 2; k++) {
        double sum = 0, sq = 0, mv = 0;
        int lo = 1 << 30, hi = 0;
        for (int j = 0; j < seeds; j++) {
            const m3_game_result *r = &c.res[k * seeds + j];
            sum += r->score;
            sq += (double)r->score * r->score;
            mv += r->mean_available;
            lo = r->score < lo ? r->score : lo;
            hi = r->score > hi ? r->score : hi;
        }
        mean[k] = sum / seeds;
        double sd = seeds > 1 ? sqrt((sq - sum * sum / seeds) / (seeds - 1)) : 0;
        json_object_set_new(doc, k == 0 ? "vanilla" : "random",
                            json_pack("{s:f, s:f, s:i, s:i, s:f}", "mean", mean[k], "sd", sd,
                                      "min", lo, "max", hi, "mean_available", mv / seeds));
    }
    json_object_set_new(doc, "vanilla_over_random", json_real(mean[0] / mean[1]));
    char *text = json_dumps(doc, JSON_INDENT(2));
    printf("%s\n", text);
    free(text);
    json_decref(doc);
    free(c.res);
    return 0;
}

/* ---- board ---- */

static int cmd_board(int argc, char **argv)
{
    uint64_t seed = 0;
    long feed = 60;
    const char *out = NULL;
    int have_seed = 0;
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i], *v;
        if (!(v = optval(argc, argv, &i)))
            return 2;
        if (!strcmp(o, "--seed")) { if (parse_u64(o, v, &seed)) return 2; have_seed = 1; }
        else if (!strcmp(o, "--feed")) { if (parse_long(o, v, 0, M3_FEED_TABLE, &feed)) return 2; }
        else if (!strcmp(o, "--out")) out = v;
        else return fail("board: unknown option %s", o);
    }
    if (!have_seed || !out)
        return fail("board: --seed S and --out FILE are required%s", "");
    char err[512];
    if (m3_board_save_seed(out, seed, (int)feed, err, sizeof err) != 0) {
        fprintf(stderr, "hane-match3: %s\n", err);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "play")) return cmd_play(argc, argv);
    if (!strcmp(argv[1], "evolve")) return cmd_evolve(argc, argv);
    if (!strcmp(argv[1], "table2")) return cmd_table2(argc, argv);
    if (!strcmp(argv[1], "expr")) return cmd_expr(argc, argv);
    if (!strcmp(argv[1], "board")) return cmd_board(argc, argv);
    if (!strcmp(argv[1], "baseline")) return cmd_baseline(argc, argv);
    fprintf(stderr, "hane-match3: unknown command \"%s\"\n%s", argv[1], usage_text);
    return 2;
}
