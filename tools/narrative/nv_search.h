/* nv_search.h — story search (Kartal, Koenig & Guy 2014): MCTS with selection biasing, rollout biasing and
 * step-wise commitment, and breadth-first, depth-first and best-first search over story
 * prefixes, all under a budget of story nodes created. */
#ifndef HANE_NV_SEARCH_H
#define HANE_NV_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "tools/narrative/nv_world.h"

typedef enum nv_algo { NV_ALGO_MCTS, NV_ALGO_BFS, NV_ALGO_DFS, NV_ALGO_BEST } nv_algo;
typedef enum nv_rollout { NV_ROLL_UNIFORM, NV_ROLL_BIASED, NV_ROLL_TABLE } nv_rollout;

typedef struct nv_params {
    nv_algo algo;
    uint64_t budget;        /* story nodes created */
    uint64_t seed;
    int run;                /* run index: the generator is seeded from (seed, run) */
    double c;               /* UCT exploration constant */
    nv_rollout rollout;
    bool selection_bias;
    bool prune;             /* step-wise commitment */
    uint64_t mem_cap_mb;    /* MCTS: stop (not fail) when the tree would exceed this */
} nv_params;

typedef struct nv_story {
    int n;
    int acts[NV_MAX_LEN];
    double E, B, G;
} nv_story;

typedef struct nv_result {
    nv_story best;          /* best-E story evaluated (rollout end for MCTS) */
    nv_story committed;     /* MCTS: the story committed step by step; others: = best */
    uint64_t nodes_created; /* root excluded */
    uint64_t peak_nodes;    /* most nodes alive at once, root excluded */
    uint64_t iterations;    /* pops or MCTS iterations */
    bool memory_capped;     /* MCTS stopped at mem_cap_mb before the budget was spent */
    double time_ms;
} nv_result;

nv_params nv_params_default(void);
const char *nv_algo_name(nv_algo a);
int nv_algo_parse(const char *s);        /* -1 if unknown */
const char *nv_rollout_name(nv_rollout r);
int nv_rollout_parse(const char *s);     /* -1 if unknown */

/* Run one search.  Returns 0, or -1 with err filled (bad parameters, out of memory). */
int nv_search(const nv_world *w, const nv_params *p, nv_result *res, char *err, size_t cap);

/* Internal entry points (nv_tree.c, nv_mcts.c); same contract as nv_search. */
int nv_search_tree(const nv_world *w, const nv_params *p, nv_result *res, char *err,
                   size_t cap);
int nv_search_mcts(const nv_world *w, const nv_params *p, nv_result *res, char *err,
                   size_t cap);
/* Fill a story's E, B, G by replaying it (its actions must be legal). */
void nv_story_finish(const nv_world *w, nv_story *st);

#endif
