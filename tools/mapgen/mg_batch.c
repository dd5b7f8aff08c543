/* mg_batch.c — threaded runs of a configuration with resumable JSON output. */
#include "tools/mapgen/mg_batch.h"

#include <errno.h>
#include <stdbool.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/board/file_read.h"
#include "tools/common/parallel.h"
#include "tools/mapgen/mg_png.h"

json_t *mg_config_json(const mg_config *c)
{
    json_t *params = json_pack(
        "{s:f, s:i, s:s, s:f, s:f, s:i, s:i, s:i, s:i, s:f, s:f, s:s, s:I}", "mcts_c",
        c->mcts_c, "rollout", c->rollout > 0 ? c->rollout : c->p->rollout_length,
        "ga_crossover", mg_crossover_name(c->crossover), "sa_t0", c->sa_t0, "sa_cooling",
        c->sa_cooling, "es_mu", c->es_mu, "es_lambda", c->es_lambda, "ga_pop", c->ga_pop,
        "ga_elite", c->ga_elite, "ga_pcross", c->ga_pcross, "ga_pmut", c->ga_pmut, "clock",
        c->cpu_clock ? "cpu" : "wall", "memory_mb", (json_int_t)(c->memory >> 20));
    /* only when not the default, so that files of earlier versions still resume */
    if (c->gbfs_heapq_ties && params)
        json_object_set_new(params, "gbfs_ties", json_string("heapq"));
    return json_pack("{s:s, s:s, s:s, s:s, s:I, s:f, s:I, s:i, s:o}", "problem", c->p->name,
                     "rep", mg_rep_name(c->rep), "algo", mg_algo_name(c->algo), "targets",
                     c->targets == MG_TARGETS_PAPER ? "paper" : "code", "seed",
                     (json_int_t)c->seed, "time_limit", c->time_limit, "eval_limit",
                     (json_int_t)c->eval_limit, "config_index", mg_config_index(c), "params",
                     params);
}

json_t *mg_outcome_json(const mg_config *c, int index, const mg_outcome *o)
{
    json_t *rows = json_array();
    char row[MG_MAX_W + 3];
    for (int y = -1; y <= c->p->h; y++) {
        mg_map_row(c->p, o->result.map, y, row);
        json_array_append_new(rows, json_string(row));
    }
    json_t *r = json_pack("{s:i, s:b, s:f, s:f}", "index", index, "found", o->found,
                          "time_ms", o->time * 1000.0, "heuristic", o->heuristic);
    bool tree = mg_algo_is_tree(c->algo);
    json_object_set_new(r, "result_depth", tree ? json_integer(o->result_depth) : json_null());
    json_object_set_new(r, "max_depth", tree ? json_integer(o->max_depth) : json_null());
    json_object_set_new(r, tree ? "iterations" : "generations",
                        json_integer((json_int_t)o->iterations));
    json_object_set_new(r, "evals", json_integer((json_int_t)o->evals));
    json_object_set_new(r, "stop", json_string(o->stop ? o->stop : "?"));
    if (o->pool_full)
        json_object_set_new(r, "pool_full", json_true());
    if (tree && c->rep != MG_WIDE)
        json_object_set_new(r, "cursor", json_pack("[i,i]", o->result.x, o->result.y));
    json_object_set_new(r, "map", rows);
    return r;
}

static void mean_sd(const double *v, int n, double *mean, double *sd)
{
    double s = 0, q = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    *mean = n ? s / n : 0;
    for (int i = 0; i < n; i++)
        q += (v[i] - *mean) * (v[i] - *mean);
    *sd = n > 1 ? sqrt(q / (n - 1)) : 0;
}

json_t *mg_summary_json(const json_t *runs)
{
    size_t n = json_array_size(runs);
    double *t = calloc(n + 1, sizeof *t), *d = calloc(n + 1, sizeof *d);
    double evals = 0, secs = 0;
    int found = 0, nd = 0;
    for (size_t i = 0; i < n; i++) {
        json_t *r = json_array_get(runs, i);
        found += json_is_true(json_object_get(r, "found"));
        t[i] = json_number_value(json_object_get(r, "time_ms")) / 1000.0;
        json_t *md = json_object_get(r, "max_depth");
        if (json_is_integer(md))
            d[nd++] = (double)json_integer_value(md);
        evals += (double)json_integer_value(json_object_get(r, "evals"));
        secs += t[i];
    }
    double tm, ts, dm, ds;
    mean_sd(t, (int)n, &tm, &ts);
    mean_sd(d, nd, &dm, &ds);
    json_t *s = json_pack("{s:I, s:i, s:f, s:f, s:f}", "runs", (json_int_t)n, "found", found,
                          "playability", n ? 100.0 * found / (double)n : 0.0, "time_mean", tm,
                          "time_sd", ts);
    json_object_set_new(s, "max_depth_mean", nd ? json_real(dm) : json_null());
    json_object_set_new(s, "max_depth_sd", nd ? json_real(ds) : json_null());
    json_object_set_new(s, "evals_per_sec", json_real(secs > 0 ? evals / secs : 0));
    free(t);
    free(d);
    return s;
}

/* ---- the batch ---- */

typedef struct batch {
    const mg_config *c;
    const mg_batch_opts *o;
    pthread_mutex_t lock;
    json_t *records;         /* index -> record or null */
    int failed;
} batch;

static int write_json(batch *b)
{
    json_t *runs = json_array();
    for (int i = 0; i < b->c->runs; i++) {
        json_t *r = json_array_get(b->records, (size_t)i);
        if (!json_is_null(r))
            json_array_append(runs, r);
    }
    json_t *root = json_pack("{s:o, s:o}", "config", mg_config_json(b->c), "runs", runs);
    json_object_set_new(root, "summary", mg_summary_json(runs));
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", b->o->out_path);
    int rc = json_dump_file(root, tmp, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12));
    json_decref(root);
    if (rc != 0 || rename(tmp, b->o->out_path) != 0) {
        fprintf(stderr, "hane-mapgen: cannot write %s: %s\n", b->o->out_path, strerror(errno));
        return 1;
    }
    return 0;
}

static void write_maps(batch *b, int index, const mg_outcome *o)
{
    const mg_config *c = b->c;
    char path[4096], text[1024];
    snprintf(path, sizeof path, "%s/%s-%s-%s-%03d.txt", b->o->maps_dir, c->p->name,
             mg_rep_name(c->rep), mg_algo_name(c->algo), index);
    mg_map_format(c->p, o->result.map, text, sizeof text);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "; %s %s %s run %d found %d heuristic %g\n%s", c->p->name,
                mg_rep_name(c->rep), mg_algo_name(c->algo), index, o->found, o->heuristic,
                text);
        fclose(f);
    } else {
        fprintf(stderr, "hane-mapgen: cannot write %s: %s\n", path, strerror(errno));
    }
    if (b->o->png) {
        snprintf(path, sizeof path, "%s/%s-%s-%s-%03d.png", b->o->maps_dir, c->p->name,
                 mg_rep_name(c->rep), mg_algo_name(c->algo), index);
        int cx = mg_algo_is_tree(c->algo) && c->rep != MG_WIDE ? o->result.x : -1;
        int cy = mg_algo_is_tree(c->algo) && c->rep != MG_WIDE ? o->result.y : -1;
        if (mg_png_map(path, c->p, o->result.map, cx, cy) != 0)
            fprintf(stderr, "hane-mapgen: cannot write %s\n", path);
    }
}

/* Run i unless an earlier invocation left its record (resume). */
static void run_task(void *arg, int i)
{
    batch *b = arg;
    pthread_mutex_lock(&b->lock);
    bool done = !json_is_null(json_array_get(b->records, (size_t)i));
    pthread_mutex_unlock(&b->lock);
    if (done)
        return;
    mg_outcome o;
    mg_run_one(b->c, i, &o);
    json_t *rec = mg_outcome_json(b->c, i, &o);
    pthread_mutex_lock(&b->lock);
    json_array_set_new(b->records, (size_t)i, rec);
    if (b->o->log) {
        fprintf(b->o->log,
                "run %4d found %d time %8.3f s heuristic %8.2f depth %5d max %5d "
                "%s %10llu evals %10llu stop %s\n",
                i, o.found, o.time, o.heuristic, o.result_depth, o.max_depth,
                mg_algo_is_tree(b->c->algo) ? "iter" : "gens",
                (unsigned long long)o.iterations, (unsigned long long)o.evals, o.stop);
        fflush(b->o->log);
    }
    if (b->o->maps_dir)
        write_maps(b, i, &o);
    if (b->o->out_path && write_json(b) != 0)
        b->failed = 1;
    pthread_mutex_unlock(&b->lock);
}

/* Load earlier runs of the same configuration from out_path. */
static int resume(batch *b)
{
    if (access(b->o->out_path, F_OK) != 0 && errno == ENOENT)
        return 0;
    char err[600];
    json_t *old = json_read_file(b->o->out_path, MG_RESULTS_MAX_BYTES, 0, err, sizeof err);
    if (!old) {
        fprintf(stderr, "hane-mapgen: %s\n", err);
        return 1;
    }
    json_t *want = mg_config_json(b->c), *have = json_object_get(old, "config");
    int rc = 0;
    if (!json_equal(want, have)) {
        fprintf(stderr,
                "hane-mapgen: %s holds results of another configuration (config differs); "
                "use another --out or remove it\n",
                b->o->out_path);
        rc = 1;
    } else {
        json_t *runs = json_object_get(old, "runs");
        size_t k;
        json_t *r;
        int kept = 0;
        json_array_foreach(runs, k, r) {
            json_t *ix = json_object_get(r, "index");
            if (!json_is_integer(ix)) {
                fprintf(stderr, "hane-mapgen: %s: runs[%zu].index is missing\n",
                        b->o->out_path, k);
                rc = 1;
                break;
            }
            json_int_t i = json_integer_value(ix);
            if (i >= 0 && i < b->c->runs) {
                json_array_set(b->records, (size_t)i, r);
                kept++;
            }
        }
        if (rc == 0 && kept && b->o->log)
            fprintf(b->o->log, "resuming %s: %d runs done\n", b->o->out_path, kept);
    }
    json_decref(want);
    json_decref(old);
    return rc;
}

int mg_batch_run(const mg_config *c, const mg_batch_opts *o)
{
    batch b;
    memset(&b, 0, sizeof b);
    b.c = c;
    b.o = o;
    pthread_mutex_init(&b.lock, NULL);
    b.records = json_array();
    for (int i = 0; i < c->runs; i++)
        json_array_append_new(b.records, json_null());
    int rc = 0;
    if (o->maps_dir && mkdir(o->maps_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "hane-mapgen: cannot create %s: %s\n", o->maps_dir, strerror(errno));
        rc = 1;
    }
    /* one writer per results file: two processes resuming the same file would each
     * rewrite it with only their own runs. The lock file is removed by its holder
     * on the way out; a process that locked a file someone removed meanwhile (its
     * path now names another file, or none) did not get the lock. */
    int lock_fd = -1;
    bool locked = false;
    char lp[4096];
    if (rc == 0 && o->out_path) {
        snprintf(lp, sizeof lp, "%s.lock", o->out_path);
        lock_fd = open(lp, O_CREAT | O_RDWR, 0666);
        struct stat held, named;
        locked = lock_fd >= 0 && flock(lock_fd, LOCK_EX | LOCK_NB) == 0 &&
                 fstat(lock_fd, &held) == 0 && stat(lp, &named) == 0 &&
                 held.st_dev == named.st_dev && held.st_ino == named.st_ino;
        if (!locked) {
            fprintf(stderr, "hane-mapgen: %s is in use by another hane-mapgen (%s)\n",
                    o->out_path, lock_fd < 0 ? strerror(errno) : "locked");
            rc = 1;
        }
    }
    if (rc == 0 && o->out_path)
        rc = resume(&b);
    if (rc == 0) {
        parallel_for(c->runs, c->jobs > 64 ? 64 : c->jobs, run_task, &b);
        rc = b.failed;
        if (rc == 0 && o->out_path)
            rc = write_json(&b);
        if (o->log) {
            json_t *runs = json_array();
            for (int i = 0; i < c->runs; i++) {
                json_t *r = json_array_get(b.records, (size_t)i);
                if (!json_is_null(r))
                    json_array_append(runs, r);
            }
            json_t *s = mg_summary_json(runs);
            fprintf(o->log,
                    "summary %s %s %s: playability %.1f%% (%lld/%lld), time %.3f ± %.3f s",
                    c->p->name, mg_rep_name(c->rep), mg_algo_name(c->algo),
                    json_number_value(json_object_get(s, "playability")),
                    (long long)json_integer_value(json_object_get(s, "found")),
                    (long long)json_integer_value(json_object_get(s, "runs")),
                    json_number_value(json_object_get(s, "time_mean")),
                    json_number_value(json_object_get(s, "time_sd")));
            if (json_is_real(json_object_get(s, "max_depth_mean")))
                fprintf(o->log, ", max depth %.1f ± %.1f",
                        json_real_value(json_object_get(s, "max_depth_mean")),
                        json_real_value(json_object_get(s, "max_depth_sd")));
            fprintf(o->log, ", %.0f evals/s\n",
                    json_number_value(json_object_get(s, "evals_per_sec")));
            json_decref(s);
            json_decref(runs);
        }
    }
    if (locked)
        unlink(lp);       /* before the close that releases the lock */
    if (lock_fd >= 0)
        close(lock_fd);
    json_decref(b.records);
    pthread_mutex_destroy(&b.lock);
    return rc;
}
