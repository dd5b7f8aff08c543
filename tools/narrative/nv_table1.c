/* nv_table1.c — Table 1: every (budget, algorithm, run) is one job, run by parallel_for
 * (each job owns its generator, so results do not depend on the thread count). */
#include "tools/narrative/nv_table1.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "tools/common/parallel.h"
#include "tools/narrative/nv_report.h"

typedef struct job {
    nv_params p;
    nv_result r;
    int rc;
} job;

typedef struct pool {
    const nv_world *w;
    job *jobs;
} pool;

static void run_job(void *arg, int k)
{
    pool *pl = arg;
    job *j = &pl->jobs[k];
    char err[256];
    j->rc = nv_search(pl->w, &j->p, &j->r, err, sizeof err);
    if (j->rc)
        fprintf(stderr, "hane-narrative: %s budget %llu run %d: %s\n", nv_algo_name(j->p.algo),
                (unsigned long long)j->p.budget, j->p.run, err);
    else
        fprintf(stderr, "  %-4s budget %8llu seed %d: E = %.4g (%.1f s)\n",
                nv_algo_name(j->p.algo), (unsigned long long)j->p.budget, (int)j->p.seed,
                j->r.best.E, j->r.time_ms / 1e3);
}

/* the paper's Table 1 and the calibration the README's Table 1 explains, per [budget row][algo] */
static const char *const paper[2][4] = { { "0.07", "0.05", "<0.001", "0.005" },
                                         { "0.9", "0.06", "<0.01", "<0.01" } };
static const char *const calib[2][4] = { { "0.05", "0.05", "0.003-0.01", "0" },
                                         { "0.9", "0.05", "0.003-0.01", "0" } };

int nv_table1(const nv_world *w, const nv_table1_opts *o)
{
    int n = 0;
    job *jobs = calloc((size_t)(o->n_budgets * 4 * o->runs), sizeof *jobs);
    if (!jobs)
        return -1;
    for (int b = 0; b < o->n_budgets; b++)
        for (int a = 0; a < 4; a++)
            for (int r = 0; o->algos[a] && r < o->runs; r++) {
                nv_params p = nv_params_default();
                p.algo = (nv_algo)a;
                p.budget = o->budgets[b];
                p.seed = (uint64_t)(r + 1);
                p.run = 0;
                jobs[n++].p = p;
            }
    pool pl = { w, jobs };
    parallel_for(n, o->jobs > 64 ? 64 : o->jobs, run_job, &pl);

    json_t *cells = json_array();
    printf("Table 1: mean ± sd of the best story's E over %d runs per cell (seeds 1..%d)\n",
           o->runs, o->runs);
    printf("%-10s %-6s %-18s %-8s %-11s %s\n", "budget", "algo", "ours", "paper",
           "calibration", "best run");
    for (int b = 0; b < o->n_budgets; b++) {
        int row = o->budgets[b] >= 1000000 ? 1 : 0;
        bool paper_row = o->budgets[b] == 100000 || o->budgets[b] == 3000000;
        for (int a = 0; a < 4; a++) {
            if (!o->algos[a])
                continue;
            double sum = 0, sq = 0;
            int cnt = 0, best = -1;
            json_t *es = json_array();
            for (int k = 0; k < n; k++) {
                if (jobs[k].p.budget != o->budgets[b] || (int)jobs[k].p.algo != a ||
                    jobs[k].rc)
                    continue;
                double e = jobs[k].r.best.E;
                sum += e;
                sq += e * e;
                cnt++;
                json_array_append_new(es, json_real(e));
                if (best < 0 || e > jobs[best].r.best.E)
                    best = k;
            }
            double mean = cnt ? sum / cnt : 0;
            double sd = cnt > 1 ? sqrt(fmax(0, (sq - cnt * mean * mean) / (cnt - 1))) : 0;
            char ours[40];
            snprintf(ours, sizeof ours, "%.4f ± %.4f", mean, sd);
            printf("%-10llu %-6s %-18s %-8s %-11s seed %d: E = %.4g\n",
                   (unsigned long long)o->budgets[b], nv_algo_name((nv_algo)a), ours,
                   paper_row ? paper[row][a] : "-", paper_row ? calib[row][a] : "-",
                   best >= 0 ? (int)jobs[best].p.seed : 0, best >= 0 ? jobs[best].r.best.E : 0);
            json_t *cell = json_pack("{s:I, s:s, s:i, s:f, s:f, s:o}", "budget",
                                     (json_int_t)o->budgets[b], "algo",
                                     nv_algo_name((nv_algo)a), "runs", cnt, "mean", mean,
                                     "sd", sd, "E", es);
            if (paper_row) {
                json_object_set_new(cell, "paper", json_string(paper[row][a]));
                json_object_set_new(cell, "calibration", json_string(calib[row][a]));
            }
            if (best >= 0)
                json_object_set_new(cell, "best_run",
                                    nv_result_json(w, &jobs[best].p, &jobs[best].r));
            json_array_append_new(cells, cell);
        }
    }
    int rc = 0;
    if (o->out_dir) {
        mkdir(o->out_dir, 0777);
        char path[1024];
        snprintf(path, sizeof path, "%s/table1.json", o->out_dir);
        if (json_dump_file(cells, path, JSON_INDENT(1)) != 0) {
            fprintf(stderr, "hane-narrative: cannot write %s\n", path);
            rc = -1;
        }
        snprintf(path, sizeof path, "%s/table1.csv", o->out_dir);
        FILE *f = fopen(path, "w");
        if (f) {
            fprintf(f, "budget,algo,seed,E,B,G,nodes_created,peak_nodes,time_ms\n");
            for (int k = 0; k < n; k++)
                if (!jobs[k].rc)
                    fprintf(f, "%llu,%s,%llu,%.6g,%.6g,%.3g,%llu,%llu,%.1f\n",
                            (unsigned long long)jobs[k].p.budget, nv_algo_name(jobs[k].p.algo),
                            (unsigned long long)jobs[k].p.seed, jobs[k].r.best.E,
                            jobs[k].r.best.B, jobs[k].r.best.G,
                            (unsigned long long)jobs[k].r.nodes_created,
                            (unsigned long long)jobs[k].r.peak_nodes, jobs[k].r.time_ms);
            fclose(f);
        } else {
            fprintf(stderr, "hane-narrative: cannot write %s\n", path);
            rc = -1;
        }
    }
    json_decref(cells);
    free(jobs);
    return rc;
}
