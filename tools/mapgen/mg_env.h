/* mg_env.h — the search environment of tools/mapgen: a map with a representation cursor
 * and counters, the narrow / turtle / wide representations, and the plan_domain that
 * exposes it to tools/plan (Bhaumik et al. 2020). */
#ifndef HANE_MAPGEN_ENV_H
#define HANE_MAPGEN_ENV_H

#include "tools/mapgen/mg_problem.h"
#include "tools/mapgen/mg_sokoban.h"
#include "tools/plan/plan.h"

typedef enum mg_rep_id { MG_NARROW, MG_TURTLE, MG_WIDE, MG_NREPS } mg_rep_id;

const char *mg_rep_name(mg_rep_id r);
/* −1 if unknown. */
int mg_rep_find(const char *name);

/* A search node's state.  Plain bytes: the library copies it with memcpy. */
typedef struct mg_state {
    uint8_t map[MG_MAX_CELLS];
    int16_t x, y;        /* current cell (narrow: the cell at `idx`; turtle: position) */
    int16_t idx;         /* narrow: index into the run's cell order */
    uint8_t dirty;       /* stats are stale: a tile changed since they were computed */
    uint8_t pad;
    uint32_t changes;    /* tiles whose value actually changed */
    uint32_t steps;      /* actions taken */
    mg_stats stats;
} mg_state;

typedef struct mg_env {
    const mg_problem *p;
    mg_rep_id rep;
    mg_targets targets;
    int ncells;              /* W·H */
    int nactions;            /* narrow n, turtle 4+n, wide W·H·n */
    int16_t order[MG_MAX_CELLS];   /* narrow: cells x-major, shuffled per run */
    mg_stats ref;            /* reference map's stats (root / first individual) */
    uint64_t evals;          /* stats computations */
    mg_soko_ws *ws;          /* Sokoban solver memory (owned) */
} mg_env;

/* Returns false on out of memory. */
bool mg_env_init(mg_env *e, const mg_problem *p, mg_rep_id rep, mg_targets t);
void mg_env_free(mg_env *e);

/* New root: random map, then the representation's reset (narrow: shuffle the x-major cell
 * list; turtle: random start cell), stats computed; they become the reference. */
void mg_env_reset(mg_env *e, struct rng *rng, mg_state *s);
/* Take one action of the representation; counts a step, and a change if a tile changed
 * (then the stats go stale). */
void mg_env_step(const mg_env *e, mg_state *s, int action);
/* Stats, recomputed (one evaluation) only if stale. */
const mg_stats *mg_env_stats(mg_env *e, mg_state *s);
double mg_env_heuristic(mg_env *e, mg_state *s);
bool mg_env_goal(mg_env *e, mg_state *s);
/* Step/change budget over: changes ≥ W·H or steps ≥ (W·H)². */
bool mg_env_budget_over(const mg_env *e, const mg_state *s);
/* Goal or budget over. */
bool mg_env_done(mg_env *e, mg_state *s);
/* Key: map (+ current cell for narrow and turtle). */
uint64_t mg_env_hash(const mg_env *e, const mg_state *s);
/* Wide action decoding (also used for optimiser mutations). */
void mg_wide_decode(const mg_problem *p, int a, int *x, int *y, int *v);

/* The domain for tools/plan; ctx = e.  Stats of states it creates are computed when
 * the search evaluates them. */
plan_domain mg_env_domain(mg_env *e);

/* Maps only (optimisers): stats of a map, counted in e->evals. */
void mg_env_map_stats(mg_env *e, const uint8_t *map, mg_stats *out);

#endif
