/* rng — a small, fast, seeded pseudo-random generator, one per thread.
 *
 * The "wyrand" construction (Wang Yi): a 64-bit Weyl sequence (add an odd
 * constant) whose value is scrambled by one 64x64->128-bit multiply and an
 * XOR of the product's halves. Period 2^64, passes the usual statistical
 * batteries, and costs about four instructions, which matters because a
 * light playout draws a couple of hundred numbers. Seeding runs the seed
 * through splitmix64 so that nearby seeds (thread 0, 1, 2 ...) give unrelated
 * streams. Not thread-safe: give every thread its own struct rng.
 */
#ifndef HANE_RNG_H
#define HANE_RNG_H

#include <stddef.h>
#include <stdint.h>

/* The Weyl sequence's step (odd, so the period is 2^64). */
#define RNG_STEP 0xa0761d6478bd642fULL

struct rng {
    uint64_t s;
};

/* Starts the stream for `seed` (any value, 0 included). */
void rng_seed(struct rng *r, uint64_t seed);

/* The seed of sub-stream `id` of `seed` (a game's board, a run of a
 * configuration, an agent in a game): both are mixed, so neighbouring seeds
 * and ids give unrelated streams, and (s, a) then b differs from (s, b) then a. */
uint64_t rng_derive(uint64_t seed, uint64_t id);

/* Fisher-Yates shuffle of v[0..n). */
void rng_shuffle_ints(struct rng *r, int *v, size_t n);

/* The next 64 random bits. */
static inline uint64_t rng_next(struct rng *r)
{
    r->s += RNG_STEP;
    __extension__ unsigned __int128 m = (unsigned __int128)r->s * (r->s ^ 0xe7037ed1a0b428dbULL);
    return (uint64_t)(m >> 64) ^ (uint64_t)m;
}

/* Jumps `n` numbers ahead at once (the state only counts steps), so the j-th
 * number of a stream can be read without drawing the ones before it. */
static inline void rng_skip(struct rng *r, uint64_t n)
{
    r->s += n * RNG_STEP;
}

/* A number in 0..n-1 (n >= 1, n < 2^32) by multiply-and-shift: no division,
 * bias below n / 2^32, far below anything a playout could notice. */
static inline uint32_t rng_below(struct rng *r, uint32_t n)
{
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* A double in [0, 1) with 53 random bits. */
static inline double rng_double(struct rng *r)
{
    return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

#endif
