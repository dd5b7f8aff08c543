/* rng — seeding, sub-streams and shuffling; the generator itself is inline
 * in rng.h. */
#include "engine/board/rng.h"

/* One splitmix64 step (Steele, Lea & Flood 2014): a bijection that sends
 * nearby inputs far apart. */
static uint64_t splitmix64(uint64_t x)
{
    uint64_t z = x + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void rng_seed(struct rng *r, uint64_t seed)
{
    r->s = splitmix64(seed);
}

uint64_t rng_derive(uint64_t seed, uint64_t id)
{
    /* Chained, not XORed side by side, so the order of two ids matters. */
    return splitmix64(splitmix64(seed) ^ id);
}

void rng_shuffle_ints(struct rng *r, int *v, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = rng_below(r, (uint32_t)i);
        int t = v[i - 1];
        v[i - 1] = v[j];
        v[j] = t;
    }
}
