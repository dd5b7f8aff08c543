/* corpus — the trainer's game records: SGF paths from files, directories
 * (recursively) and list files, loaded in parallel into compact move lists. */
#ifndef HANE_TRAIN_CORPUS_H
#define HANE_TRAIN_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board/board.h"

/* A game as the trainer needs it: setup stones, then moves. */
struct tgame {
    int size;
    int n_setup, n_moves;
    int16_t *setup;      /* point of a setup stone, negated for White */
    int16_t *moves;      /* point of each move, or PASS */
    int8_t *colors;      /* colour of each move */
    char *path;
};

struct corpus {
    char **paths;        /* SGF files, sorted */
    size_t n_paths, cap_paths;
    struct tgame *games; /* loaded games, in path order */
    size_t n_games;
    size_t n_bad;        /* unreadable or illegal records, skipped */
    char first_bad[400]; /* the error of the first of them (in path order) */
    size_t n_other_size; /* skipped by the size filter */
    size_t n_positions;  /* moves over all loaded games */
};

#define CORPUS_MAX_LIST (256u << 20)   /* bytes in one list file */

/* Adds SGF files: a directory is searched recursively for *.sgf, a file whose
 * name ends in .lst or .txt lists paths (one per line, relative to the current
 * directory; # starts a comment). False with a message on stderr if a path
 * cannot be read. */
bool corpus_add_path(struct corpus *c, const char *path);
/* Sorts the paths and drops duplicates, so every run sees the same order. */
void corpus_sort(struct corpus *c);
/* Keeps the first `n` paths of a seeded shuffle (a stable random subset). */
void corpus_sample(struct corpus *c, size_t n, uint64_t seed);
/* Moves `n` paths chosen by a seeded shuffle from `c` into `out` (held-out set). */
void corpus_split(struct corpus *c, struct corpus *out, size_t n, uint64_t seed);
/* Loads every path with `threads` threads; size 0 = any size. Bad records are
 * counted (the first five reported on stderr); `quiet` hides the progress bar.
 * Running out of memory on a record ends the program with a message that
 * names it (exit 1): skipping it would train on a silently smaller set. */
void corpus_load(struct corpus *c, int size, int threads, bool quiet, const char *what);
void corpus_free(struct corpus *c);

#endif
