/* rng.c — xoshiro256** (Blackman & Vigna) seeded through splitmix64. */
#include "tools/search/search.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void search_rng_seed(search_rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&x);
}

void search_rng_seed3(search_rng *rng, uint64_t base, uint64_t a, uint64_t b)
{
    /* Chain the three through splitmix so (1,2) and (2,1) differ. */
    uint64_t x = base;
    uint64_t h = splitmix64(&x);
    x = h ^ a;
    h = splitmix64(&x);
    x = h ^ b;
    h = splitmix64(&x);
    search_rng_seed(rng, h);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t search_rng_next(search_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t search_rng_below(search_rng *rng, uint32_t n)
{
    /* Lemire: multiply a 32-bit draw by n, reject the few low products that bias. */
    uint32_t x = (uint32_t)(search_rng_next(rng) >> 32);
    uint64_t m = (uint64_t)x * n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            x = (uint32_t)(search_rng_next(rng) >> 32);
            m = (uint64_t)x * n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

double search_rng_double(search_rng *rng)
{
    return (double)(search_rng_next(rng) >> 11) * 0x1.0p-53;
}

void search_rng_shuffle_ints(search_rng *rng, int *v, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = search_rng_below(rng, (uint32_t)i);
        int t = v[i - 1];
        v[i - 1] = v[j];
        v[j] = t;
    }
}
