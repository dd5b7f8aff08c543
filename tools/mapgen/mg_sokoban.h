/* mg_sokoban.h — the Sokoban solver of the PCGRL Sokoban problem (Bhaumik et al. 2020, after PCGRL):
 * BFS, then A* with f = h + β·depth for β = 1, 0.5, 0, each limited to a number of pops. */
#ifndef HANE_MAPGEN_SOKOBAN_H
#define HANE_MAPGEN_SOKOBAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MG_SOKO_MAX_SIDE 16      /* grid side including the wall border */
#define MG_SOKO_MAX_CRATES 32
#define MG_SOKO_MAX_MOVES 4096

/* Reusable memory for the solver (one per thread). */
typedef struct mg_soko_ws mg_soko_ws;
mg_soko_ws *mg_soko_ws_new(void);
void mg_soko_ws_free(mg_soko_ws *ws);

/* A level: walls (the border included), targets, crates (row-major), player. */
typedef struct mg_soko_level {
    int w, h;                                  /* grid size, border included */
    uint8_t wall[MG_SOKO_MAX_SIDE * MG_SOKO_MAX_SIDE];
    uint8_t target[MG_SOKO_MAX_SIDE * MG_SOKO_MAX_SIDE];
    uint8_t dead[MG_SOKO_MAX_SIDE * MG_SOKO_MAX_SIDE];
    int player;
    int ncrates, ntargets;
    uint8_t crates[MG_SOKO_MAX_CRATES];        /* cell indices, list order */
    uint8_t targets[MG_SOKO_MAX_CRATES];
} mg_soko_level;

typedef struct mg_soko_result {
    bool solved;
    int stage;          /* search that solved it: 0 BFS, 1..3 A* β = 1, 0.5, 0; −1 none */
    int length;         /* moves in the solution (0 if unsolved) */
    char moves[MG_SOKO_MAX_MOVES + 1];   /* LRUD, NUL-terminated (truncated if longer) */
    long pops;          /* pops of the stage that solved it, or of the last stage */
    long pops_total;
    int dist_win;       /* unsolved: h of the last search's best node; solved: 0 */
} mg_soko_result;

/* Build a level from an inner map of tile ids (0 empty, 1 solid, 2 player, 3 crate,
 * 4 target; w·h ≤ 14·14), adding the wall border and the dead squares.  Returns false
 * if there is not exactly one player or too many crates/targets. */
bool mg_soko_level_from_map(mg_soko_level *lv, const uint8_t *map, int w, int h);
/* Greedy-matching heuristic of the level's initial crates. */
int mg_soko_heuristic(const mg_soko_level *lv, const uint8_t *crates);
/* The cascade, `pops` per search (5000 in the paper's code). */
void mg_soko_solve(const mg_soko_level *lv, long pops, mg_soko_ws *ws, mg_soko_result *out);

#endif
