/* rng — a small, fast, seeded pseudo-random generator, one per thread.
 *
 * xoshiro256** (Blackman & Vigna): 256 bits of state, period 2^256 - 1, passes
 * the usual statistical batteries, about a nanosecond a number. Seeding runs
 * the seed through splitmix64 so that nearby seeds (thread 0, 1, 2 ...) give
 * unrelated streams. Not thread-safe: give every thread its own struct rng.
 */
#ifndef HANE_RNG_H
#define HANE_RNG_H

#include <stdint.h>

struct rng {
    uint64_t s[4];
};

/* Starts the stream for `seed` (any value, 0 included). */
void rng_seed(struct rng *r, uint64_t seed);

static inline uint64_t rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* The next 64 random bits. */
static inline uint64_t rng_next(struct rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return out;
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
