/* m3_rng: SplitMix64 streams. */
#include "tools/match3/m3_rng.h"

#define M3_GAMMA 0x9E3779B97F4A7C15ULL

uint64_t m3_mix64(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

uint64_t m3_stream_key(uint64_t seed, uint64_t id)
{
    return m3_mix64(m3_mix64(seed) ^ m3_mix64(id * M3_GAMMA + 0x632BE59BD9B4E019ULL));
}

uint64_t m3_stream_at(uint64_t key, uint64_t j)
{
    return m3_mix64(key + (j + 1) * M3_GAMMA);
}

int m3_colour_of(uint64_t x)
{
    /* (x >> 11) < 2^53, times 6 < 2^56: exact in 64 bits. */
    return (int)(((x >> 11) * 6) >> 53);
}

void m3_rng_seed(m3_rng *r, uint64_t seed, uint64_t id)
{
    r->state = m3_stream_key(seed, id);
}

uint64_t m3_rng_next(m3_rng *r)
{
    r->state += M3_GAMMA;
    return m3_mix64(r->state);
}

double m3_rng_double(m3_rng *r)
{
    return (double)(m3_rng_next(r) >> 11) * 0x1.0p-53;
}

uint32_t m3_rng_below(m3_rng *r, uint32_t n)
{
    return (uint32_t)(((m3_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}
