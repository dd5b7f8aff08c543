/* m3_rng: SplitMix64 streams for the Match-3 port (game feeds, agents, evolution).
 *
 * A stream is keyed by (seed, id); its j-th value is the j-th SplitMix64 output from a
 * state derived from the key, so any position can be read directly (feeds are indexed by
 * how many tiles a column has consumed, not by the order of play). */
#ifndef M3_RNG_H
#define M3_RNG_H

#include <stdint.h>

/* Stream ids of a game seed (spec §2): the initial board, one feed per column, reshuffles. */
enum { M3_STREAM_BOARD = 0, M3_STREAM_FEED0 = 1, M3_STREAM_RESHUFFLE = 8 };

/* The SplitMix64 finaliser: a bijective 64-bit mix. */
uint64_t m3_mix64(uint64_t x);
/* Key of stream `id` of seed `seed`; mixes both so nearby seeds give unrelated streams. */
uint64_t m3_stream_key(uint64_t seed, uint64_t id);
/* The j-th 64-bit value of the stream with key `key` (j = 0, 1, ...). */
uint64_t m3_stream_at(uint64_t key, uint64_t j);
/* Colour 0..5 of a 64-bit value: floor(6 u) with u its top 53 bits as a fraction. */
int m3_colour_of(uint64_t x);

/* A sequential generator (agents, GP): SplitMix64 with a state. */
typedef struct { uint64_t state; } m3_rng;

void m3_rng_seed(m3_rng *r, uint64_t seed, uint64_t id);
uint64_t m3_rng_next(m3_rng *r);
/* Uniform double in [0, 1) with 53 random bits. */
double m3_rng_double(m3_rng *r);
/* Uniform integer in [0, n), n >= 1. */
uint32_t m3_rng_below(m3_rng *r, uint32_t n);

#endif
