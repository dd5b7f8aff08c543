/* mg_main.c — hane-mapgen: run, table, stats, solve and speed (README, Command line). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/file_read.h"
#include "tools/common/cli_num.h"
#include "tools/mapgen/mg_batch.h"
#include "tools/mapgen/mg_run.h"
#include "tools/mapgen/mg_sokoban.h"
#include "tools/mapgen/mg_table.h"

static const char *USAGE =
    "usage:\n"
    "  hane-mapgen run   --problem binary|zelda|sokoban --rep narrow|turtle|wide\n"
    "                    --algo bfs|dfs|gbfs|mcts|hc|sa|es|ga [--runs N] [--time-limit S]\n"
    "                    [--eval-limit N] [--seed S] [--jobs J] [--targets code|paper]\n"
    "                    [--mcts-c 5] [--rollout L] [--ga-crossover paper|rect|as-run]\n"
    "                    [--gbfs-ties fifo|heapq] [--clock cpu|wall] [--memory MB]\n"
    "                    [--out results.json]\n"
    "                    [--maps DIR] [--png] [--quiet]\n"
    "  hane-mapgen table --in DIR [--csv FILE]\n"
    "  hane-mapgen stats --problem P [--ref REFMAP] [--targets code|paper] MAPFILE\n"
    "  hane-mapgen solve [--pops N] MAPFILE\n"
    "  hane-mapgen speed [--seconds S]\n"
    "  hane-mapgen near  --problem P [--runs N] [--seed S] [--targets code|paper]\n"
    "                    [--algo A --rep R]   # start maps one edit from playable\n"
    "Times are per-thread CPU seconds unless --clock wall.  Optimisers use the wide\n"
    "representation (--rep wide, the default for them).\n";

static int die(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "hane-mapgen: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    return 2;
}

/* A map file: a regular file of at most a megabyte (the largest problem's
 * maps are a few hundred bytes each), without NUL bytes. */
static char *read_file(const char *path, char *err, size_t errlen)
{
    char *buf;
    size_t len;
    if (file_read(path, 1u << 20, &buf, &len, err, errlen) != FILE_OK)
        return NULL;
    if (!file_check_text(buf, len, 0, path, err, errlen)) {
        free(buf);
        return NULL;
    }
    return buf;
}

static bool load_map(const mg_problem *p, const char *path, uint8_t *map)
{
    char err[300];
    char *text = read_file(path, err, sizeof err);
    if (!text) {
        fprintf(stderr, "hane-mapgen: %s\n", err);
        return false;
    }
    bool ok = mg_map_parse(p, text, map, err, sizeof err);
    if (!ok)
        fprintf(stderr, "hane-mapgen: %s:%s\n", path, err);
    free(text);
    return ok;
}

/* ---- run ---- */

static int cmd_run(int argc, char **argv)
{
    mg_config c;
    mg_config_default(&c);
    mg_batch_opts o = {NULL, NULL, false, stdout};
    bool have_p = false, have_a = false, have_r = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long ll;
        double d;
        if (!strcmp(a, "--png")) {
            o.png = true;
            continue;
        }
        if (!strcmp(a, "--quiet")) {
            o.log = NULL;
            continue;
        }
        if (!v)
            return die("%s: missing value%s", a, "");
        i++;
        if (!strcmp(a, "--problem")) {
            if (!(c.p = mg_problem_find(v)))
                return die("--problem: unknown problem '%s'%s (binary, zelda, sokoban)", v, "");
            have_p = true;
        } else if (!strcmp(a, "--rep")) {
            int r = mg_rep_find(v);
            if (r < 0)
                return die("--rep: unknown representation '%s'%s (narrow, turtle, wide)", v, "");
            c.rep = (mg_rep_id)r;
            have_r = true;
        } else if (!strcmp(a, "--algo")) {
            int r = mg_algo_find(v);
            if (r < 0)
                return die("--algo: unknown algorithm '%s'%s (bfs dfs gbfs mcts hc sa es ga)", v, "");
            c.algo = (mg_algo)r;
            have_a = true;
        } else if (!strcmp(a, "--runs")) {
            if (!cli_parse_long(v, 1, 1000000, &ll))
                return die("--runs: expected an integer in [1, 1000000], got '%s'%s", v, "");
            c.runs = (int)ll;
        } else if (!strcmp(a, "--time-limit")) {
            if (!cli_parse_real(v, 0, 1e6, &d))
                return die("--time-limit: expected seconds in [0, 1e6], got '%s'%s", v, "");
            c.time_limit = d;
        } else if (!strcmp(a, "--eval-limit")) {
            if (!cli_parse_long(v, 0, LONG_MAX, &ll))
                return die("--eval-limit: expected a non-negative integer, got '%s'%s", v, "");
            c.eval_limit = (uint64_t)ll;
        } else if (!strcmp(a, "--seed")) {
            if (!cli_parse_long(v, 0, LONG_MAX, &ll))
                return die("--seed: expected a non-negative integer, got '%s'%s", v, "");
            c.seed = (uint64_t)ll;
        } else if (!strcmp(a, "--jobs")) {
            if (!cli_parse_long(v, 1, 64, &ll))
                return die("--jobs: expected an integer in [1, 64], got '%s'%s", v, "");
            c.jobs = (int)ll;
        } else if (!strcmp(a, "--targets")) {
            if (strcmp(v, "code") && strcmp(v, "paper"))
                return die("--targets: expected code or paper, got '%s'%s", v, "");
            c.targets = strcmp(v, "paper") ? MG_TARGETS_CODE : MG_TARGETS_PAPER;
        } else if (!strcmp(a, "--mcts-c")) {
            if (!cli_parse_real(v, 0, 1e9, &d))
                return die("--mcts-c: expected a number >= 0, got '%s'%s", v, "");
            c.mcts_c = d;
        } else if (!strcmp(a, "--rollout")) {
            if (!cli_parse_long(v, 0, 1000000, &ll))
                return die("--rollout: expected an integer in [0, 1000000], got '%s'%s", v, "");
            c.rollout = (int)ll;
        } else if (!strcmp(a, "--ga-crossover")) {
            int x = mg_crossover_find(v);
            if (x < 0)
                return die("--ga-crossover: expected paper, rect or as-run, got '%s'%s", v, "");
            c.crossover = (mg_crossover)x;
        } else if (!strcmp(a, "--gbfs-ties")) {
            if (strcmp(v, "fifo") && strcmp(v, "heapq"))
                return die("--gbfs-ties: expected fifo or heapq, got '%s'%s", v, "");
            c.gbfs_heapq_ties = !strcmp(v, "heapq");
        } else if (!strcmp(a, "--clock")) {
            if (strcmp(v, "cpu") && strcmp(v, "wall"))
                return die("--clock: expected cpu or wall, got '%s'%s", v, "");
            c.cpu_clock = !strcmp(v, "cpu");
        } else if (!strcmp(a, "--memory")) {
            if (!cli_parse_long(v, 1, 1 << 20, &ll))
                return die("--memory: expected megabytes in [1, 1048576], got '%s'%s", v, "");
            c.memory = (size_t)ll << 20;
        } else if (!strcmp(a, "--out")) {
            o.out_path = v;
        } else if (!strcmp(a, "--maps")) {
            o.maps_dir = v;
        } else {
            return die("run: unknown option '%s'%s", a, "");
        }
    }
    if (!have_p || !have_a)
        return die("run: --problem and --algo are required%s%s", "", "");
    if (!mg_algo_is_tree(c.algo)) {
        if (have_r && c.rep != MG_WIDE)
            return die("run: optimisers use the wide representation, not '%s'%s",
                       mg_rep_name(c.rep), "");
        c.rep = MG_WIDE;
    } else if (!have_r) {
        return die("run: --rep is required for tree searches%s%s", "", "");
    }
    if (c.time_limit == 0 && c.eval_limit == 0)
        return die("run: give a --time-limit or an --eval-limit%s%s", "", "");
    if (o.log)
        fprintf(o.log, "config %s %s %s: %d runs, time limit %g s (%s), eval limit %llu, "
                       "seed %llu, targets %s%s%s\n",
                c.p->name, mg_rep_name(c.rep), mg_algo_name(c.algo), c.runs, c.time_limit,
                c.cpu_clock ? "cpu" : "wall", (unsigned long long)c.eval_limit,
                (unsigned long long)c.seed, c.targets == MG_TARGETS_PAPER ? "paper" : "code",
                c.algo == MG_GA ? ", crossover " : "",
                c.algo == MG_GA ? mg_crossover_name(c.crossover) : "");
    return mg_batch_run(&c, &o);
}

/* ---- stats ---- */

static void print_stats(const mg_problem *p, const mg_stats *s)
{
    for (int k = 0; k < p->nstats; k++)
        printf("%s%s %d", k ? ", " : "", p->terms[k].name, s->v[k]);
    printf("\n");
}

static int cmd_stats(int argc, char **argv)
{
    const mg_problem *p = NULL;
    const char *ref_path = NULL, *path = NULL;
    mg_targets t = MG_TARGETS_CODE;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--problem") && i + 1 < argc) {
            if (!(p = mg_problem_find(argv[++i])))
                return die("--problem: unknown problem '%s'%s", argv[i], "");
        } else if (!strcmp(argv[i], "--ref") && i + 1 < argc) {
            ref_path = argv[++i];
        } else if (!strcmp(argv[i], "--targets") && i + 1 < argc) {
            i++;
            if (strcmp(argv[i], "code") && strcmp(argv[i], "paper"))
                return die("--targets: expected code or paper, got '%s'%s", argv[i], "");
            t = strcmp(argv[i], "paper") ? MG_TARGETS_CODE : MG_TARGETS_PAPER;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return die("stats: unknown option or missing value '%s'%s", argv[i], "");
        } else if (!path) {
            path = argv[i];
        } else {
            return die("stats: one MAPFILE only ('%s'%s)", argv[i], "");
        }
    }
    if (!p || !path)
        return die("stats: --problem and MAPFILE are required%s%s", "", "");
    uint8_t map[MG_MAX_CELLS], ref[MG_MAX_CELLS];
    if (!load_map(p, path, map) || (ref_path && !load_map(p, ref_path, ref)))
        return 1;
    mg_stats s, rs;
    mg_stats_compute(p, map, &s);
    if (ref_path)
        mg_stats_compute(p, ref, &rs);
    else
        rs = s;
    printf("stats: ");
    print_stats(p, &s);
    if (ref_path) {
        printf("ref:   ");
        print_stats(p, &rs);
    }
    printf("heuristic vs %s: %g\n", ref_path ? "ref" : "itself", mg_heuristic(p, &s, &rs));
    printf("goal (%s targets): %s\n", t == MG_TARGETS_PAPER ? "paper" : "code",
           mg_goal(p, t, &s, &rs) ? "true" : "false");
    return 0;
}

/* ---- solve ---- */

static int cmd_solve(int argc, char **argv)
{
    const char *path = NULL;
    long pops = 5000;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--pops") && i + 1 < argc) {
            if (!cli_parse_long(argv[++i], 1, 10000000, &pops))
                return die("--pops: expected an integer in [1, 1e7], got '%s'%s", argv[i], "");
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return die("solve: unknown option or missing value '%s'%s", argv[i], "");
        } else if (!path) {
            path = argv[i];
        } else {
            return die("solve: one MAPFILE only ('%s'%s)", argv[i], "");
        }
    }
    if (!path)
        return die("solve: MAPFILE is required%s%s", "", "");
    char err[300];
    char *text = read_file(path, err, sizeof err);
    if (!text)
        return die("%s%s", err, "");
    /* any size up to 14×14 without border: measure it, then parse with the legend */
    int w = 0, h = 0;
    for (char *s = text; *s;) {
        char *e = strchr(s, '\n');
        int len = (int)(e ? e - s : (long)strlen(s));
        while (len > 0 && (s[len - 1] == '\r' || s[len - 1] == ' '))
            len--;
        if (len > 0 && s[0] != ';') {
            h++;
            if (len > w)
                w = len;
        }
        s = e ? e + 1 : s + strlen(s);
    }
    if (w < 1 || h < 1 || w > MG_MAX_W || h > MG_MAX_H) {
        free(text);
        return die("%s: a Sokoban map of 1x1 to 14x14 tiles (no border) is expected%s", path,
                   "");
    }
    mg_problem q = *mg_problem_get(MG_SOKOBAN);
    q.w = w;
    q.h = h;
    uint8_t map[MG_MAX_CELLS];
    bool ok = mg_map_parse(&q, text, map, err, sizeof err);
    free(text);
    if (!ok)
        return die("%s:%s", path, err);
    mg_soko_level lv;
    if (!mg_soko_level_from_map(&lv, map, w, h))
        return die("%s: the level needs exactly one player '@' and at most 32 crates%s", path,
                   "");
    mg_soko_ws *ws = mg_soko_ws_new();
    mg_soko_result r;
    mg_soko_solve(&lv, (long)pops, ws, &r);
    mg_soko_ws_free(ws);
    static const char *stage[4] = {"BFS", "A* beta=1", "A* beta=0.5", "A* beta=0"};
    if (r.solved) {
        printf("%s\n", r.moves);
        fprintf(stderr, "solved by %s: %d moves, %ld pops (%ld in all)\n", stage[r.stage],
                r.length, r.pops, r.pops_total);
        return 0;
    }
    printf("\n");
    fprintf(stderr, "not solved in %ld pops per search; dist-win %d\n", pops, r.dist_win);
    return 1;
}

/* ---- speed ---- */

static int cmd_speed(int argc, char **argv)
{
    double secs = 2;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--seconds") && i + 1 < argc) {
            if (!cli_parse_real(argv[++i], 0.1, 3600, &secs))
                return die("--seconds: expected a number in [0.1, 3600], got '%s'%s", argv[i], "");
        } else {
            return die("speed: unknown option '%s'%s", argv[i], "");
        }
    }
    printf("heuristic evaluations (stats computations) per CPU second, one thread\n");
    printf("%-8s %14s %14s %14s\n", "problem", "random maps", "GBFS narrow", "SA wide");
    for (int pi = 0; pi < MG_NPROBLEMS; pi++) {
        const mg_problem *p = mg_problem_get((mg_problem_id)pi);
        struct rng rng;
        rng_seed(&rng, 42);
        static uint8_t maps[256][MG_MAX_CELLS];
        for (int i = 0; i < 256; i++)
            mg_random_map(p, &rng, maps[i]);
        mg_soko_ws *ws = mg_soko_ws_new();
        mg_stats s;
        long n = 0;
        double t0 = plan_clock(true), t;
        do {
            for (int i = 0; i < 256; i++, n++)
                mg_stats_compute_ws(p, maps[i], &s, ws);
            t = plan_clock(true) - t0;
        } while (t < secs / 3);
        mg_soko_ws_free(ws);
        double rate[3] = {n / t, 0, 0};
        for (int k = 0; k < 2; k++) {
            mg_config c;
            mg_config_default(&c);
            c.p = p;
            c.algo = k ? MG_SA : MG_GBFS;
            c.rep = k ? MG_WIDE : MG_NARROW;
            c.time_limit = secs / 3;
            double ev = 0, tt = 0;
            for (int run = 0; tt < secs / 3; run++) {
                mg_outcome o;
                mg_run_one(&c, run, &o);
                ev += (double)o.evals;
                tt += o.time;
            }
            rate[k + 1] = ev / tt;
        }
        printf("%-8s %14.0f %14.0f %14.0f\n", p->name, rate[0], rate[1], rate[2]);
    }
    return 0;
}

/* ---- near: how many start maps are playable, or one tile edit from it ---- */

static int cmd_near(int argc, char **argv)
{
    mg_config c;
    mg_config_default(&c);
    c.algo = MG_BFS;
    c.rep = MG_WIDE;
    c.runs = 1000;
    const char *prob = NULL;
    for (int i = 0; i < argc; i++) {
        long v;
        if (i + 1 >= argc)
            return die("near: unknown option or missing value '%s'%s", argv[i], "");
        const char *opt = argv[i], *val = argv[++i];
        if (!strcmp(opt, "--problem")) {
            prob = val;
        } else if (!strcmp(opt, "--runs")) {
            if (!cli_parse_long(val, 1, 10000000, &v))
                return die("--runs: expected 1..10000000, got '%s'%s", val, "");
            c.runs = (int)v;
        } else if (!strcmp(opt, "--seed")) {
            if (!cli_parse_long(val, 0, LONG_MAX, &v))
                return die("--seed: expected a non-negative integer, got '%s'%s", val, "");
            c.seed = (uint64_t)v;
        } else if (!strcmp(opt, "--targets")) {
            if (strcmp(val, "code") && strcmp(val, "paper"))
                return die("--targets: expected code or paper, got '%s'%s", val, "");
            c.targets = strcmp(val, "paper") ? MG_TARGETS_CODE : MG_TARGETS_PAPER;
        } else if (!strcmp(opt, "--algo")) {
            int a = mg_algo_find(val);
            if (a < 0)
                return die("--algo: unknown algorithm '%s'%s", val, "");
            c.algo = (mg_algo)a;
        } else if (!strcmp(opt, "--rep")) {
            int r = mg_rep_find(val);
            if (r < 0)
                return die("--rep: unknown representation '%s'%s", val, "");
            c.rep = (mg_rep_id)r;
        } else {
            return die("near: unknown option '%s'%s", opt, "");
        }
    }
    if (!prob || !(c.p = mg_problem_find(prob)))
        return die("near: --problem binary|zelda|sokoban is required (got '%s')%s",
                   prob ? prob : "", "");
    int ci = mg_config_index(&c);
    if (ci < 0)
        return die("near: optimisers use --rep wide%s%s", "", "");
    /* the start map of run r of that configuration: its generator's first draws */
    mg_soko_ws *ws = mg_soko_ws_new();
    if (!ws)
        return die("near: out of memory%s%s", "", "");
    long count[3] = {0, 0, 0};
    for (int r = 0; r < c.runs; r++) {
        struct rng rng;
        mg_run_rng(&rng, &c, r);
        uint8_t map[MG_MAX_CELLS];
        mg_random_map(c.p, &rng, map);
        int k = mg_edits_to_goal(c.p, c.targets, map, ws);
        count[k]++;
        if (k < 2)
            printf("run %d: %s\n", r, k ? "one edit from a goal" : "a goal");
    }
    mg_soko_ws_free(ws);
    printf("%s %s-%s seed %llu, %d start maps: goal %ld (%.2f%%), one edit from a goal %ld "
           "(%.2f%%), together %.2f%%\n",
           c.p->name, mg_algo_name(c.algo), mg_rep_name(c.rep), (unsigned long long)c.seed,
           c.runs, count[0], 100.0 * count[0] / c.runs, count[1], 100.0 * count[1] / c.runs,
           100.0 * (count[0] + count[1]) / c.runs);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(USAGE, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "run"))
        return cmd_run(argc - 2, argv + 2);
    if (!strcmp(cmd, "stats"))
        return cmd_stats(argc - 2, argv + 2);
    if (!strcmp(cmd, "solve"))
        return cmd_solve(argc - 2, argv + 2);
    if (!strcmp(cmd, "speed"))
        return cmd_speed(argc - 2, argv + 2);
    if (!strcmp(cmd, "near"))
        return cmd_near(argc - 2, argv + 2);
    if (!strcmp(cmd, "table")) {
        const char *in = NULL, *csv = NULL;
        for (int i = 2; i < argc; i++) {
            if (!strcmp(argv[i], "--in") && i + 1 < argc)
                in = argv[++i];
            else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
                csv = argv[++i];
            else
                return die("table: unknown option or missing value '%s'%s", argv[i], "");
        }
        if (!in)
            return die("table: --in DIR is required%s%s", "", "");
        return mg_table(in, csv, stdout);
    }
    fprintf(stderr, "hane-mapgen: unknown command '%s'\n%s", cmd, USAGE);
    return 2;
}
