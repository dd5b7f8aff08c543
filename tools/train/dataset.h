/* dataset — from loaded games to MM training data: replaying records, harvesting
 * the large-pattern dictionary, and extracting every position's candidates. */
#ifndef HANE_TRAIN_DATASET_H
#define HANE_TRAIN_DATASET_H

#include <stdbool.h>

#include "patterns/gammas.h"
#include "patterns/mm.h"
#include "tools/train/corpus.h"

/* Calls fn for the position before every move of `g` (board, mover, move). */
typedef void (*train_position_fn)(void *ctx, const struct board *b, enum color c, point p);
void train_replay(const struct tgame *g, train_position_fn fn, void *ctx);

/* Makes this process work on its share of the games of a cluster of n (see
 * cluster.h): game i when i % n == k. train_harvest then counts the patterns
 * of all processes (a collective call), and train_extract takes only the
 * share's positions, chosen as one process would (game i's stride offset stays
 * i % stride). Default: k = 0, n = 1, every game. */
void train_set_share(int k, int n);

/* Counts the large patterns of the moves played in `c` and adds to `t` every
 * one seen at least `min_count` times (ordered by size, then hash). Returns the
 * number added. */
size_t train_harvest(const struct corpus *c, struct pat_gammas *t, int min_count,
                     int threads, bool quiet);

/* Extracts the features of every legal move of every `stride`-th position
 * (move i of game g when (i + g) % stride == 0) into one shard per thread (game
 * g goes to shard g % n_shards, so the data do not depend on timing).
 * `disabled`: features left out. False if memory runs out. */
bool train_extract(const struct corpus *c, const struct pat_gammas *t, unsigned disabled,
                   int stride, struct mm_shard *shards, int n_shards, bool quiet);

#endif
