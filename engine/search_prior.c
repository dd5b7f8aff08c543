/* search_prior — BT probabilities of a node's moves and their order. */
#include "engine/search_prior.h"

#include <stdlib.h>

#include "patterns/gammas.h"

bool search_prior_table_init(struct search_prior_table *t, const struct pat_gammas *g)
{
    *t = (struct search_prior_table){ .g = g };
    int k = g->n_factors;
    if (!k)
        return true;
    for (int f = 0; f < PAT_NFEAT; f++) {
        int n = g->n_slots[f];
        if (n <= 0)
            continue;
        t->norm[f] = malloc((size_t)n * sizeof *t->norm[f]);
        if (!t->norm[f]) {
            search_prior_table_free(t);
            return false;
        }
        for (int slot = 0; slot < n; slot++) {
            const float *u = g->factor[f] + (size_t)slot * (size_t)k;
            double sq = 0;
            for (int i = 0; i < k; i++)
                sq += (double)u[i] * u[i];
            t->norm[f][slot] = sq;
        }
    }
    return true;
}

void search_prior_table_free(struct search_prior_table *t)
{
    for (int f = 0; f < PAT_NFEAT; f++)
        free(t->norm[f]);
    *t = (struct search_prior_table){ 0 };
}

double search_prior_strength(const struct search_prior_table *t, pat_vec v)
{
    unsigned val[PAT_NFEAT];
    for (int f = 0; f < PAT_NFEAT; f++)
        val[f] = pat_get(v, (enum pat_feature)f);
    return search_prior_strength_values(t, val);
}

/* The strength with `k` factors a value; inlined with k a constant for the
 * trained tables' 8, so the sums stay in registers (with k from the table,
 * the 32-float sum is zeroed by `rep stos` and goes through the stack at
 * every feature). */
static inline __attribute__((always_inline)) double
strength_k(const struct search_prior_table *t, const unsigned val[PAT_NFEAT], const int k)
{
    const struct pat_gammas *g = t->g;
    float sum[PAT_MAX_FACTORS];
    for (int i = 0; i < k; i++)
        sum[i] = 0;
    double s = 1.0, sq = 0;
    for (int f = 0; f < PAT_NFEAT; f++) {
        unsigned x = val[f];
        if (!x)
            continue;
        s *= g->gamma[f][x];
        if (!k)
            continue;
        unsigned slot = pat_factor_slot(g, f, x);
        if ((int)slot >= g->n_slots[f])
            continue;
        /* The vector sum in the order of pat_gammas_factor_sum, so it is the
         * same float; only the squared norms come summed per slot. */
        const float *u = g->factor[f] + (size_t)slot * (size_t)k;
        for (int i = 0; i < k; i++)
            sum[i] += u[i];
        sq += t->norm[f][slot];
    }
    if (!k)
        return s;
    double s2 = 0;
    for (int i = 0; i < k; i++)
        s2 += (double)sum[i] * sum[i];
    return s * exp(0.5 * (s2 - sq));
}

double search_prior_strength_values(const struct search_prior_table *t,
                                    const unsigned val[PAT_NFEAT])
{
    int k = t->g->n_factors;
    return k == 8 ? strength_k(t, val, 8) : strength_k(t, val, k);
}

struct ranked {
    double strength;
    point move;
    uint8_t hint;
};

/* The children's order: decreasing strength, ties by point (a total order,
 * the moves being distinct, so any correct sort gives the same result). */
static inline bool before(const struct ranked *x, const struct ranked *y)
{
    return x->strength != y->strength ? x->strength > y->strength : x->move < y->move;
}

/* Sorts r[0, n) in that order: insertion sort of runs of 8, then bottom-up
 * merges. qsort's calls through a comparison pointer and its memcpy of each
 * element cost several times more for the ~80 moves of a 9x9 node. */
static void sort_ranked(struct ranked *r, int n)
{
    enum { RUN = 8 };
    for (int lo = 0; lo < n; lo += RUN) {
        int hi = lo + RUN < n ? lo + RUN : n;
        for (int i = lo + 1; i < hi; i++) {
            struct ranked x = r[i];
            int j = i;
            for (; j > lo && before(&x, &r[j - 1]); j--)
                r[j] = r[j - 1];
            r[j] = x;
        }
    }
    struct ranked tmp[BOARD_MAX_POINTS + 1];
    for (int w = RUN; w < n; w *= 2) {
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = before(&r[j], &r[i]) ? r[j++] : r[i++];
            while (i < mid)
                tmp[k++] = r[i++];
            while (j < hi)
                tmp[k++] = r[j++];
        }
        for (int i = 0; i < n; i++)
            r[i] = tmp[i];
    }
}

void search_prior_rank(const struct search_prior_table *t, const struct board *b, enum color c,
                       point *moves, float *priors, uint8_t *hints, int n)
{
    if (n <= 0)
        return;
    struct pat_opts o;
    pat_gammas_opts(t->g, &o);
    /* One set of maps serves every move's area, reach, weak, near and large. */
    struct pat_maps maps;
    pat_maps_init(&maps, b);
    o.maps = &maps;
    struct ranked r[BOARD_MAX_POINTS + 1];
    double sum = 0;
    for (int i = 0; i < n; i++) {
        r[i].move = moves[i];
        r[i].hint = hints ? hints[i] : 128;
        unsigned val[PAT_NFEAT];
        pat_move_values(b, c, moves[i], &o, val);
        r[i].strength = search_prior_strength_values(t, val);
        sum += r[i].strength;
    }
    sort_ranked(r, n);
    for (int i = 0; i < n; i++) {
        moves[i] = r[i].move;
        priors[i] = sum > 0 ? (float)(r[i].strength / sum) : 1.0f / (float)n;
        if (hints)
            hints[i] = r[i].hint;
    }
}
