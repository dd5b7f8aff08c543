/* mm — Coulom's minorization–maximization (MM) for generalized Bradley–Terry
 * models: learns the gammas that maximise the likelihood of the moves played.
 *
 * Data: positions, each a competition between its candidate moves (feature
 * vectors, pat_vec); the played move wins. Identical vectors of one position are
 * merged with a multiplicity, which shrinks the data a lot (quiet moves far from
 * the action share everything). Positions live in shards, one per thread, so
 * feature extraction and the MM passes need no locks.
 *
 * Compact storage: a candidate is three numbers, the indices of its parts in
 * three dictionaries of the shard (tactics and surroundings with the
 * multiplicity; the four distances to the previous moves; the 3x3 and large
 * patterns), numbered in order of first appearance and written as varints:
 * about 6 bytes where the vector, multiplicity and cached strength took 26.
 * Compact shards cache no strengths (mm_shard_expand trades memory for speed):
 * every pass recomputes a candidate's strength from the gammas at the start of
 * the iteration times the ratios of the features already updated in it, the
 * same products in the same order as the cache rescaled after each update, so
 * the gammas are the same to the bit either way.
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
 */
#ifndef HANE_PATTERNS_MM_H
#define HANE_PATTERNS_MM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "patterns/features.h"

/* The distinct parts of one group of features in a shard (see above). */
struct mm_dict {
    pat_vec *part;       /* entry i: the group's bit fields */
    uint16_t *mult;      /* entry i: the multiplicity (the first group only) */
    uint32_t *val;       /* entry i: the values of the group's features, in its
                            order (the MM passes read these) */
    size_t n, cap;
    uint32_t *slot;      /* hash of part (and mult) -> entry + 1; freed by trim */
    size_t mask;
};

#define MM_GROUPS 3

/* One shard of positions. */
struct mm_shard {
    uint8_t *code;       /* positions, one after another: varints n, winner, then
                            n candidates in ascending order of their vectors,
                            each MM_GROUPS dictionary indices */
    size_t len, cap;
    size_t *start;       /* position j: code[start[j] .. start[j + 1]) */
    size_t n;            /* distinct candidates of all positions */
    size_t n_pos, cap_pos;
    struct mm_dict dict[MM_GROUPS];
    /* Expanded (mm_shard_expand; code and dictionaries freed): */
    pat_vec *vec;        /* every candidate's vector, position by position */
    uint16_t *mult;      /* its multiplicity */
    double *str;         /* its cached strength */
    size_t *first;       /* position j: candidates [first[j], first[j + 1]) */
    uint16_t *win;       /* position j: the index of the played move */
};

/* Adds a position: `n` candidate vectors with the played one at `winner`.
 * False if memory runs out. */
bool mm_shard_add(struct mm_shard *s, const pat_vec *vecs, int n, int winner);
void mm_shard_free(struct mm_shard *s);
/* Gives back the unused room and drops the dictionaries' lookup (call once
 * the shard is complete: no position can be added after). */
void mm_shard_trim(struct mm_shard *s);
/* Position j's n distinct candidate vectors, ascending, into vec[0..n) with
 * their multiplicities (room for BOARD_MAX_POINTS + 1 each); *winner: the
 * index of the played move. Returns n. */
int mm_shard_position(const struct mm_shard *s, size_t j, pat_vec *vec, uint16_t *mult,
                      int *winner);
/* Expands the complete shard: every candidate as its vector, multiplicity
 * and a cached strength (26 bytes) instead of its code (about 6). MM then
 * reads the vectors and rescales the cache after each feature's update, at
 * the speed of the first trainer, instead of decoding and recomputing every
 * strength in every pass (several times slower); the products are the same,
 * so are the gammas. No position can be added after. False if memory runs out
 * (the shard stays compact). */
bool mm_shard_expand(struct mm_shard *s);
/* Bytes held by a shard. */
size_t mm_shard_bytes(const struct mm_shard *s);

struct mm_model {
    int n_values[PAT_NFEAT];  /* per feature, value 0 included */
    double *gamma[PAT_NFEAT]; /* gamma[f][0] stays 1 */
    double *wins[PAT_NFEAT];
    /* The MM passes' gammas at the iteration's start and the updates' ratios
     * (new / old), over every value of the feature's bit field (mm.c). */
    double *gamma0[PAT_NFEAT];
    double *ratio[PAT_NFEAT];
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

/* A vector's strength under m's gammas: the product of its values' gammas in
 * feature order (what every MM pass multiplies). */
double mm_strength(const struct mm_model *m, pat_vec v);

/* Counts the wins W_i over all shards (call once after the data is complete). */
void mm_count_wins(struct mm_model *m, struct mm_shard *shards, int n_shards);

/* One MM iteration over all features (threads: one per shard). Returns the mean
 * log-likelihood of the played moves before the update. */
double mm_iterate(struct mm_model *m, struct mm_shard *shards, int n_shards);

/* Mean log-likelihood of the played moves under the current gammas. */
double mm_log_likelihood(struct mm_model *m, struct mm_shard *shards, int n_shards);

#endif
