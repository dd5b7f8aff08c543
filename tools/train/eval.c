/* eval — ranking the played move among all legal moves by BT strength. */
#include "tools/train/eval.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tools/train/dataset.h"
#include "tools/train/phase.h"
#include "tools/train/progress.h"

struct eval_job {
    const struct corpus *c;
    const struct pat_gammas *t;
    struct pat_opts o;
    int k, n;
    atomic_size_t *done;
    int move_no;         /* of the position being rated, from 1 in each game */
    bool passed;         /* the game has had a pass before it */
    struct eval_result r;
    point moves[BOARD_MAX_POINTS + 1];
    pat_vec vecs[BOARD_MAX_POINTS + 1];
};

static void eval_position(void *ctx, const struct board *b, enum color c, point p)
{
    struct eval_job *j = ctx;
    int move_no = ++j->move_no;
    bool first_pass = p == PASS && !j->passed;
    if (p == PASS)
        j->passed = true;
    int n = pat_all_features(b, c, &j->o, j->moves, j->vecs);
    int w = -1;
    double total = 0, sw = 0;
    double str[BOARD_MAX_POINTS + 1];
    for (int i = 0; i < n; i++) {
        str[i] = pat_gammas_strength(j->t, j->vecs[i]);
        total += str[i];
        if (j->moves[i] == p) {
            w = i;
            sw = str[i];
        }
    }
    if (w < 0)
        return;
    int greater = 0, equal = 0;
    for (int i = 0; i < n; i++)
        if (i != w) {
            if (str[i] > sw)
                greater++;
            else if (str[i] == sw)
                equal++;
        }
    double lp = log(sw / total);
    eval_cum_add(j->r.cum, greater, equal);
    j->r.positions++;
    j->r.log_evidence += lp;
    int parts[EVAL_NPARTS];
    int np = eval_parts_of(move_no, p == PASS, first_pass, parts);
    for (int i = 0; i < np; i++) {
        struct eval_part *pt = &j->r.part[parts[i]];
        eval_cum_add(pt->cum, greater, equal);
        pt->positions++;
        pt->log_evidence += lp;
    }
}

static void *eval_worker(void *arg)
{
    struct eval_job *j = arg;
    for (size_t i = (size_t)j->k; i < j->c->n_games; i += (size_t)j->n) {
        j->move_no = 0;
        j->passed = false;
        train_replay(&j->c->games[i], eval_position, j);
        j->r.games++;
        atomic_fetch_add(j->done, 1);
    }
    return NULL;
}

void train_eval(const struct corpus *c, const struct pat_gammas *t, unsigned disabled,
                int threads, struct eval_result *r, bool quiet)
{
    if (threads < 1)
        threads = 1;
    if (threads > 64)
        threads = 64;
    struct eval_job *jobs = calloc((size_t)threads, sizeof *jobs);
    if (!jobs) {
        fprintf(stderr, "hane-train: out of memory\n");
        exit(1);
    }
    atomic_size_t done;
    atomic_init(&done, 0);
    pthread_t th[64];
    bool started[64] = { false };
    for (int k = 0; k < threads; k++) {
        jobs[k].c = c;
        jobs[k].t = t;
        pat_gammas_opts(t, &jobs[k].o);
        jobs[k].o.disabled = disabled;
        jobs[k].k = k;
        jobs[k].n = threads;
        jobs[k].done = &done;
        started[k] = pthread_create(&th[k], NULL, eval_worker, &jobs[k]) == 0;
    }
    for (int k = 0; k < threads; k++)
        if (!started[k])
            eval_worker(&jobs[k]);
    struct progress pr;
    progress_start(&pr, "evaluating", c->n_games, quiet);
    while (atomic_load(&done) < c->n_games) {
        progress_update(&pr, atomic_load(&done));
        nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
    }
    for (int k = 0; k < threads; k++)
        if (started[k])
            pthread_join(th[k], NULL);
    progress_end(&pr, c->n_games);
    memset(r, 0, sizeof *r);
    for (int k = 0; k < threads; k++) {
        r->games += jobs[k].r.games;
        r->positions += jobs[k].r.positions;
        r->log_evidence += jobs[k].r.log_evidence;
        for (int i = 0; i <= EVAL_MAXK; i++)
            r->cum[i] += jobs[k].r.cum[i];
        for (int q = 0; q < EVAL_NPARTS; q++) {
            const struct eval_part *from = &jobs[k].r.part[q];
            r->part[q].positions += from->positions;
            r->part[q].log_evidence += from->log_evidence;
            for (int i = 0; i <= EVAL_MAXK; i++)
                r->part[q].cum[i] += from->cum[i];
        }
    }
    if (r->positions)
        r->log_evidence /= (double)r->positions;
    free(jobs);
}

bool eval_write_curve(const struct eval_result *r, const char *csv, const char *png,
                      const char *title)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", csv, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        perror(tmp);
        return false;
    }
    fprintf(f, "k,top_k\n");
    for (int k = 1; k <= EVAL_MAXK; k++)
        fprintf(f, "%d,%.6f\n", k, eval_top(r, k));
    if (fclose(f) != 0 || rename(tmp, csv) != 0) {
        perror(csv);
        remove(tmp);
        return false;
    }
    if (!png)
        return true;
    FILE *g = popen("gnuplot 2>&1", "w");
    if (!g) {
        fprintf(stderr, "hane-train: gnuplot not available: no PNG written\n");
        return true;
    }
    fprintf(g, "set terminal png size 800,560\nset output '%s'\n"
               "set datafile separator ','\nset key bottom right\nset grid\n"
               "set xlabel 'T (moves ranked by the model)'\n"
               "set ylabel 'played move in the top T'\nset yrange [0:1]\n"
               "set logscale x\nset title '%s'\n"
               "plot '%s' using 1:2 skip 1 with linespoints pt 7 ps 0.5 title 'cumulative'\n",
            png, title, csv);
    int rc = pclose(g);
    if (rc != 0) {
        fprintf(stderr, "hane-train: gnuplot failed (status %d): no PNG written\n", rc);
        return true;
    }
    return true;
}
