/* mm — Coulom's minorization–maximization (MM) for generalized Bradley–Terry
 * models: learns the gammas that maximise the likelihood of the moves played.
 *
 * Data: positions, each a competition between its candidate moves (feature
 * vectors, pat_vec); the played move wins. Identical vectors of one position are
 * merged with a multiplicity, which shrinks the data a lot (quiet moves far from
 * the action share everything). Positions live in shards, one per thread, so
 * feature extraction and the MM passes need no locks.
 *
 * One MM iteration updates the features one after another (each team has at most
 * one member per feature, which makes the update exact, Coulom 2007 §3.3):
 *
 *     gamma_i <- (W_i + 1) / ( sum_j C_ij / E_j + 2 / (gamma_i + 1) )
 *
 * W_i: wins of value i; E_j: total strength of competition j; C_ij: the strength
 * of i's team-mates summed over j's teams containing i. The "+1" and "2/(g+1)"
 * terms are the prior: one virtual win and one virtual loss against a virtual
 * opponent of gamma 1, which keeps rare values near 1 and unseen ones at 1.
 * Move strengths are cached per candidate and rescaled after each feature
 * update, so an update costs a few memory passes.
 */
#ifndef HANE_PATTERNS_MM_H
#define HANE_PATTERNS_MM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "patterns/features.h"

/* One shard of positions. */
struct mm_shard {
    pat_vec *vec;        /* candidates of all positions, position by position */
    uint16_t *mult;      /* multiplicity of each candidate vector */
    double *str;         /* cached strength (MM only) */
    size_t n, cap;
    size_t *start;       /* position j: candidates [start[j], start[j + 1]) */
    pat_vec *winner;     /* the played move's vector */
    size_t n_pos, cap_pos;
};

/* Adds a position: `n` candidate vectors with the played one at `winner`.
 * False if memory runs out. */
bool mm_shard_add(struct mm_shard *s, const pat_vec *vecs, int n, int winner);
void mm_shard_free(struct mm_shard *s);
/* Gives back the unused room (call once the shard is complete). */
void mm_shard_trim(struct mm_shard *s);
/* Bytes held by a shard. */
size_t mm_shard_bytes(const struct mm_shard *s);

struct mm_model {
    int n_values[PAT_NFEAT];  /* per feature, value 0 included */
    double *gamma[PAT_NFEAT]; /* gamma[f][0] stays 1 */
    double *wins[PAT_NFEAT];
    unsigned skip;            /* bit f: do not train feature f */
    /* Several processes, each with its own shards (hane-train-mpi): replaces
     * v[0..n) by the sum over the processes, the same on every one. NULL (as
     * mm_model_init leaves it): one process. The wins, the log-likelihood and
     * each feature's denominators go through it after the shards' sums. */
    void (*sum)(void *ctx, double *v, size_t n);
    void *sum_ctx;
};

/* A model with every gamma 1; large patterns get `n_large` values (+1). */
bool mm_model_init(struct mm_model *m, int n_large);
void mm_model_free(struct mm_model *m);

/* Counts the wins W_i over all shards (call once after the data is complete). */
void mm_count_wins(struct mm_model *m, struct mm_shard *shards, int n_shards);

/* One MM iteration over all features (threads: one per shard). Returns the mean
 * log-likelihood of the played moves before the update. */
double mm_iterate(struct mm_model *m, struct mm_shard *shards, int n_shards);

/* Mean log-likelihood of the played moves under the current gammas. */
double mm_log_likelihood(struct mm_model *m, struct mm_shard *shards, int n_shards);

#endif
