/* search_prior — the Bradley–Terry knowledge of the tree (Ikeda & Viennot
 * 2013, sections 4 and 5):
 * the static probability P(m) of each move of a node, computed once at
 * expansion with the full feature set (large patterns and ladders included),
 * the children ordered by it, the progressive-widening width T(n) and the
 * coefficient of the knowledge bias in the selection formula
 *
 *     value_j = ... + C_BT * sqrt(K / (n + K)) * P(m_j)          (their formula 6)
 *     searchable children: the first T = 1 + log n / log mu      (their formula 3)
 */
#ifndef HANE_SEARCH_PRIOR_H
#define HANE_SEARCH_PRIOR_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/board/board.h"

#include "patterns/features.h"

struct pat_gammas;

/* A gamma table made ready for ranking: the table and, for every factor slot
 * of every feature, the squared norm of its factor vector. The interaction of
 * a move is (|sum of its vectors|^2 - sum of their squared norms) / 2, and the
 * second sum would be most of its cost (a double product per factor per
 * feature, which the compiler may not reorder). Built once per table: the table must
 * not change while it is in use. */
struct search_prior_table {
    const struct pat_gammas *g;
    double *norm[PAT_NFEAT];        /* norm[f][slot]; NULL without factors */
};

/* False if memory runs out (*t is then empty and needs no free). */
bool search_prior_table_init(struct search_prior_table *t, const struct pat_gammas *g);
void search_prior_table_free(struct search_prior_table *t);

/* Strength of a move with feature vector `v`: pat_gammas_strength of the
 * table, computed with the stored norms (the same value up to rounding in the
 * last bits). */
double search_prior_strength(const struct search_prior_table *t, pat_vec v);
/* The same from the feature values (pat_move_values). */
double search_prior_strength_values(const struct search_prior_table *t,
                                    const unsigned val[PAT_NFEAT]);

/* P(m) of `c` playing each of moves[0..n) (legal moves, PASS allowed) on `b`:
 * the product of the move's feature gammas in table `t`, normalised over
 * these n moves (the node's moves, not all legal ones), into priors[]. Then
 * sorts moves, priors and hints (hints may be NULL) together by decreasing
 * prior, ties by point, so that the children come in prior order. */
void search_prior_rank(const struct search_prior_table *t, const struct board *b, enum color c,
                       point *moves, float *priors, uint8_t *hints, int n);

/* Progressive widening: how many children (the first ones in prior order)
 * are searchable at a node visited `visits` times, out of `n_children`.
 * T = floor(1 + ln visits / ln mu), at least 1 and at most n_children;
 * mu <= 1 (0 = off) gives every child. */
static inline int search_pw_width(double mu, uint32_t visits, int n_children)
{
    if (!(mu > 1.0) || visits <= 1)
        return mu > 1.0 && n_children > 0 ? 1 : n_children;
    double t = 1.0 + log((double)visits) / log(mu);
    return t >= (double)n_children ? n_children : (int)t;
}

/* Coefficient of P(m_j) in the selection value at a node visited `visits`
 * times: C_BT * sqrt(K / (n + K)); K = infinity gives C_BT (a constant bias). */
static inline double search_bias_coef(double c_bt, double k, uint32_t visits)
{
    if (c_bt <= 0)
        return 0;
    if (isinf(k))
        return c_bt;
    return k > 0 ? c_bt * sqrt(k / ((double)visits + k)) : 0;
}

#endif
