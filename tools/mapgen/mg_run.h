/* mg_run.h — one generation run of tools/mapgen: an algorithm (tree search or optimiser)
 * on a problem and representation under time / evaluation budgets (README, Experiment). */
#ifndef HANE_MAPGEN_RUN_H
#define HANE_MAPGEN_RUN_H

#include "tools/mapgen/mg_env.h"

typedef enum mg_algo {
    MG_BFS, MG_DFS, MG_GBFS, MG_MCTS,   /* tree searches */
    MG_HC, MG_SA, MG_ES, MG_GA,         /* optimisers (wide only) */
    MG_NALGOS
} mg_algo;

typedef enum mg_crossover { MG_XO_PAPER, MG_XO_RECT, MG_XO_ASRUN } mg_crossover;

const char *mg_algo_name(mg_algo a);
int mg_algo_find(const char *name);          /* −1 if unknown */
bool mg_algo_is_tree(mg_algo a);
const char *mg_crossover_name(mg_crossover x);
int mg_crossover_find(const char *name);     /* −1 if unknown */

typedef struct mg_config {
    const mg_problem *p;
    mg_rep_id rep;
    mg_algo algo;
    mg_targets targets;
    int runs;
    double time_limit;        /* seconds per run (0 = none) */
    bool cpu_clock;           /* time_limit and reported times are this thread's CPU time */
    uint64_t eval_limit;      /* stats computations per run (0 = none) */
    uint64_t seed;
    int jobs;
    double mcts_c;            /* 5 */
    int rollout;              /* MCTS rollout length; 0 = the problem's L */
    mg_crossover crossover;
    bool gbfs_heapq_ties;     /* GBFS ties in Python heapq's order (default FIFO; README, Design decisions) */
    size_t memory;            /* node pool bytes per run (tree searches) */
    /* optimiser parameters (paper) */
    double sa_t0, sa_cooling;
    int es_mu, es_lambda;
    int ga_pop, ga_elite;
    double ga_pcross, ga_pmut;
} mg_config;

/* The paper's parameters, 1 run, 60 s, seed 1, 1 job, 512 MiB. */
void mg_config_default(mg_config *c);
/* Index of (problem, algo, rep) among the 48 configurations (0..47), or −1 for an
 * optimiser with a non-wide representation. Seeds derive from it. */
int mg_config_index(const mg_config *c);

typedef struct mg_outcome {
    bool found;
    double time;              /* seconds to the solution, or until the budget ended */
    double heuristic;         /* of the result map, vs the run's reference */
    int result_depth;         /* tree searches; −1 for optimisers */
    int max_depth;            /* tree searches; −1 for optimisers */
    uint64_t iterations;      /* pops / MCTS iterations / HC-SA iterations / generations */
    uint64_t evals;
    const char *stop;         /* why it ended: goal, time-limit, eval-limit, pool-full, ... */
    bool pool_full;           /* the node pool filled up (BFS/DFS/GBFS then drain it) */
    mg_state result;          /* the result map (with cursor for narrow / turtle) */
    mg_stats ref;             /* the reference map's stats */
} mg_outcome;

/* Run `run_index` of configuration c; deterministic from (seed, config index, run index)
 * when the evaluation budget binds. */
void mg_run_one(const mg_config *c, int run_index, mg_outcome *out);

/* The generator of run `run_index` of configuration c, as mg_run_one seeds it: seeded from
 * (seed, configuration index, run), so a run's draws do not depend on which other runs or
 * configurations a command makes.  Its first draws are the start map (mg_random_map). */
void mg_run_rng(struct rng *rng, const mg_config *c, int run_index);

/* Optimisers (mg_opt.c): HC, SA, ES, GA on maps from a fresh env. */
void mg_run_optimiser(const mg_config *c, mg_env *e, struct rng *rng, mg_outcome *out);
/* GA rank selection over a population of n sorted best first: rank r with probability
 * (n − r) / (n(n+1)/2). */
int mg_rank_select(struct rng *rng, int n);

#endif
