/* rng — seeding; the generator itself is inline in rng.h. */
#include "engine/board/rng.h"

void rng_seed(struct rng *r, uint64_t seed)
{
    /* One splitmix64 step: nearby seeds land far apart in the sequence. */
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    r->s = z ^ (z >> 31);
}
