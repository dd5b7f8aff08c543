/* m3_evolve: evolution of a persona, baselines, logs, resumption, Table II. */
#include "tools/match3/m3_evolve.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/board/file_read.h"
#include "tools/common/names.h"
#include "tools/common/parallel.h"
#include "tools/match3/m3_gp.h"

/* vsnprintf wrappers: paths and messages are cut at the buffer's end (PATH_MAX-sized
 * buffers; a longer --out fails later with a clear "cannot write" message). */
static void fmt_into(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fmt_into(char *out, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, len, fmt, ap);
    va_end(ap);
}

static const char *persona_names[M3_NPERSONAS] = {"MaxS", "MinS", "MaxM", "MinM"};

const char *m3_persona_name(m3_persona p)
{
    return p < M3_NPERSONAS ? persona_names[p] : "?";
}

int m3_persona_parse(const char *name)
{
    return names_find(persona_names, M3_NPERSONAS, name);
}

static int persona_is_score(m3_persona p)
{
    return p == M3_MAXS || p == M3_MINS;
}

static int persona_is_min(m3_persona p)
{
    return p == M3_MINS || p == M3_MINM;
}

double m3_persona_fitness(m3_persona p, const m3_game_result *g)
{
    switch (p) {
    case M3_MAXS: return g->score;
    case M3_MINS: return -g->score;
    case M3_MAXM: return g->mean_available;
    default: return -g->mean_available;
    }
}

void m3_evolve_defaults(m3_evolve_config *c)
{
    memset(c, 0, sizeof *c);
    c->persona = M3_MAXS;
    c->pop = 100;
    c->gens = 100;
    c->games = 50;
    c->iters = M3_DEFAULT_ITERS;
    c->jobs = 1;
    c->seed = 1;
    c->goal_update_paper = 1;
    c->goal = M3_DEFAULT_GOAL;
}

uint64_t m3_generation_seed(uint64_t master, int gen)
{
    return m3_stream_at(rng_derive(master, 0x47454EULL /* "GEN" */), (uint64_t)gen);
}

uint64_t m3_game_seed(uint64_t gen_seed, int game)
{
    return m3_stream_at(rng_derive(gen_seed, 0x47414D45ULL /* "GAME" */), (uint64_t)game);
}

/* ---- evaluation of a generation ---- */

typedef struct {
    const m3_evolve_config *c;
    const m3_indiv *pop;
    int npop;
    const uint64_t *seeds;
    double goal;
    m3_game_result *res;       /* [(npop + 2) * games] */
} eval_ctx;

static void eval_task(void *arg, int i)
{
    eval_ctx *e = arg;
    int who = i / e->c->games, game = i % e->c->games;
    m3_agent a;
    uint32_t index;
    if (who < e->npop) {
        m3_agent_init(&a, M3_AGENT_FORMULA, e->pop[who].expr);
        index = (uint32_t)who;
    } else if (who == e->npop) {
        m3_agent_init(&a, M3_AGENT_VANILLA, NULL);
        index = M3_INDEX_VANILLA;
    } else {
        m3_agent_init(&a, M3_AGENT_RANDOM, NULL);
        index = M3_INDEX_RANDOM;
    }
    a.iters = e->c->iters;
    a.goal = e->goal;
    m3_source src;
    m3_source_from_seed(&src, e->seeds[game]);
    m3_board b;
    m3_board_init(&b, &src);
    struct rng rng;
    m3_agent_rng(&rng, e->seeds[game], index);
    e->res[i] = m3_play_game(&a, &b, &rng, NULL, NULL);
}

/* Per-generation statistics, kept for the CSV and the figure. */
typedef struct {
    double min, median, max, mean;     /* fitness */
    double vanilla, random;            /* baselines in the persona's unit */
    double goal, best;
} gen_stats;

static double value_of(m3_persona p, double fitness)
{
    return persona_is_min(p) ? -fitness : fitness;
}

static int write_csv_and_plot(const m3_evolve_config *c, const gen_stats *st, int ngen)
{
    char path[4096];
    fmt_into(path, sizeof path, "%s/fitness.csv", c->out);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    /* value_* are in the persona's unit (score or available moves) for the figures */
    fprintf(f, "gen,fit_min,fit_median,fit_max,fit_mean,value_min,value_median,value_max,"
               "vanilla,random,goal\n");
    double vsum = 0, rsum = 0;
    for (int g = 0; g < ngen; g++) {
        double lo = value_of(c->persona, st[g].min), hi = value_of(c->persona, st[g].max);
        if (lo > hi) { double t = lo; lo = hi; hi = t; }
        fprintf(f, "%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.4f\n", g, st[g].min,
                st[g].median, st[g].max, st[g].mean, lo, value_of(c->persona, st[g].median),
                hi, st[g].vanilla, st[g].random, st[g].goal);
        vsum += st[g].vanilla;
        rsum += st[g].random;
    }
    fclose(f);
    fmt_into(path, sizeof path, "%s/fig.gp", c->out);
    f = fopen(path, "w");
    if (!f)
        return -1;
    static const char *figs[M3_NPERSONAS] = {"Fig. 3", "Fig. 4", "Fig. 5", "Fig. 6"};
    const char *unit = persona_is_score(c->persona) ? "score after 20 moves"
                                                    : "mean available moves";
    fprintf(f, "# gnuplot script written by hane-match3 evolve (%s of the paper)\n"
               "# run: gnuplot %s/fig.gp\n",
            figs[c->persona], c->out);
    fprintf(f, "set terminal png size 800,500\nset output '%s/fig.png'\n", c->out);
    fprintf(f, "set datafile separator ','\nset key outside right\nset grid\n");
    fprintf(f, "set title '%s: %s evolution (pop %d, %d games, %d iterations)'\n",
            figs[c->persona], m3_persona_name(c->persona), c->pop, c->games, c->iters);
    fprintf(f, "set xlabel 'generation'\nset ylabel '%s'\n", unit);
    double vm = ngen ? vsum / ngen : 0, rm = ngen ? rsum / ngen : 0;
    fprintf(f, "plot '%s/fitness.csv' every ::1 using 1:6 with lines lw 2 title 'min', \\\n"
               "     '' every ::1 using 1:7 with lines lw 2 title 'median', \\\n"
               "     '' every ::1 using 1:8 with lines lw 2 title 'max', \\\n"
               "     %.4f with lines dt 2 lw 2 title 'Vanilla MCTS (mean)', \\\n"
               "     %.4f with lines dt 3 lw 2 title 'Random (mean)'%s\n",
            c->out, vm, rm, c->persona == M3_MINS ? ", \\\n     1200 with lines dt 4 title 'floor 1200'" : "");
    fclose(f);
    return 0;
}

static const char *origin_name(int o)
{
    static const char *n[] = {"init", "elite", "mutant", "child", "fill"};
    return o >= 0 && o <= M3_ORIGIN_FILL ? n[o] : "?";
}

static int origin_parse(const char *s)
{
    for (int o = 0; o <= M3_ORIGIN_FILL; o++)
        if (strcmp(s, origin_name(o)) == 0)
            return o;
    return M3_ORIGIN_INIT;
}

static int write_population(const m3_evolve_config *c, int gen, const m3_indiv *pop, int n)
{
    char path[4096], tmp[4200];
    fmt_into(path, sizeof path, "%s/population_%d.txt", c->out, gen);
    fmt_into(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return -1;
    fprintf(f, "# hane-match3 population: persona %s, generation %d, best first\n"
               "# fitness\tscore_mean\tmoves_mean\torigin\tformula\n",
            m3_persona_name(c->persona), gen);
    for (int i = 0; i < n; i++) {
        char *s = m3_expr_string(pop[i].expr);
        fprintf(f, "%.17g\t%.17g\t%.17g\t%s\t%s\n", pop[i].fitness, pop[i].score_mean,
                pop[i].moves_mean, origin_name(pop[i].origin), s);
        free(s);
    }
    if (fclose(f) != 0 || rename(tmp, path) != 0)
        return -1;
    return 0;
}

/* A run directory holds the tool's own files, but --out may name anything, so
 * they are read as untrusted input, within these bounds. */
#define M3_RUN_FILE_MAX (64u << 20)
#define M3_RUN_LINE_MAX (64u << 10)

struct population_read {
    const char *path;
    m3_indiv *pop;
    int max, n;
    char *err;
    size_t errlen;
};

static bool population_line(char *line, size_t lineno, void *ctx)
{
    struct population_read *r = ctx;
    if (line[0] == '#' || line[0] == 0)
        return true;
    char *fields[5];
    char *s = line;
    int k = 0;
    for (; k < 4; k++) {
        fields[k] = s;
        char *tab = strchr(s, '\t');
        if (!tab)
            break;
        *tab = 0;
        s = tab + 1;
    }
    if (k < 4) {
        fmt_into(r->err, r->errlen, "%s:%zu: expected 5 tab-separated fields", r->path, lineno);
        return false;
    }
    fields[4] = s;
    if (r->n == r->max) {
        fmt_into(r->err, r->errlen, "%s:%zu: more than %d members", r->path, lineno, r->max);
        return false;
    }
    char perr[128];
    m3_expr *e = m3_expr_parse(fields[4], perr, sizeof perr);
    if (!e) {
        fmt_into(r->err, r->errlen, "%s:%zu: formula: %s", r->path, lineno, perr);
        return false;
    }
    m3_indiv *m = &r->pop[r->n++];
    m3_indiv_set(m, e, origin_parse(fields[3]));
    m->fitness = strtod(fields[0], NULL);
    m->score_mean = strtod(fields[1], NULL);
    m->moves_mean = strtod(fields[2], NULL);
    return true;
}

/* Reads population_<gen>.txt; returns the number of members read, or -1 (message in err). */
static int read_population(const char *dir, int gen, m3_indiv *pop, int max, char *err,
                           size_t errlen)
{
    char path[4096];
    fmt_into(path, sizeof path, "%s/population_%d.txt", dir, gen);
    struct population_read r = {path, pop, max, 0, err, errlen};
    if (!file_read_lines(path, M3_RUN_FILE_MAX, M3_RUN_LINE_MAX, population_line, &r, err,
                         errlen)) {
        for (int i = 0; i < r.n; i++)
            m3_indiv_clear(&pop[i]);
        return -1;
    }
    return r.n;
}

static json_t *params_json(const m3_evolve_config *c)
{
    return json_pack("{s:s, s:i, s:i, s:i, s:I, s:f, s:s, s:b}", "persona",
                     m3_persona_name(c->persona), "pop", c->pop, "games", c->games, "iters",
                     c->iters, "seed", (json_int_t)c->seed, "goal", c->goal, "goal_update",
                     c->goal_update_paper ? "paper" : "off", "with_minus", c->with_minus);
}

/* Writes params.json, or checks that an existing one matches (resumption). */
static int check_params(const m3_evolve_config *c)
{
    char path[4096];
    fmt_into(path, sizeof path, "%s/params.json", c->out);
    char err[600];
    json_t *want = params_json(c);
    json_t *have = NULL;
    int rc = 0;
    if (access(path, F_OK) != 0 && errno == ENOENT) {
        if (json_dump_file(want, path, JSON_INDENT(2) | JSON_SORT_KEYS) != 0) {
            fprintf(stderr, "hane-match3: cannot write %s\n", path);
            rc = -1;
        }
    } else if (!(have = json_read_file(path, M3_RUN_FILE_MAX, 0, err, sizeof err))) {
        fprintf(stderr, "hane-match3: %s\n", err);
        rc = -1;
    } else if (!json_equal(want, have)) {
        char *a = json_dumps(have, JSON_COMPACT | JSON_SORT_KEYS);
        char *b = json_dumps(want, JSON_COMPACT | JSON_SORT_KEYS);
        fprintf(stderr, "hane-match3: %s holds a run with other parameters:\n  there: %s\n"
                        "  asked: %s\n(use another --out, or the same parameters to resume; "
                        "--gens may differ)\n", path, a, b);
        free(a);
        free(b);
        rc = -1;
    }
    json_decref(want);
    json_decref(have);
    return rc;
}

static double median_of(double *v, int n)
{
    for (int i = 1; i < n; i++) {           /* insertion sort; n is a population size */
        double t = v[i];
        int j = i;
        while (j > 0 && v[j - 1] > t) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = t;
    }
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct log_read {
    gen_stats *st;
    char **lines;
    int n, max;
    bool ended;   /* stopped at a line that is not the next generation's */
};

static bool log_line(char *line, size_t lineno, void *ctx)
{
    (void)lineno;
    struct log_read *r = ctx;
    char jerr[256];
    json_t *j = r->n < r->max ? json_read_bounded(line, strlen(line), 0, "log", jerr, sizeof jerr)
                              : NULL;
    int gen = -1;
    double mn, md, mx, mean, van, ran, goal, best;
    if (!j || json_unpack(j, "{s:i, s:F, s:{s:F, s:F, s:F, s:F}, s:{s:F}, s:F, s:F}", "gen",
                          &gen, "goal", &goal, "fitness", "min", &mn, "median", &md, "max", &mx,
                          "mean", &mean, "best", "fitness", &best, "vanilla_mean", &van,
                          "random_mean", &ran) != 0 ||
        gen != r->n || !(r->lines[r->n] = strdup(line))) {
        json_decref(j);
        r->ended = true;
        return false;
    }
    json_decref(j);
    r->st[r->n++] = (gen_stats){mn, md, mx, mean, van, ran, goal, best};
    return true;
}

/* Loads the complete generations of a previous run: the log lines 0..g for which
 * population_g.txt exists. Returns g + 1 (0 for a fresh run), or -1 if the log cannot be
 * read (message on stderr); rewrites the log without any incomplete tail. */
static int load_log(const m3_evolve_config *c, gen_stats *st, int maxgen)
{
    char path[4096];
    fmt_into(path, sizeof path, "%s/log.jsonl", c->out);
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 0;
    char **lines = calloc((size_t)maxgen, sizeof *lines);
    if (!lines) {
        fprintf(stderr, "hane-match3: out of memory\n");
        return -1;
    }
    struct log_read r = {st, lines, 0, maxgen, false};
    char err[600];
    if (!file_read_lines(path, M3_RUN_FILE_MAX, M3_RUN_LINE_MAX, log_line, &r, err,
                         sizeof err) &&
        !r.ended) {
        fprintf(stderr, "hane-match3: %s\n", err);
        for (int i = 0; i < r.n; i++)
            free(lines[i]);
        free(lines);
        return -1;
    }
    int n = r.n;
    while (n > 0) {
        char pp[4200];
        fmt_into(pp, sizeof pp, "%s/population_%d.txt", c->out, n - 1);
        struct stat sb;
        if (stat(pp, &sb) == 0)
            break;
        free(lines[--n]);
    }
    char tmp[4200];
    fmt_into(tmp, sizeof tmp, "%s.tmp", path);
    FILE *w = fopen(tmp, "w");
    if (w) {
        for (int i = 0; i < n; i++)
            fprintf(w, "%s\n", lines[i]);
        if (fclose(w) == 0)
            rename(tmp, path);
    }
    for (int i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
    return n;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* mkdir -p */
static int make_dirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++)
        if (buf[i] == '/' || buf[i] == 0) {
            char ch = buf[i];
            buf[i] = 0;
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            buf[i] = ch;
        }
    return 0;
}

int m3_evolve_run(const m3_evolve_config *c)
{
    if (make_dirs(c->out) != 0) {
        fprintf(stderr, "hane-match3: cannot create %s: %s\n", c->out, strerror(errno));
        return -1;
    }
    if (check_params(c) != 0)
        return -1;
    m3_pset ps;
    m3_pset_init(&ps, c->seed, c->with_minus);
    gen_stats *st = calloc((size_t)c->gens + 1, sizeof *st);
    m3_indiv *cur = calloc((size_t)c->pop, sizeof *cur), *next = calloc((size_t)c->pop, sizeof *next);
    uint64_t *seeds = calloc((size_t)c->games, sizeof *seeds);
    m3_game_result *res = calloc((size_t)(c->pop + 2) * (size_t)c->games, sizeof *res);
    double *fit = calloc((size_t)c->pop, sizeof *fit);
    int rc = -1;
    if (!st || !cur || !next || !seeds || !res || !fit) {
        fprintf(stderr, "hane-match3: out of memory\n");
        goto out;
    }
    int start = load_log(c, st, c->gens + 1);
    if (start < 0)
        goto out;
    double goal = c->goal;
    for (int g = 0; g < start; g++)
        if (c->persona == M3_MAXS && c->goal_update_paper && st[g].best > goal)
            goal = st[g].best;
    if (start > 0) {
        char err[512];
        int n = read_population(c->out, start - 1, cur, c->pop, err, sizeof err);
        if (n != c->pop) {
            if (n >= 0) {
                fprintf(stderr, "hane-match3: population_%d.txt has %d members, expected %d\n",
                        start - 1, n, c->pop);
                for (int i = 0; i < n; i++)
                    m3_indiv_clear(&cur[i]);
            } else {
                fprintf(stderr, "hane-match3: %s\n", err);
            }
            goto out;
        }
        if (!c->quiet)
            fprintf(stderr, "hane-match3: resuming %s after generation %d\n", c->out, start - 1);
    }
    char logpath[4096];
    snprintf(logpath, sizeof logpath, "%s/log.jsonl", c->out);
    for (int gen = start; gen < c->gens; gen++) {
        double t0 = now_seconds();
        struct rng br;
        rng_seed(&br, rng_derive(c->seed, 0x4252454544000000ULL + (uint64_t)gen));   /* "BREED" */
        int fills = 0;
        if (gen == 0) {
            m3_gp_init_population(&ps, &br, next, c->pop);
        } else {
            fills = m3_gp_breed(&ps, &br, cur, next, c->pop);
            for (int i = 0; i < c->pop; i++)
                m3_indiv_clear(&cur[i]);
        }
        memcpy(cur, next, (size_t)c->pop * sizeof *cur);
        uint64_t gseed = m3_generation_seed(c->seed, gen);
        for (int j = 0; j < c->games; j++)
            seeds[j] = m3_game_seed(gseed, j);
        eval_ctx ec = {c, cur, c->pop, seeds, goal, res};
        parallel_for((c->pop + 2) * c->games, c->jobs, eval_task, &ec);
        for (int i = 0; i < c->pop; i++) {
            double f = 0, s = 0, mv = 0;
            for (int j = 0; j < c->games; j++) {
                const m3_game_result *gr = &res[i * c->games + j];
                f += m3_persona_fitness(c->persona, gr);
                s += gr->score;
                mv += gr->mean_available;
            }
            cur[i].fitness = f / c->games;
            cur[i].score_mean = s / c->games;
            cur[i].moves_mean = mv / c->games;
        }
        double base[2] = {0, 0};
        for (int k = 0; k < 2; k++) {
            for (int j = 0; j < c->games; j++) {
                const m3_game_result *gr = &res[(c->pop + k) * c->games + j];
                base[k] += persona_is_score(c->persona) ? gr->score : gr->mean_available;
            }
            base[k] /= c->games;
        }
        m3_gp_sort(cur, c->pop);
        double sum = 0;
        for (int i = 0; i < c->pop; i++) {
            fit[i] = cur[i].fitness;
            sum += fit[i];
        }
        gen_stats *s = &st[gen];
        s->min = cur[c->pop - 1].fitness;
        s->max = cur[0].fitness;
        s->mean = sum / c->pop;
        s->median = median_of(fit, c->pop);
        s->vanilla = base[0];
        s->random = base[1];
        s->goal = goal;
        s->best = cur[0].fitness;
        if (write_population(c, gen, cur, c->pop) != 0) {
            fprintf(stderr, "hane-match3: cannot write population_%d.txt in %s\n", gen, c->out);
            goto out;
        }
        json_t *seeds_j = json_array();
        for (int j = 0; j < c->games; j++) {
            /* decimal strings: game seeds use all 64 bits, JSON readers such as jansson
             * hold integers in int64_t */
            char num[24];
            snprintf(num, sizeof num, "%llu", (unsigned long long)seeds[j]);
            json_array_append_new(seeds_j, json_string(num));
        }
        char *best = m3_expr_string(cur[0].expr);
        json_t *line = json_pack(
            "{s:i, s:s, s:f, s:o, s:{s:f, s:f, s:f, s:f}, s:{s:s, s:f, s:f, s:f}, s:f, s:f,"
            " s:i, s:f}",
            "gen", gen, "persona", m3_persona_name(c->persona), "goal", goal, "seeds", seeds_j,
            "fitness", "min", s->min, "median", s->median, "max", s->max, "mean", s->mean,
            "best", "formula", best, "fitness", cur[0].fitness, "score_mean",
            cur[0].score_mean, "moves_mean", cur[0].moves_mean, "vanilla_mean", s->vanilla,
            "random_mean", s->random, "fills", fills, "seconds", now_seconds() - t0);
        free(best);
        char *text = json_dumps(line, JSON_COMPACT);
        json_decref(line);
        FILE *lf = fopen(logpath, "a");
        if (!lf || fprintf(lf, "%s\n", text) < 0 || fclose(lf) != 0) {
            fprintf(stderr, "hane-match3: cannot append to %s\n", logpath);
            free(text);
            goto out;
        }
        if (!c->quiet)
            fprintf(stderr, "%s gen %d: fitness min %.2f median %.2f max %.2f | vanilla %.2f "
                            "random %.2f | goal %.1f | %.1fs\n", m3_persona_name(c->persona),
                    gen, s->min, s->median, s->max, s->vanilla, s->random, goal,
                    now_seconds() - t0);
        free(text);
        if (write_csv_and_plot(c, st, gen + 1) != 0) {
            fprintf(stderr, "hane-match3: cannot write fitness.csv / fig.gp in %s\n", c->out);
            goto out;
        }
        if (c->persona == M3_MAXS && c->goal_update_paper && s->best > goal)
            goal = s->best;
    }
    rc = 0;
    for (int i = 0; i < c->pop; i++)
        m3_indiv_clear(&cur[i]);
out:
    free(st);
    free(cur);
    free(next);
    free(seeds);
    free(res);
    free(fit);
    return rc;
}

/* ---- Table II ---- */

typedef struct {
    m3_agent agent[M3_NPERSONAS + 2];
    int have[M3_NPERSONAS + 2];
    m3_source src[8];
    m3_board board[8];
    m3_game_result res[8][M3_NPERSONAS + 2];
} table_ctx;

static void table_task(void *arg, int i)
{
    table_ctx *t = arg;
    int b = i / (M3_NPERSONAS + 2), k = i % (M3_NPERSONAS + 2);
    if (!t->have[k])
        return;
    struct rng rng;
    m3_agent_rng(&rng, t->src[b].seed, k < M3_NPERSONAS ? (uint32_t)k
                                       : k == M3_NPERSONAS ? M3_INDEX_VANILLA : M3_INDEX_RANDOM);
    t->res[b][k] = m3_play_game(&t->agent[k], &t->board[b], &rng, NULL, NULL);
}

struct last_gen {
    int gen;
    double goal;
};

static bool last_gen_line(char *line, size_t lineno, void *ctx)
{
    (void)lineno;
    struct last_gen *l = ctx;
    char jerr[256];
    json_t *j = json_read_bounded(line, strlen(line), 0, "log", jerr, sizeof jerr);
    int gen;
    double goal;
    if (j && json_unpack(j, "{s:i, s:F}", "gen", &gen, "goal", &goal) == 0 && gen >= 0) {
        l->gen = gen;
        l->goal = goal;
    }
    json_decref(j);
    return true;
}

/* The last complete generation's goal and best formula of the run in `dir`. */
static m3_expr *final_best(const char *dir, double *goal, int *gen, char *err, size_t errlen)
{
    char path[4096];
    fmt_into(path, sizeof path, "%s/log.jsonl", dir);
    struct last_gen l = {-1, M3_DEFAULT_GOAL};
    if (!file_read_lines(path, M3_RUN_FILE_MAX, M3_RUN_LINE_MAX, last_gen_line, &l, err, errlen))
        return NULL;
    int last = l.gen;
    double g = l.goal;
    if (last < 0) {
        fmt_into(err, errlen, "%s: no complete generation", path);
        return NULL;
    }
    /* the first member of the population file is its best */
    fmt_into(path, sizeof path, "%s/population_%d.txt", dir, last);
    enum { MAXPOP = 10000 };
    m3_indiv *all = malloc(MAXPOP * sizeof *all);
    if (!all) {
        fmt_into(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    int n = read_population(dir, last, all, MAXPOP, err, errlen);
    if (n <= 0) {
        if (n == 0)
            fmt_into(err, errlen, "%s: empty population", path);
        free(all);
        return NULL;
    }
    m3_expr *best = all[0].expr;
    for (int i = 1; i < n; i++)
        m3_indiv_clear(&all[i]);
    free(all);
    *goal = g;
    *gen = last;
    return best;
}

int m3_table2(const char *from, const char *const *boards, int nboards, int iters,
              int json_stdout)
{
    FILE *txt = json_stdout ? stderr : stdout;
    if (nboards > 8) {
        fprintf(stderr, "hane-match3: at most 8 boards\n");
        return -1;
    }
    table_ctx *t = calloc(1, sizeof *t);
    m3_expr *formula[M3_NPERSONAS] = {0};
    int gens[M3_NPERSONAS] = {0};
    int rc = -1;
    char err[512];
    for (int b = 0; b < nboards; b++)
        if (m3_board_load(boards[b], &t->src[b], &t->board[b], err, sizeof err) != 0) {
            fprintf(stderr, "hane-match3: %s\n", err);
            goto out;
        }
    for (int b = 0; b < nboards; b++)
        t->board[b].src = &t->src[b];
    int found = 0;
    for (int p = 0; p < M3_NPERSONAS; p++) {
        char dir[4096];
        fmt_into(dir, sizeof dir, "%s/%s", from, m3_persona_name(p));
        double goal = M3_DEFAULT_GOAL;
        formula[p] = final_best(dir, &goal, &gens[p], err, sizeof err);
        if (!formula[p]) {
            fprintf(stderr, "hane-match3: %s: %s — column left empty\n",
                    m3_persona_name(p), err);
            continue;
        }
        found++;
        m3_agent_init(&t->agent[p], M3_AGENT_FORMULA, formula[p]);
        t->agent[p].goal = goal;
        t->agent[p].iters = iters;
        t->have[p] = 1;
    }
    if (!found) {
        fprintf(stderr, "hane-match3: no persona run found under %s\n", from);
        goto out;
    }
    m3_agent_init(&t->agent[M3_NPERSONAS], M3_AGENT_VANILLA, NULL);
    t->agent[M3_NPERSONAS].iters = iters;
    m3_agent_init(&t->agent[M3_NPERSONAS + 1], M3_AGENT_RANDOM, NULL);
    t->have[M3_NPERSONAS] = t->have[M3_NPERSONAS + 1] = 1;
    parallel_for(nboards * (M3_NPERSONAS + 2), 2, table_task, t);

    static const char *col[M3_NPERSONAS + 2] = {"MaxS", "MinS", "MaxM", "MinM", "Vanilla",
                                                "Random"};
    fprintf(txt, "Table II (reproduction): score after 20 moves, (mean available moves)\n");
    fprintf(txt, "%-28s", "board");
    for (int k = 0; k < M3_NPERSONAS + 2; k++)
        fprintf(txt, " %-15s", col[k]);
    fprintf(txt, "\n");
    json_t *rows = json_array();
    for (int b = 0; b < nboards; b++) {
        fprintf(txt, "%-28s", boards[b]);
        json_t *row = json_pack("{s:s}", "board", boards[b]);
        for (int k = 0; k < M3_NPERSONAS + 2; k++) {
            char cell[32];
            if (!t->have[k]) {
                snprintf(cell, sizeof cell, "-");
            } else {
                snprintf(cell, sizeof cell, "%d (%.2f)", t->res[b][k].score,
                         t->res[b][k].mean_available);
                json_object_set_new(row, col[k],
                                    json_pack("{s:i, s:f}", "score", t->res[b][k].score,
                                              "mean_available", t->res[b][k].mean_available));
            }
            fprintf(txt, " %-15s", cell);
        }
        fprintf(txt, "\n");
        json_array_append_new(rows, row);
    }
    json_t *agents = json_object();
    for (int p = 0; p < M3_NPERSONAS; p++)
        if (formula[p]) {
            char *s = m3_expr_string(formula[p]);
            json_object_set_new(agents, col[p], json_pack("{s:s, s:i, s:f}", "formula", s,
                                                          "generation", gens[p], "goal",
                                                          t->agent[p].goal));
            fprintf(txt, "%s (generation %d, goal %.4f): %s\n", col[p], gens[p],
                    t->agent[p].goal, s);
            free(s);
        }
    json_t *doc = json_pack("{s:o, s:o, s:i}", "rows", rows, "agents", agents, "iters", iters);
    char path[4096];
    fmt_into(path, sizeof path, "%s/table2.json", from);
    if (json_dump_file(doc, path, JSON_INDENT(2)) != 0)
        fprintf(stderr, "hane-match3: cannot write %s\n", path);
    else
        fprintf(txt, "written %s\n", path);
    if (json_stdout) {
        char *text = json_dumps(doc, JSON_INDENT(2));
        printf("%s\n", text);
        free(text);
    }
    json_decref(doc);
    rc = 0;
out:
    for (int p = 0; p < M3_NPERSONAS; p++)
        m3_expr_free(formula[p]);
    free(t);
    return rc;
}
