/* nv_main.c — hane-narrative: generate | eval | actions | table1 (README, Build, run, test). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/file_read.h"
#include "tools/common/cli_num.h"
#include "tools/narrative/nv_load.h"
#include "tools/narrative/nv_report.h"
#include "tools/narrative/nv_table1.h"
#include "tools/narrative/nv_text.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: hane-narrative generate --algo mcts|bfs|dfs|best [--budget 3000000] [--runs 1]\n"
        "           [--seed S] [--c 0.3] [--rollout uniform|biased|table] [--selection-bias]\n"
        "           [--no-prune] [--max-len 20] [--believe TYPE=L ...] [--world FILE]\n"
        "           [--json FILE] [--quiet] [--mem-cap 4096]\n"
        "       hane-narrative eval FILE [--world FILE] [--believe TYPE=L ...]\n"
        "       hane-narrative actions [FILE] [--world FILE] [--believe TYPE=L ...]\n"
        "       hane-narrative table1 [--runs 10] [--jobs J] [--out DIR]\n"
        "           [--budgets 100000,3000000] [--algos mcts,bfs,dfs,best] [--world FILE]\n");
}

static int die(const char *msg, const char *arg)
{
    fprintf(stderr, "hane-narrative: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    return 2;
}

/* An option's value (NULL when the option is the last word) through cli_num. */
static bool parse_u64(const char *s, uint64_t *out, uint64_t lo, uint64_t hi)
{
    return s && cli_parse_u64(s, lo, hi, out);
}

static bool parse_double(const char *s, double *out, double lo, double hi)
{
    return s && cli_parse_real(s, lo, hi, out);
}

typedef struct opts {
    nv_params p;
    uint64_t runs, jobs, max_len;
    const char *world, *json, *out, *file;
    bool quiet, have_max_len;
    char believe[16][64];
    int n_believe;
    nv_table1_opts t1;
} opts;

static int parse_list_u64(const char *s, uint64_t *out, int max)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    int n = 0;
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n == max || !parse_u64(t, &out[n], 1, (uint64_t)1 << 31))
            return -1;
        n++;
    }
    return n;
}

static int parse_opts(int argc, char **argv, opts *o)
{
    for (int k = 2; k < argc; k++) {
        const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : NULL;
        bool takes = true;
        if (strcmp(a, "--algo") == 0) {
            int x = v ? nv_algo_parse(v) : -1;
            if (x < 0)
                return die("--algo needs mcts, bfs, dfs or best", v);
            o->p.algo = (nv_algo)x;
        } else if (strcmp(a, "--budget") == 0) {
            if (!parse_u64(v, &o->p.budget, 1, (uint64_t)1 << 31))
                return die("--budget needs an integer in 1..2^31", v);
        } else if (strcmp(a, "--mem-cap") == 0) {
            if (!parse_u64(v, &o->p.mem_cap_mb, 0, (uint64_t)1 << 30))
                return die("--mem-cap needs a size in MiB (0 = none)", v);
        } else if (strcmp(a, "--runs") == 0) {
            if (!parse_u64(v, &o->runs, 1, 1000))
                return die("--runs needs an integer in 1..1000", v);
        } else if (strcmp(a, "--jobs") == 0) {
            if (!parse_u64(v, &o->jobs, 1, 64))
                return die("--jobs needs an integer in 1..64", v);
        } else if (strcmp(a, "--seed") == 0) {
            if (!parse_u64(v, &o->p.seed, 0, UINT64_MAX))
                return die("--seed needs a non-negative integer", v);
        } else if (strcmp(a, "--c") == 0) {
            if (!parse_double(v, &o->p.c, 0, 1e6))
                return die("--c needs a number >= 0", v);
        } else if (strcmp(a, "--rollout") == 0) {
            int x = v ? nv_rollout_parse(v) : -1;
            if (x < 0)
                return die("--rollout needs uniform, biased or table", v);
            o->p.rollout = (nv_rollout)x;
        } else if (strcmp(a, "--max-len") == 0) {
            if (!parse_u64(v, &o->max_len, 1, NV_MAX_LEN))
                return die("--max-len needs an integer in 1..64", v);
            o->have_max_len = true;
        } else if (strcmp(a, "--believe") == 0) {
            if (!v || o->n_believe == 16 || strlen(v) >= 64)
                return die("--believe needs TYPE=LAMBDA (at most 16)", v);
            snprintf(o->believe[o->n_believe++], 64, "%s", v);
        } else if (strcmp(a, "--world") == 0) {
            if (!v)
                return die("--world needs a file", NULL);
            o->world = v;
        } else if (strcmp(a, "--json") == 0) {
            if (!v)
                return die("--json needs a file", NULL);
            o->json = v;
        } else if (strcmp(a, "--out") == 0) {
            if (!v)
                return die("--out needs a directory", NULL);
            o->out = v;
        } else if (strcmp(a, "--budgets") == 0) {
            int n = v ? parse_list_u64(v, o->t1.budgets, 4) : -1;
            if (n < 1)
                return die("--budgets needs 1..4 comma-separated integers", v);
            o->t1.n_budgets = n;
        } else if (strcmp(a, "--algos") == 0) {
            if (!v)
                return die("--algos needs a list", NULL);
            char buf[128];
            snprintf(buf, sizeof buf, "%s", v);
            memset(o->t1.algos, 0, sizeof o->t1.algos);
            for (char *save = NULL, *t = strtok_r(buf, ",", &save); t;
                 t = strtok_r(NULL, ",", &save)) {
                int x = nv_algo_parse(t);
                if (x < 0)
                    return die("unknown algorithm", t);
                o->t1.algos[x] = true;
            }
        } else {
            takes = false;
            if (strcmp(a, "--selection-bias") == 0)
                o->p.selection_bias = true;
            else if (strcmp(a, "--no-prune") == 0)
                o->p.prune = false;
            else if (strcmp(a, "--quiet") == 0)
                o->quiet = true;
            else if (a[0] != '-' && !o->file)
                o->file = a;
            else
                return die("unknown option", a);
        }
        if (takes)
            k++;
    }
    return 0;
}

/* World from --world or built in, then --max-len and --believe applied. */
static int make_world(nv_world *w, const opts *o)
{
    char err[512];
    if (o->world) {
        if (nv_world_load(w, o->world, err, sizeof err))
            return die(err, NULL);
    } else {
        nv_world_default(w);
    }
    if (o->have_max_len)
        w->max_len = (int)o->max_len;
    for (int k = 0; k < o->n_believe; k++) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", o->believe[k]);
        char *eq = strchr(buf, '=');
        if (!eq)
            return die("--believe needs TYPE=LAMBDA", o->believe[k]);
        *eq = 0;
        int t = nv_type_parse(buf);
        double l;
        if (t < 0)
            return die("--believe: unknown action type", buf);
        if (!parse_double(eq + 1, &l, 0, 1e6))
            return die("--believe: lambda must be a number >= 0", eq + 1);
        w->lambda[t] = l;
    }
    return 0;
}

/* A story is a few dozen actions: a megabyte is far more than any, and what
 * is beyond it (or beyond a NUL byte) is an error, not silently dropped. */
#define NV_STORY_MAX_BYTES (1u << 20)

/* The story file as text: a regular file, no NUL byte; prints the error. */
static char *slurp(const char *path)
{
    char *buf, err[600];
    size_t len;
    if (file_read(path, NV_STORY_MAX_BYTES, &buf, &len, err, sizeof err) != FILE_OK) {
        fprintf(stderr, "hane-narrative: %s\n", err);
        return NULL;
    }
    if (!file_check_text(buf, len, 0, path, err, sizeof err)) {
        fprintf(stderr, "hane-narrative: %s\n", err);
        free(buf);
        return NULL;
    }
    return buf;
}

/* Read a story file into st; prints the error. */
static int read_story(const nv_world *w, const char *path, nv_story *st)
{
    char *text = slurp(path);
    if (!text)
        return 2;
    char err[256];
    st->n = nv_story_parse(w, text, st->acts, NV_MAX_LEN, err, sizeof err);
    free(text);
    if (st->n < 0) {
        fprintf(stderr, "hane-narrative: %s:%s\n", path, err + 5); /* "line N: ..." → "FILE:N: ..." */
        return 2;
    }
    int bad;
    nv_score sc;
    if (!nv_story_score(w, st->acts, st->n, &sc, NULL, &bad)) {
        char a[128];
        nv_action_str(w, st->acts[bad], a, sizeof a);
        fprintf(stderr, "hane-narrative: %s: action %d (%s) is not legal there\n", path,
                bad + 1, a);
        return 2;
    }
    return 0;
}

static int cmd_generate(nv_world *w, opts *o)
{
    json_t *all = json_array();
    double sum = 0;
    int rc = 0;
    for (uint64_t r = 0; r < o->runs; r++) {
        nv_params p = o->p;
        p.run = (int)r;
        nv_result res;
        char err[256];
        if (nv_search(w, &p, &res, err, sizeof err)) {
            rc = die(err, NULL);
            break;
        }
        sum += res.best.E;
        /* MCTS has two stories, the best one seen in any rollout and the one
         * its steps committed to: the summary line, about the best one, comes
         * first, and each story is printed under its own name. */
        char last[128] = "-";
        if (res.best.n > 0)
            nv_action_str(w, res.best.acts[res.best.n - 1], last, sizeof last);
        printf("run %d: best story E = %.6g, %d actions, last: %s; nodes created %llu, "
               "peak live nodes %llu, time %.0f ms\n", (int)r, res.best.E, res.best.n, last,
               (unsigned long long)res.nodes_created, (unsigned long long)res.peak_nodes,
               res.time_ms);
        if (!o->quiet) {
            printf("run %d (%s, budget %llu, seed %llu), best story (E = %.6g):\n", (int)r,
                   nv_algo_name(p.algo), (unsigned long long)p.budget,
                   (unsigned long long)p.seed, res.best.E);
            nv_print_story(stdout, w, &res.best);
            if (p.algo == NV_ALGO_MCTS) {
                printf("run %d, committed story (E = %.6g):\n", (int)r, res.committed.E);
                nv_print_story(stdout, w, &res.committed);
            }
        }
        if (res.memory_capped)
            printf("run %d: stopped at the memory cap of %llu MiB\n", (int)r,
                   (unsigned long long)p.mem_cap_mb);
        json_array_append_new(all, nv_result_json(w, &p, &res));
    }
    if (o->runs > 1 && rc == 0)
        printf("mean E over %llu runs: %.6g\n", (unsigned long long)o->runs, sum / (double)o->runs);
    if (o->json && rc == 0) {
        json_t *doc = o->runs == 1 ? json_incref(json_array_get(all, 0))
                                   : json_pack("{s:O, s:f}", "runs", all, "mean_E",
                                               sum / (double)o->runs);
        if (json_dump_file(doc, o->json, JSON_INDENT(1)) != 0)
            rc = die("cannot write", o->json);
        json_decref(doc);
    }
    json_decref(all);
    return rc;
}

static int cmd_eval(nv_world *w, opts *o)
{
    if (!o->file)
        return die("eval needs a story file", NULL);
    nv_story st;
    int rc = read_story(w, o->file, &st);
    if (rc)
        return rc;
    nv_print_story(stdout, w, &st);
    return 0;
}

static int cmd_actions(nv_world *w, opts *o)
{
    nv_story st = { 0 };
    if (o->file) {
        int rc = read_story(w, o->file, &st);
        if (rc)
            return rc;
    }
    nv_state s;
    nv_state_init(w, &s);
    for (int k = 0; k < st.n; k++)
        nv_apply(w, &s, st.acts[k]);
    int *legal = malloc(sizeof(int) * (size_t)w->n_ground);
    if (!legal)
        return die("out of memory", NULL);
    int n = nv_legal(w, &s, legal);
    char a[128], text[512];
    for (int k = 0; k < n; k++) {
        nv_action_str(w, legal[k], a, sizeof a);
        nv_sentence(w, &s, legal[k], text, sizeof text);
        printf("%-36s b=%-5g %s\n", a, nv_believe(w, &s, legal[k]), text);
    }
    printf("%d legal actions\n", n);
    free(legal);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    static opts o;
    o.p = nv_params_default();
    o.runs = 1;
    o.jobs = 1;
    o.t1.n_budgets = 2;
    o.t1.budgets[0] = 100000;
    o.t1.budgets[1] = 3000000;
    for (int a = 0; a < 4; a++)
        o.t1.algos[a] = true;
    const char *cmd = argv[1];
    bool is_t1 = strcmp(cmd, "table1") == 0;
    if (is_t1)
        o.runs = 10;
    int rc = parse_opts(argc, argv, &o);
    if (rc)
        return rc;
    nv_world *w = malloc(sizeof *w);
    if (!w)
        return die("out of memory", NULL);
    rc = make_world(w, &o);
    if (rc == 0) {
        if (strcmp(cmd, "generate") == 0)
            rc = cmd_generate(w, &o);
        else if (strcmp(cmd, "eval") == 0)
            rc = cmd_eval(w, &o);
        else if (strcmp(cmd, "actions") == 0)
            rc = cmd_actions(w, &o);
        else if (is_t1) {
            o.t1.runs = (int)o.runs;
            o.t1.jobs = (int)o.jobs;
            o.t1.out_dir = o.out;
            rc = nv_table1(w, &o.t1) ? 1 : 0;
        } else {
            usage(stderr);
            rc = 2;
        }
    }
    free(w);
    return rc;
}
