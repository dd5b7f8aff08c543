/* gammas — a Bradley–Terry gamma table: one gamma per feature value, the
 * dictionary of large patterns, metadata; JSON load/save; the compiled-in default.
 *
 * File format (JSON, written by hane-train):
 *
 *   { "format": "hane-gammas", "version": 1,
 *     "pattern_hash": "<16 hex digits: pat_large_fingerprint()>",
 *     "meta": { free-form: sources, games, positions, iterations, accuracy ... },
 *     "gammas": {
 *        "pass": { "1": 0.3, "2": 12.0 },   value -> gamma, values as in features.h
 *        ...,
 *        "pat3": { "X.o#..##": 2.5, ... },   the 3x3 text form (pat3_to_string)
 *        "large": { "6:0123456789abcdef": 7.1, ... }   size:canonical hash
 *     },
 *     "factors": { "k": K,                   optional: version 2 and later
 *        "dist1": { "1": [K numbers], ... }, keys as in "gammas", but
 *        "large": { "6": [...], ... }        large: one vector per diamond size
 *     } }
 *
 * Version 1 tables have no factors; a table with factors is written as
 * version 2, so that a hane that cannot read factors refuses it with a
 * version error rather than misread it. A table with gammas for the features
 * of the 128-bit vector (dist3, dist4, area, weak) is written as version 3,
 * for the same reason, and one with gammas for reach or stage as version 4.
 *
 * Absent values have gamma 1. Loading checks everything (format, version,
 * pattern hash, feature names, value ranges, gammas finite and > 0) and reports
 * the first problem with the file name and a JSON path, or jansson's line and
 * column for a syntax error. The large-pattern feature value of a move is an
 * index into this table's dictionary, so a pat_vec belongs to the table whose
 * pat_opts (pat_gammas_opts) computed it.
 */
#ifndef HANE_PATTERNS_GAMMAS_H
#define HANE_PATTERNS_GAMMAS_H

#include <stdbool.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>

#include "patterns/features.h"

struct json_t;

struct pat_gammas {
    float *gamma[PAT_NFEAT];     /* gamma[f][v], v < n_values[f]; gamma[f][0] = 1 */
    int n_values[PAT_NFEAT];
    /* Large patterns: entry i (feature value i + 1) has hash large_hash[i]. */
    uint64_t *large_hash;
    uint8_t *large_size;         /* index into pat_large_sizes */
    uint32_t n_large, cap_large;
    /* Open addressing: hash -> value (0 = empty). Key and value share a
     * slot, so a probe of the 4 MB table is one cache miss, not two (the
     * priors look up several diamonds of every move of a new node). */
    struct pat_large_slot { uint64_t key; uint32_t val; } *ht;
    uint32_t ht_mask;
    struct json_t *meta;         /* owned JSON object, never NULL */
    /* Feature interactions (optional; see factors.h): every feature value owns a
     * vector of n_factors latent factors, and a move's strength is multiplied by
     * exp(sum over pairs of its values of the dot products of their vectors).
     * Large patterns share one vector per diamond size. n_factors = 0: none. */
    int n_factors;
    float *factor[PAT_NFEAT];    /* factor[f][slot * n_factors + i] */
    int n_slots[PAT_NFEAT];      /* slots of f: n_values[f], large: sizes + 1 */
};

/* Most latent factors per feature value a table may hold. */
#define PAT_MAX_FACTORS 32

/* A table with every gamma 1 and no large pattern. NULL if memory runs out. */
struct pat_gammas *pat_gammas_new(void);
void pat_gammas_free(struct pat_gammas *t);

/* Adds a large pattern (or finds it); returns its feature value (index + 1), or 0
 * when the table is full or memory runs out. Its gamma starts at 1. */
uint32_t pat_gammas_large_add(struct pat_gammas *t, uint64_t hash, int size_index);
/* Feature value of a large-pattern hash, or 0: a pat_large_lookup_fn. */
uint32_t pat_gammas_large_find(const void *table, uint64_t hash);

/* Options that compute features against this table (large patterns on). */
void pat_gammas_opts(const struct pat_gammas *t, struct pat_opts *o);

/* Factor slot of value x of feature f (0: the value has no vector). */
static inline unsigned pat_factor_slot(const struct pat_gammas *t, int f, unsigned x)
{
    return f == PAT_F_LARGE && x ? (unsigned)t->large_size[x - 1] + 1 : x;
}

/* The interaction term of a move (0 without factors): the sum over pairs of
 * its feature values of the dot products of their factor vectors. */
double pat_gammas_interaction(const struct pat_gammas *t, pat_vec v);
/* The same, also leaving in sum[0, n_factors) the sum of the move's factor
 * vectors (the trainer's gradient needs it). */
double pat_gammas_factor_sum(const struct pat_gammas *t, pat_vec v, float *sum);

/* Strength of a move: the product of its feature gammas, times exp(interaction)
 * when the table has factors. */
static inline double pat_gammas_strength(const struct pat_gammas *t, pat_vec v)
{
    double s = 1.0;
    for (int f = 0; f < PAT_NFEAT; f++) {
        unsigned x = pat_get(v, (enum pat_feature)f);
        if (x)
            s *= t->gamma[f][x];
    }
    if (t->n_factors)
        s *= exp(pat_gammas_interaction(t, v));
    return s;
}

/* Gives the table k latent factors per feature value (0 <= k <= PAT_MAX_FACTORS),
 * all zero; call after the large-pattern dictionary is complete. False if memory
 * runs out. */
bool pat_gammas_set_factors(struct pat_gammas *t, int k);

/* Gamma of a pat3 class (pat3_class's result; -1, no class: 1). */
static inline float pat_gammas_pat3_class(const struct pat_gammas *t, int cls)
{
    return cls < 0 ? 1.0f : t->gamma[PAT_F_PAT3][cls + 1];
}
/* Gamma of a mover-normalised pat3 raw code (pat3_raw, pat3_raw_from_nbr). */
static inline float pat_gammas_pat3(const struct pat_gammas *t, uint32_t raw)
{
    return pat_gammas_pat3_class(t, pat3_class(raw));
}

/* Parses a table from `len` bytes; `name` is used in messages. NULL on error
 * with the message in err[0..errlen). */
struct pat_gammas *pat_gammas_parse(const char *buf, size_t len, const char *name,
                                    char *err, size_t errlen);
struct pat_gammas *pat_gammas_load(const char *path, char *err, size_t errlen);
/* The largest gamma table file pat_gammas_load reads (data/gammas.json is 5 MB). */
#define PAT_GAMMAS_MAX_INPUT (256u << 20)

/* The whole table as JSON text (malloc'ed, NUL-terminated), gammas with 6
 * significant digits. NULL if memory runs out. */
char *pat_gammas_dump(const struct pat_gammas *t);
/* The same with `digits` significant digits (9 reads back every float exactly:
 * a checkpoint). */
char *pat_gammas_dump_digits(const struct pat_gammas *t, int digits);
/* Writes atomically: PATH.tmp.PID then rename, so an interrupted write leaves
 * the previous file intact. False with a message on error. */
bool pat_gammas_save(const struct pat_gammas *t, const char *path, char *err, size_t errlen);
bool pat_gammas_save_digits(const struct pat_gammas *t, const char *path, int digits,
                            char *err, size_t errlen);

/* The table compiled into the binary from data/gammas.json (parsed once,
 * thread-safe, shared: do not free). Never NULL: a broken built-in table is a
 * build error caught by the unit tests, and aborts with a message at run time. */
const struct pat_gammas *pat_gammas_default(void);
/* The built-in JSON text itself (for tools that want to re-read it). */
extern const char pat_default_json[];
extern const size_t pat_default_json_len;

#endif
