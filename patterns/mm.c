/* mm — minorization–maximization over sharded positions, one thread per shard. */
#include "patterns/mm.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static int cmp_vec(const void *a, const void *b)
{
    pat_vec x = *(const pat_vec *)a, y = *(const pat_vec *)b;
    return x < y ? -1 : x > y;
}

static bool grow(void **p, size_t cap, size_t elem)
{
    void *q = realloc(*p, cap * elem);
    if (!q)
        return false;
    *p = q;
    return true;
}

/* Room for `more` candidates and one more position. */
static bool reserve(struct mm_shard *s, size_t more)
{
    if (s->n + more > s->cap) {
        size_t c = s->cap ? s->cap : 4096;
        while (c < s->n + more)
            c *= 2;
        if (!grow((void **)&s->vec, c, sizeof *s->vec)
            || !grow((void **)&s->mult, c, sizeof *s->mult)
            || !grow((void **)&s->str, c, sizeof *s->str))
            return false;
        s->cap = c;
    }
    if (s->n_pos + 2 > s->cap_pos) {
        size_t c = s->cap_pos ? s->cap_pos * 2 : 1024;
        if (!grow((void **)&s->start, c, sizeof *s->start)
            || !grow((void **)&s->winner, c, sizeof *s->winner))
            return false;
        s->cap_pos = c;
    }
    return true;
}

bool mm_shard_add(struct mm_shard *s, const pat_vec *vecs, int n, int winner)
{
    if (n <= 0 || n > BOARD_MAX_POINTS + 1 || winner < 0 || winner >= n)
        return false;
    if (!reserve(s, (size_t)n))
        return false;
    pat_vec sorted[BOARD_MAX_POINTS + 1];
    memcpy(sorted, vecs, sizeof *sorted * (size_t)n);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_vec);
    if (s->n_pos == 0)
        s->start[0] = 0;
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && sorted[j] == sorted[i])
            j++;
        s->vec[s->n] = sorted[i];
        s->mult[s->n] = (uint16_t)(j - i);
        s->n++;
        i = j;
    }
    s->winner[s->n_pos] = vecs[winner];
    s->n_pos++;
    s->start[s->n_pos] = s->n;
    return true;
}

void mm_shard_trim(struct mm_shard *s)
{
    size_t c = s->n ? s->n : 1, cp = s->n_pos + 2;
    if (c < s->cap && grow((void **)&s->vec, c, sizeof *s->vec)
        && grow((void **)&s->mult, c, sizeof *s->mult)
        && grow((void **)&s->str, c, sizeof *s->str))
        s->cap = c;
    if (cp < s->cap_pos && grow((void **)&s->start, cp, sizeof *s->start)
        && grow((void **)&s->winner, cp, sizeof *s->winner))
        s->cap_pos = cp;
}

void mm_shard_free(struct mm_shard *s)
{
    free(s->vec);
    free(s->mult);
    free(s->str);
    free(s->start);
    free(s->winner);
    memset(s, 0, sizeof *s);
}

size_t mm_shard_bytes(const struct mm_shard *s)
{
    return s->cap * (sizeof *s->vec + sizeof *s->mult + sizeof *s->str)
         + s->cap_pos * (sizeof *s->start + sizeof *s->winner);
}

bool mm_model_init(struct mm_model *m, int n_large)
{
    memset(m, 0, sizeof *m);
    for (int f = 0; f < PAT_NFEAT; f++) {
        int n = f == PAT_F_LARGE ? n_large + 1 : pat_feature_nvalues((enum pat_feature)f);
        m->n_values[f] = n;
        m->gamma[f] = malloc(sizeof(double) * (size_t)n);
        m->wins[f] = calloc((size_t)n, sizeof(double));
        if (!m->gamma[f] || !m->wins[f]) {
            mm_model_free(m);
            return false;
        }
        for (int v = 0; v < n; v++)
            m->gamma[f][v] = 1.0;
    }
    return true;
}

void mm_model_free(struct mm_model *m)
{
    for (int f = 0; f < PAT_NFEAT; f++) {
        free(m->gamma[f]);
        free(m->wins[f]);
    }
    memset(m, 0, sizeof *m);
}

void mm_count_wins(struct mm_model *m, struct mm_shard *shards, int n_shards)
{
    for (int f = 0; f < PAT_NFEAT; f++)
        memset(m->wins[f], 0, sizeof(double) * (size_t)m->n_values[f]);
    for (int k = 0; k < n_shards; k++)
        for (size_t j = 0; j < shards[k].n_pos; j++)
            for (int f = 0; f < PAT_NFEAT; f++) {
                unsigned v = pat_get(shards[k].winner[j], (enum pat_feature)f);
                if (v && (int)v < m->n_values[f])
                    m->wins[f][v] += 1;
            }
    if (m->sum)
        for (int f = 0; f < PAT_NFEAT; f++)
            m->sum(m->sum_ctx, m->wins[f], (size_t)m->n_values[f]);
}

static double strength(const struct mm_model *m, pat_vec v)
{
    double s = 1.0;
    for (int f = 0; f < PAT_NFEAT; f++) {
        unsigned x = pat_get(v, (enum pat_feature)f);
        if (x && (int)x < m->n_values[f])
            s *= m->gamma[f][x];
    }
    return s;
}

/* The work of one thread in one pass. */
enum pass_kind { PASS_STRENGTH, PASS_DENOM, PASS_RESCALE };

struct job {
    const struct mm_model *m;
    struct mm_shard *s;
    enum pass_kind kind;
    int f;
    double *den;              /* PASS_DENOM: per-value sums of this thread */
    const double *ratio;      /* PASS_RESCALE: new / old gamma per value */
    double loglik;            /* PASS_STRENGTH: sum of log P(played move) */
};

static void *run_job(void *arg)
{
    struct job *j = arg;
    struct mm_shard *s = j->s;
    const struct mm_model *m = j->m;
    int f = j->f;
    unsigned nv = (unsigned)m->n_values[f];   /* values >= nv are not trained */
    unsigned shift = pat_shift[f];
    uint64_t mask = (1ull << pat_bits[f]) - 1;
    switch (j->kind) {
    case PASS_STRENGTH:
        j->loglik = 0;
        for (size_t p = 0; p < s->n_pos; p++) {
            double e = 0;
            for (size_t i = s->start[p]; i < s->start[p + 1]; i++) {
                double st = strength(m, s->vec[i]);
                s->str[i] = st;
                e += st * s->mult[i];
            }
            j->loglik += log(strength(m, s->winner[p]) / e);
        }
        break;
    case PASS_DENOM: {
        const double *g = m->gamma[f];
        for (size_t p = 0; p < s->n_pos; p++) {
            double e = 0;
            size_t a = s->start[p], b = s->start[p + 1];
            for (size_t i = a; i < b; i++)
                e += (double)s->str[i] * s->mult[i];
            double inv = 1.0 / e;
            for (size_t i = a; i < b; i++) {
                unsigned v = (unsigned)((s->vec[i] >> shift) & mask);
                if (v && v < nv)
                    j->den[v] += (double)s->str[i] * s->mult[i] / g[v] * inv;
            }
        }
        break;
    }
    case PASS_RESCALE:
        for (size_t i = 0; i < s->n; i++) {
            unsigned v = (unsigned)((s->vec[i] >> shift) & mask);
            if (v && v < nv)
                s->str[i] *= j->ratio[v];
        }
        break;
    }
    return NULL;
}

/* Runs jobs[1..n) on their own threads and jobs[0] on this one (a thread that
 * cannot be created runs its job here too, so the result never changes). */
static void run_pass(struct job *jobs, int n)
{
    pthread_t th[64];
    bool started[64] = { false };
    for (int k = 1; k < n; k++) {
        started[k] = pthread_create(&th[k], NULL, run_job, &jobs[k]) == 0;
        if (!started[k])
            run_job(&jobs[k]);
    }
    run_job(&jobs[0]);
    for (int k = 1; k < n; k++)
        if (started[k])
            pthread_join(th[k], NULL);
}

double mm_log_likelihood(struct mm_model *m, struct mm_shard *shards, int n_shards)
{
    struct job jobs[64];
    size_t n_pos = 0;
    for (int k = 0; k < n_shards && k < 64; k++) {
        jobs[k] = (struct job){ .m = m, .s = &shards[k], .kind = PASS_STRENGTH };
        n_pos += shards[k].n_pos;
    }
    run_pass(jobs, n_shards);
    double tot[2] = { 0, (double)n_pos };
    for (int k = 0; k < n_shards && k < 64; k++)
        tot[0] += jobs[k].loglik;
    if (m->sum)
        m->sum(m->sum_ctx, tot, 2);
    return tot[1] > 0 ? tot[0] / tot[1] : 0;
}

double mm_iterate(struct mm_model *m, struct mm_shard *shards, int n_shards)
{
    if (n_shards > 64)
        n_shards = 64;
    double ll = mm_log_likelihood(m, shards, n_shards);
    struct job jobs[64];
    for (int f = 0; f < PAT_NFEAT; f++) {
        if (m->skip & 1u << f)
            continue;
        int nv = m->n_values[f];
        if (nv <= 1)
            continue;
        double *den = calloc((size_t)nv * (size_t)n_shards, sizeof *den);
        double *ratio = malloc(sizeof *ratio * (size_t)nv);
        if (!den || !ratio) {
            free(den);
            free(ratio);
            continue;   /* out of memory: leave this feature as it is */
        }
        for (int k = 0; k < n_shards; k++)
            jobs[k] = (struct job){ .m = m, .s = &shards[k], .kind = PASS_DENOM, .f = f,
                                    .den = den + (size_t)k * (size_t)nv };
        run_pass(jobs, n_shards);
        /* the shards' sums, in shard order, land in shard 0's row */
        for (int v = 1; v < nv; v++) {
            double d = 0;
            for (int k = 0; k < n_shards; k++)
                d += den[(size_t)k * (size_t)nv + (size_t)v];
            den[v] = d;
        }
        if (m->sum)
            m->sum(m->sum_ctx, den, (size_t)nv);
        ratio[0] = 1.0;
        for (int v = 1; v < nv; v++) {
            double d = den[v];
            double g = m->gamma[f][v];
            double ng = (m->wins[f][v] + 1.0) / (d + 2.0 / (g + 1.0));
            ratio[v] = ng / g;
            m->gamma[f][v] = ng;
        }
        for (int k = 0; k < n_shards; k++)
            jobs[k] = (struct job){ .m = m, .s = &shards[k], .kind = PASS_RESCALE, .f = f,
                                    .ratio = ratio };
        run_pass(jobs, n_shards);
        free(den);
        free(ratio);
    }
    return ll;
}
