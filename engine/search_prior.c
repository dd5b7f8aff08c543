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
    const struct pat_gammas *g = t->g;
    int k = g->n_factors;
    float sum[PAT_MAX_FACTORS] = { 0 };
    double s = 1.0, sq = 0;
    for (int f = 0; f < PAT_NFEAT; f++) {
        unsigned x = pat_get(v, (enum pat_feature)f);
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
        if (k == 8) {   /* the trained tables' size: a loop the compiler unrolls */
            for (int i = 0; i < 8; i++)
                sum[i] += u[i];
        } else {
            for (int i = 0; i < k; i++)
                sum[i] += u[i];
        }
        sq += t->norm[f][slot];
    }
    if (!k)
        return s;
    double s2 = 0;
    for (int i = 0; i < k; i++)
        s2 += (double)sum[i] * sum[i];
    return s * exp(0.5 * (s2 - sq));
}

/* Gamma of value v of feature f, 1 for a value the table does not rate. */
static inline double gamma_at(const struct pat_gammas *g, enum pat_feature f, unsigned v)
{
    return v && (int)v < g->n_values[f] ? g->gamma[f][v] : 1.0;
}

static unsigned dist_value(const struct board *b, point p, point prev)
{
    if (prev <= 0)
        return 0;
    int d = pat_distance(b, p, prev);
    return d >= 16 ? 15u : d < 2 ? 1u : (unsigned)(d - 1);
}

double search_prior_cheap(const struct search_prior_table *t, const struct board *b,
                          enum color c, point p)
{
    const struct pat_gammas *g = t->g;
    if (p == PASS)
        return gamma_at(g, PAT_F_PASS, b->last_move == PASS ? 2 : 1);
    int cls = pat3_class(pat3_raw_from_nbr(b, c, p));
    double s = cls >= 0 ? gamma_at(g, PAT_F_PAT3, (unsigned)cls + 1) : 1.0;
    s *= gamma_at(g, PAT_F_DIST1, dist_value(b, p, b->last_move));
    s *= gamma_at(g, PAT_F_DIST2, dist_value(b, p, b->last_move2));
    /* The tactical features as far as the neighbours' liberty counts tell
     * them: a capture (of the commonest kind), an atari, an escape. */
    const int *o = b->geom->offs;
    enum color them = color_other(c);
    unsigned capture = 0, atari = 0, extend = 0;
    for (int i = 0; i < 4; i++) {
        point q = p + o[i];
        if (b->color[q] != BLACK && b->color[q] != WHITE)
            continue;
        unsigned libs = b->str[b->sid[q]].libs;
        if (b->color[q] == them) {
            capture = libs == 1 ? 4 : capture;
            atari = libs == 2 ? (b->ko ? 2 : 3) : atari;
        } else if (libs == 1) {
            extend = 3;
        }
    }
    return s * gamma_at(g, PAT_F_CAPTURE, capture) * gamma_at(g, PAT_F_ATARI, atari) *
           gamma_at(g, PAT_F_EXTEND, extend);
}

struct ranked {
    double strength;
    point move;
    uint16_t index;
};

static int by_strength(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->strength != y->strength)
        return x->strength < y->strength ? 1 : -1;
    return (x->move > y->move) - (x->move < y->move);
}

/* r[0..n) sorted by decreasing strength, ties by point; returns the sum of
 * the strengths. */
static double sort_moves(struct ranked *r, const double *strength, const point *moves, int n)
{
    double sum = 0;
    for (int i = 0; i < n; i++) {
        r[i] = (struct ranked){ .strength = strength[i], .move = moves[i], .index = (uint16_t)i };
        sum += strength[i];
    }
    qsort(r, (size_t)n, sizeof r[0], by_strength);
    return sum;
}

void search_prior_order(point *moves, const double *strength, float *priors, uint8_t *hints,
                        int n)
{
    if (n <= 0)
        return;
    struct ranked r[BOARD_MAX_POINTS + 1];
    uint8_t h[BOARD_MAX_POINTS + 1];
    double sum = sort_moves(r, strength, moves, n);
    if (hints)
        for (int i = 0; i < n; i++)
            h[i] = hints[i];
    for (int i = 0; i < n; i++) {
        moves[i] = r[i].move;
        priors[i] = sum > 0 ? (float)(r[i].strength / sum) : 1.0f / (float)n;
        if (hints)
            hints[i] = h[r[i].index];
    }
}

/* The full strengths of moves[0..n) into strength[]. */
static void full_strengths(const struct search_prior_table *t, const struct board *b, enum color c,
                           const point *moves, double *strength, int n)
{
    struct pat_opts o;
    pat_gammas_opts(t->g, &o);
    for (int i = 0; i < n; i++)
        strength[i] = search_prior_strength(t, pat_move_features(b, c, moves[i], &o));
}

void search_prior_rank(const struct search_prior_table *t, const struct board *b, enum color c,
                       point *moves, float *priors, uint8_t *hints, int n)
{
    if (n <= 0)
        return;
    double strength[BOARD_MAX_POINTS + 1];
    full_strengths(t, b, c, moves, strength, n);
    search_prior_order(moves, strength, priors, hints, n);
}

void search_prior_ranks(const struct search_prior_table *t, const struct board *b, enum color c,
                        const point *moves, float *priors, uint16_t *ranks, int n)
{
    if (n <= 0)
        return;
    double strength[BOARD_MAX_POINTS + 1];
    struct ranked r[BOARD_MAX_POINTS + 1];
    full_strengths(t, b, c, moves, strength, n);
    double sum = sort_moves(r, strength, moves, n);
    for (int j = 0; j < n; j++) {
        int i = r[j].index;
        priors[i] = sum > 0 ? (float)(strength[i] / sum) : 1.0f / (float)n;
        ranks[i] = (uint16_t)j;
    }
}
