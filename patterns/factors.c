/* factors — stochastic gradient training of latent-factor interactions. */
#include "patterns/factors.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Gradients below this move nothing worth the memory traffic: most candidates
 * of a position have a probability near zero. */
#define GRAD_EPS 1e-4

struct fjob {
    struct pat_gammas *t;
    float **lg;         /* log-gammas being trained, or NULL (gammas fixed) */
    double gamma_rate;
    const struct mm_model *m;
    struct mm_shard *s;
    double rate, reg;
    uint64_t rng;
    size_t *order;
    float *sums;        /* per candidate of the current position: sum of its vectors */
    double *score;
    pat_vec *vec;       /* the current position's candidates */
    uint16_t *mult;
    double loglik;
    size_t seen;
};

static uint64_t next_rand(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static void *fjob_run(void *arg)
{
    struct fjob *j = arg;
    struct pat_gammas *t = j->t;
    struct mm_shard *s = j->s;
    int k = t->n_factors;
    /* a fresh order of positions every epoch (Fisher–Yates) */
    for (size_t i = s->n_pos; i > 1; i--) {
        size_t r = (size_t)(next_rand(&j->rng) % i);
        size_t tmp = j->order[i - 1];
        j->order[i - 1] = j->order[r];
        j->order[r] = tmp;
    }
    j->loglik = 0;
    j->seen = 0;
    for (size_t oi = 0; oi < s->n_pos; oi++) {
        int played;
        size_t n = (size_t)mm_shard_position(s, j->order[oi], j->vec, j->mult, &played);
        long w = played;
        double mx = -INFINITY;
        for (size_t i = 0; i < n; i++) {
            pat_vec v = j->vec[i];
            float *sum = j->sums + i * (size_t)k;
            double base = 0;
            if (j->lg)
                for (int f = 0; f < PAT_NFEAT; f++) {
                    unsigned x = pat_get(v, (enum pat_feature)f);
                    if (x && (int)x < t->n_values[f])
                        base += j->lg[f][x];
                }
            double inter = pat_gammas_factor_sum(t, v, sum);
            double sc = (j->lg ? base : log(mm_strength(j->m, v))) + inter;
            j->score[i] = sc;
            if (sc > mx)
                mx = sc;
        }
        double z = 0;
        for (size_t i = 0; i < n; i++) {
            j->score[i] = j->mult[i] * exp(j->score[i] - mx);
            z += j->score[i];
        }
        j->loglik += log(j->score[w] / j->mult[w] / z);
        j->seen++;
        for (size_t i = 0; i < n; i++) {
            /* d log P(played) / d score_i = [i played] - P(i) */
            double g = ((long)i == w) - j->score[i] / z;
            if (fabs(g) < GRAD_EPS)
                continue;
            const float *sum = j->sums + i * (size_t)k;
            pat_vec v = j->vec[i];
            for (int f = 0; f < PAT_NFEAT; f++) {
                unsigned x = pat_get(v, (enum pat_feature)f);
                if (!x)
                    continue;
                if (j->lg && (int)x < t->n_values[f])
                    j->lg[f][x] += (float)(j->gamma_rate * g);
                unsigned slot = pat_factor_slot(t, f, x);
                if ((int)slot >= t->n_slots[f])
                    continue;
                float *u = t->factor[f] + (size_t)slot * (size_t)k;
                /* d score / d u = (sum of the move's vectors) - u */
                for (int d = 0; d < k; d++)
                    u[d] += (float)(j->rate * (g * (sum[d] - u[d]) - j->reg * u[d]));
            }
        }
    }
    return NULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

bool pat_factors_train(struct pat_gammas *t, const struct mm_model *m,
                       struct mm_shard *shards, int n_shards,
                       const struct pat_factor_params *p, pat_factor_report_fn report,
                       void *ctx)
{
    if (!p || p->k < 1 || p->k > PAT_MAX_FACTORS || p->epochs < 0 || n_shards < 1
        || n_shards > 64 || !(p->rate > 0) || !(p->reg >= 0) || !(p->init > 0))
        return false;
    if (!pat_gammas_set_factors(t, p->k))
        return false;
    uint64_t rng = p->seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    for (int f = 0; f < PAT_NFEAT; f++)
        for (size_t i = 0; i < (size_t)t->n_slots[f] * (size_t)p->k; i++)
            t->factor[f][i] = (float)(p->init * ((double)(next_rand(&rng) >> 11) / 4503599627370496.0 - 1.0));
    /* Values that never occur in the data keep a zero vector (no interaction,
     * nothing written to the table), not their random start. */
    uint8_t *occurs[PAT_NFEAT] = { NULL };
    bool ok = true;
    for (int f = 0; f < PAT_NFEAT; f++)
        if (!(occurs[f] = calloc((size_t)t->n_slots[f], 1)))
            ok = false;
    pat_vec *vec = malloc(sizeof *vec * (BOARD_MAX_POINTS + 1));
    uint16_t *mult = malloc(sizeof *mult * (BOARD_MAX_POINTS + 1));
    if (!vec || !mult)
        ok = false;
    for (int s = 0; s < n_shards && ok; s++)
        for (size_t q = 0; q < shards[s].n_pos; q++) {
            int w, n = mm_shard_position(&shards[s], q, vec, mult, &w);
            for (int i = 0; i < n; i++)
                for (int f = 0; f < PAT_NFEAT; f++) {
                    unsigned x = pat_get(vec[i], (enum pat_feature)f);
                    unsigned slot = x ? pat_factor_slot(t, f, x) : 0;
                    if (slot && (int)slot < t->n_slots[f])
                        occurs[f][slot] = 1;
                }
        }
    free(vec);
    free(mult);
    for (int f = 0; f < PAT_NFEAT; f++) {
        for (int slot = 0; slot < t->n_slots[f] && ok; slot++)
            if (!occurs[f][slot])
                memset(t->factor[f] + (size_t)slot * (size_t)p->k, 0, sizeof(float) * (size_t)p->k);
        free(occurs[f]);
    }
    struct fjob jobs[64];
    float *lg[PAT_NFEAT] = { NULL };
    if (p->gamma_rate > 0)
        for (int f = 0; f < PAT_NFEAT; f++) {
            lg[f] = malloc(sizeof *lg[f] * (size_t)t->n_values[f]);
            if (!lg[f])
                ok = false;
            else
                for (int x = 0; x < t->n_values[f]; x++)
                    lg[f][x] = logf(t->gamma[f][x]);
        }
    for (int s = 0; s < n_shards; s++) {
        size_t maxn = BOARD_MAX_POINTS + 1;
        jobs[s] = (struct fjob){ .t = t, .m = m, .s = &shards[s], .reg = p->reg,
                                 .lg = p->gamma_rate > 0 ? lg : NULL, .gamma_rate = p->gamma_rate,
                                 .rng = rng ^ (0xD1B54A32D192ED03ull * (uint64_t)(s + 1)) };
        jobs[s].order = malloc(sizeof *jobs[s].order * (shards[s].n_pos + 1));
        jobs[s].sums = malloc(sizeof *jobs[s].sums * (maxn + 1) * (size_t)p->k);
        jobs[s].score = malloc(sizeof *jobs[s].score * (maxn + 1));
        jobs[s].vec = malloc(sizeof *jobs[s].vec * maxn);
        jobs[s].mult = malloc(sizeof *jobs[s].mult * maxn);
        if (!jobs[s].order || !jobs[s].sums || !jobs[s].score || !jobs[s].vec || !jobs[s].mult)
            ok = false;
        else
            for (size_t q = 0; q < shards[s].n_pos; q++)
                jobs[s].order[q] = q;
    }
    for (int e = 0; e < p->epochs && ok; e++) {
        double t0 = now();
        double rate = e < 2 ? p->rate : p->rate / (double)(1 << (e - 1 < 20 ? e - 1 : 20));
        pthread_t th[64];
        bool started[64] = { false };
        for (int s = 0; s < n_shards; s++) {
            jobs[s].rate = rate;
            if (s > 0)
                started[s] = pthread_create(&th[s], NULL, fjob_run, &jobs[s]) == 0;
        }
        fjob_run(&jobs[0]);
        for (int s = 1; s < n_shards; s++) {
            if (started[s])
                pthread_join(th[s], NULL);
            else
                fjob_run(&jobs[s]);
        }
        double ll = 0;
        size_t seen = 0;
        for (int s = 0; s < n_shards; s++) {
            ll += jobs[s].loglik;
            seen += jobs[s].seen;
        }
        if (report)
            report(ctx, e + 1, seen ? ll / (double)seen : 0, now() - t0);
    }
    for (int f = 0; f < PAT_NFEAT; f++) {
        if (lg[f] && ok)
            for (int x = 1; x < t->n_values[f]; x++) {
                float g = expf(lg[f][x]);
                t->gamma[f][x] = g > 1e-30f && g < 1e30f ? g : g > 1 ? 1e30f : 1e-30f;
            }
        free(lg[f]);
    }
    for (int s = 0; s < n_shards; s++) {
        free(jobs[s].order);
        free(jobs[s].sums);
        free(jobs[s].score);
        free(jobs[s].vec);
        free(jobs[s].mult);
    }
    return ok;
}
