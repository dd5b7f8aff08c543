/* mg_problem.h — the three PCGRL problems of tools/mapgen: maps, statistics, range
 * rewards, heuristics and goal tests (Bhaumik et al. 2020, after PCGRL). */
#ifndef HANE_MAPGEN_PROBLEM_H
#define HANE_MAPGEN_PROBLEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tools/plan/plan.h"

#define MG_MAX_W 14
#define MG_MAX_H 14
#define MG_MAX_CELLS (MG_MAX_W * MG_MAX_H)
#define MG_MAX_TILES 8
#define MG_MAX_STATS 8

typedef enum mg_problem_id { MG_BINARY, MG_ZELDA, MG_SOKOBAN, MG_NPROBLEMS } mg_problem_id;

/* Goal thresholds: the code the authors ran (default) or the paper's text. */
typedef enum mg_targets { MG_TARGETS_CODE, MG_TARGETS_PAPER } mg_targets;

/* One statistic's term of the heuristic: w·R(new, old, lo, hi). */
typedef struct mg_term {
    const char *name;
    double weight, lo, hi;
} mg_term;

typedef struct mg_problem {
    mg_problem_id id;
    const char *name;
    int w, h;                       /* editable map, without the drawn border */
    int ntiles;
    const char *tile_names[MG_MAX_TILES];
    char ascii[MG_MAX_TILES];       /* legend, id order */
    double prob[MG_MAX_TILES];      /* random-map tile distribution */
    int nstats;
    mg_term terms[MG_MAX_STATS];    /* stat k's heuristic term (weight 0 = reported only) */
    int rollout_length;             /* MCTS rollout length L */
} mg_problem;

/* Statistics of one map, in the order of the problem's terms.
 * Binary: regions, path.  Zelda: player, key, door, enemies, regions, nearest, path.
 * Sokoban: player, crate, target, regions, ratio (|crate − target|), dist-win, sol-length. */
typedef struct mg_stats {
    int v[MG_MAX_STATS];
} mg_stats;

const mg_problem *mg_problem_get(mg_problem_id id);
/* By name ("binary", "zelda", "sokoban"); NULL if unknown. */
const mg_problem *mg_problem_find(const char *name);

/* Range reward R(new, old, lo, hi), lo and hi may be ±INFINITY (the authors' code). */
double mg_range_reward(double new_v, double old_v, double lo, double hi);

/* Statistics of map (w·h tile ids, row-major); Sokoban runs the solver (mg_sokoban.h). */
void mg_stats_compute(const mg_problem *p, const uint8_t *map, mg_stats *out);
/* The same with a reusable Sokoban solver workspace (mg_sokoban.h); ws may be NULL. */
struct mg_soko_ws;
void mg_stats_compute_ws(const mg_problem *p, const uint8_t *map, mg_stats *out,
                         struct mg_soko_ws *ws);
/* Σ w_k·R(stat_k, ref_k, lo_k, hi_k). */
double mg_heuristic(const mg_problem *p, const mg_stats *s, const mg_stats *ref);
/* Episode-over test ("playable"); Binary's is relative to the reference map. */
bool mg_goal(const mg_problem *p, mg_targets t, const mg_stats *s, const mg_stats *ref);

/* Is `map`, taken as the reference (a search root), a goal (0), one tile edit from a goal
 * (1: some wide neighbour is one), or neither (2)?  ws as for mg_stats_compute_ws.  It
 * measures how often a random start map is already almost playable, which a search that
 * tests every node of depth 1 (BFS-wide does within a fraction of a second) always finds. */
int mg_edits_to_goal(const mg_problem *p, mg_targets t, const uint8_t *map,
                     struct mg_soko_ws *ws);

/* Random map: every tile drawn from the problem's distribution. */
void mg_random_map(const mg_problem *p, struct rng *rng, uint8_t *map);

/* ---- map geometry (exposed for tests) ---- */

/* 4-connected components of tiles whose id is in `set` (bit mask of tile ids). */
int mg_regions(const uint8_t *map, int w, int h, unsigned set);
/* BFS steps from cell a to cell b over tiles in `set` (a must be in it); −1 if not. */
int mg_dist(const uint8_t *map, int w, int h, unsigned set, int a, int b);
/* BFS distances from cell a over tiles in `set` into dist[w·h] (−1 where unreached). */
void mg_distances(const uint8_t *map, int w, int h, unsigned set, int a, int *dist);
/* Double-sweep longest-path estimate over tiles in `set` (the authors' code). */
int mg_longest(const uint8_t *map, int w, int h, unsigned set);

/* ---- ASCII ---- */

/* Parse rows of the legend (with or without the drawn border; blank lines and lines
 * starting with ';' are skipped).  Returns false and writes `err` (with line:column). */
bool mg_map_parse(const mg_problem *p, const char *text, uint8_t *map, char *err,
                  size_t errlen);
/* Write the map with its border ('#' rows) into buf (h+2 lines of w+2 chars + '\n').
 * Returns the bytes needed. */
size_t mg_map_format(const mg_problem *p, const uint8_t *map, char *buf, size_t cap);
/* One row (index −1 and h are the border) into buf of at least w+3 bytes. */
void mg_map_row(const mg_problem *p, const uint8_t *map, int row, char *buf);

#endif
