/* factors — learns feature interactions as latent factors on top of MM's gammas
 * (the factorisation model of Wistuba & Schmidt-Thieme 2013, "Move prediction in
 * Go — modelling feature interactions using latent factors").
 *
 * Bradley–Terry multiplies independent gammas, so a value's strength cannot
 * depend on the other values of the move (a 3x3 shape next to the previous move
 * is worth more than the same shape far away). The factor model adds to a
 * move's log-strength the sum over pairs of its feature values of the dot
 * products of their latent vectors (gammas.h, pat_gammas_interaction): k numbers
 * per value give every pair an interaction at a cost linear in the features.
 *
 * Training starts from MM's gammas and fits the vectors by stochastic gradient
 * ascent on the log-likelihood of the played moves (softmax over all legal
 * moves), with L2 regularisation, one thread per data shard (lock-free updates:
 * rare collisions between threads only add noise); optionally the gammas move
 * too (their best values change once pairs interact). The data are MM's shards;
 * with the gammas fixed, a move's base strength is the one under MM's model `m`
 * (mm_strength), whose gammas are those of `t`.
 */
#ifndef HANE_PATTERNS_FACTORS_H
#define HANE_PATTERNS_FACTORS_H

#include <stdint.h>

#include "patterns/gammas.h"
#include "patterns/mm.h"

struct pat_factor_params {
    int k;            /* latent factors per value, 1..PAT_MAX_FACTORS */
    int epochs;       /* passes over the data */
    double rate;      /* learning rate of the first epoch (halved each epoch after the second) */
    double reg;       /* L2 regularisation per update */
    double init;      /* initial vectors uniform in [-init, init] */
    double gamma_rate;/* > 0: the gammas are trained too (log-gamma step per unit
                         gradient); 0: MM's gammas stay as they are */
    uint64_t seed;
};

/* Called after each epoch with the mean log-likelihood of the played moves
 * seen during the epoch (before their update). */
typedef void (*pat_factor_report_fn)(void *ctx, int epoch, double loglik, double seconds);

/* Gives `t` p->k factors per value and trains them on the shards. False if
 * memory runs out or the parameters are out of range. */
bool pat_factors_train(struct pat_gammas *t, const struct mm_model *m,
                       struct mm_shard *shards, int n_shards,
                       const struct pat_factor_params *p, pat_factor_report_fn report,
                       void *ctx);

#endif
