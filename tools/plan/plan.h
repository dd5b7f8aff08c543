/* plan.h — the ports' planning library: BFS, DFS, greedy best-first and MCTS/UCT over any
 * domain of states and actions (not the Go engine's search, engine/search.h).
 *
 * Used by tools/mapgen and tools/match3.  Nothing here knows a game.
 *
 * A problem plugs in as a `plan_domain`: a table of function pointers plus a context
 * pointer (NULL hooks mean "not supported" / "use the default" as documented per hook).
 * States are blobs of `state_size` bytes that the library stores in its own pool and
 * copies with memcpy, unless the domain supplies `copy`/`release` (for states that own
 * heap memory).  Actions are small non-negative ints listed by the domain.
 *
 * Every search is deterministic from `plan_config.seed` as long as the budget is not a
 * wall-clock one: the same seed and a node, iteration or evaluation budget give the same
 * result on every machine.  Memory is bounded: nodes live in one pool allocated up front
 * (its size from `max_memory`); when it is full the search stops with PLAN_POOL_FULL and
 * an error message saying how many nodes fitted, never by crashing.
 *
 * Quick start (frontier search: BFS, DFS or GBFS):
 *
 *     plan_config cfg = plan_config_default();
 *     cfg.budget.time_limit = 5.0;
 *     plan_result res;
 *     plan_frontier(&my_domain, &root_state, PLAN_GBFS, &cfg, &res);
 *     ... res.best_state, res.best_value, res.status ...
 *     plan_result_free(&res);
 *
 * MCTS (one-shot):
 *
 *     plan_mcts_config mc = plan_mcts_config_default();
 *     plan_mcts_run_once(&my_domain, &root_state, &mc, &res);
 *
 * or incrementally (move-by-move play, step-wise pruning): plan_mcts_new, plan_mcts_run,
 * plan_mcts_children, plan_mcts_advance, plan_mcts_result, plan_mcts_free.
 */
#ifndef HANE_TOOLS_PLAN_H
#define HANE_TOOLS_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board/rng.h"

/* Random numbers are the board floor's (engine/board/rng.h): a search draws from its own
 * struct rng seeded with plan_config.seed. */

/* Seconds on CLOCK_THREAD_CPUTIME_ID (cpu) or CLOCK_MONOTONIC (!cpu). */
double plan_clock(bool cpu);

/* ---- The domain --------------------------------------------------------------------- */

typedef struct plan_domain {
    void *ctx;              /* passed to every hook */
    size_t state_size;      /* bytes of one state (> 0) */
    int max_actions;        /* upper bound on the number of actions of any state (> 0) */

    /* Optional: deep-copy src into dst (dst holds garbage).  NULL = memcpy(state_size). */
    void (*copy)(void *ctx, void *dst, const void *src);
    /* Optional: release what a state owns (not the state bytes). NULL = nothing to do. */
    void (*release)(void *ctx, void *state);

    /* Required: write the legal actions of `state` into out[0..max_actions) and return how
     * many.  The order is the canonical child order (ties in selection go to the first). */
    int (*actions)(void *ctx, const void *state, int *out);
    /* Required: apply `action` to `state` in place. */
    void (*apply)(void *ctx, void *state, int action);
    /* Optional (MCTS): called once on a state when it becomes a tree node (the root, and
     * every child after apply), never in rollouts: the place to cache what selection reads
     * and rollouts do not need.  NULL = nothing to do. */
    void (*on_node)(void *ctx, void *state);

    /* Optional: a terminal state is never expanded (and ends a rollout).  NULL = never. */
    bool (*terminal)(void *ctx, const void *state);
    /* Optional: reaching a goal state stops the search with PLAN_GOAL.  NULL = never. */
    bool (*goal)(void *ctx, const void *state);
    /* Required: value of a state, larger is better.  Frontier searches keep the best state by
     * this value; it is also the default GBFS priority and the default MCTS reward. */
    double (*evaluate)(void *ctx, const void *state);
    /* Optional: GBFS priority (max first).  NULL = evaluate. */
    double (*priority)(void *ctx, const void *state);
    /* Optional: MCTS reward of a rollout's final state.  NULL = evaluate. */
    double (*reward)(void *ctx, const void *state);
    /* Optional: ends a rollout early (e.g. a step budget) where `terminal` would be too
     * strict or too lax.  NULL = terminal. */
    bool (*rollout_done)(void *ctx, const void *state);
    /* Optional: 64-bit key for duplicate detection (frontier searches skip popped states whose
     * key was visited; MCTS with `dedup` drops children whose key was ever generated).
     * NULL = no duplicate detection.  Distinct states should rarely share a key. */
    uint64_t (*hash)(void *ctx, const void *state);
    /* Optional: the number of evaluations the domain has performed so far (domains that
     * cache values count only real computations).  NULL = the library counts its calls of
     * evaluate, priority and reward. */
    uint64_t (*eval_count)(void *ctx);
} plan_domain;

/* ---- Budgets, configuration, results ------------------------------------------------ */

/* Any limit 0 means "no limit" (but at least one should be set).  Checked before every
 * pop (frontier searches) or iteration (MCTS) and before each child is generated. */
typedef struct plan_budget {
    uint64_t max_nodes;       /* nodes created (children generated), root excluded */
    uint64_t max_iterations;  /* pops (frontier searches) or iterations (MCTS) */
    uint64_t max_evals;       /* evaluations, see plan_domain.eval_count */
    double time_limit;        /* seconds, on the clock below */
    bool cpu_clock;           /* time this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so a
                                 loaded machine does not shorten searches; default false:
                                 wall-clock time (CLOCK_MONOTONIC) */
    size_t max_memory;        /* bytes for the node pool; 0 = 256 MiB */
} plan_budget;

typedef struct plan_config {
    plan_budget budget;
    uint64_t seed;
    /* Frontier searches: evaluate (or prioritise) each child when it is generated rather than
     * when it is popped.  Default true.  GBFS always evaluates at generation. */
    bool eval_at_generation;
    /* A state whose value equals the best so far replaces it with probability 1/2 (the
     * mapgen paper's rule).  Default false: the first best is kept. */
    bool best_ties_random;
    /* Frontier searches: when the pool is full, stop generating children but keep popping
     * (and goal-testing) the frontier until a budget ends or it is empty, instead of
     * stopping with PLAN_POOL_FULL.  result.pool_full tells that it happened. */
    bool drain_when_full;
    /* Frontier searches: once the pool is full, the frontier is frozen: every later child is
     * still generated and evaluated (a pop costs what it would with unbounded memory, so
     * pops and goal tests keep an unbounded search's pace) but dropped.  BFS then pops
     * exactly what an unbounded BFS would until the stored frontier runs out, and stops
     * there with PLAN_POOL_FULL; DFS and GBFS differ from unbounded ones as soon as a
     * dropped child would have been popped.  Takes precedence over drain_when_full. */
    bool discard_when_full;
    /* GBFS: leave equal priorities to the heap's own sift rules, exactly as Python's
     * heapq (heappush / heappop, no tie-breaker) orders them, instead of first-generated
     * first (the default).  For replicating Python experiments that used PriorityQueue. */
    bool gbfs_heapq_ties;
} plan_config;

typedef enum plan_status {
    PLAN_GOAL = 0,        /* a goal state was reached (result.best_state is it) */
    PLAN_EXHAUSTED,       /* nothing left to expand */
    PLAN_NODE_LIMIT,
    PLAN_ITERATION_LIMIT,
    PLAN_EVAL_LIMIT,
    PLAN_TIME_LIMIT,
    PLAN_POOL_FULL,       /* memory budget reached; see result.error */
    PLAN_BAD_CONFIG       /* invalid domain or configuration; see result.error */
} plan_status;

/* Name of a status, e.g. "time-limit". */
const char *plan_status_name(plan_status s);

typedef struct plan_result {
    plan_status status;
    bool found;             /* status == PLAN_GOAL */
    void *best_state;       /* owned copy (malloc); goal state if found, else best value */
    double best_value;      /* evaluate(best_state) */
    int best_depth;         /* depth of best_state (root = 0) */
    int max_depth;          /* deepest node popped (tree) or added to the tree (MCTS) */
    uint64_t iterations;    /* pops (frontier searches) or MCTS iterations */
    uint64_t nodes;         /* nodes created */
    uint64_t peak_nodes;    /* most nodes alive at once in the pool */
    uint64_t evals;         /* evaluations used */
    double elapsed;         /* seconds, on the budget's clock */
    bool pool_full;         /* the pool filled up (see drain_when_full) */
    char error[160];        /* set for PLAN_POOL_FULL and PLAN_BAD_CONFIG */
} plan_result;

plan_config plan_config_default(void);
/* Frees result->best_state (via the domain's release hook when it has one). */
void plan_result_free(const plan_domain *d, plan_result *result);

/* ---- BFS / DFS / greedy best-first --------------------------------------------------- */

typedef enum plan_order {
    PLAN_BFS,   /* FIFO */
    PLAN_DFS,   /* LIFO: children pushed in canonical order, so the last one pops first */
    PLAN_GBFS   /* max priority first, ties first-in first-out */
} plan_order;

/* Pop a node; skip it if its key was visited; else update the best state, stop on a goal,
 * mark it visited and, unless terminal, generate all its children onto the frontier.
 * Only frontier nodes occupy the pool.  Returns result->status. */
plan_status plan_frontier(const plan_domain *d, const void *root, plan_order order,
                          const plan_config *cfg, plan_result *result);

/* ---- MCTS / UCT ---------------------------------------------------------------------- */

/* What a selection function sees of one child. */
typedef struct plan_child_view {
    int action;               /* the action leading from the parent to this child */
    int depth;                /* depth of the child (root = 0) */
    uint64_t visits;          /* n: rollouts through the child */
    double value_sum;         /* W: sum of their rewards */
    double value_max;         /* largest reward seen (-inf when unvisited) */
    uint64_t parent_visits;   /* N */
    const void *state;        /* the child's state, for domain features */
    const void *parent_state;
    void *domain_ctx;
} plan_child_view;

/* Selection: the child with the largest value is followed (first on ties).  Return
 * +INFINITY for "must try first"; NaN counts as -infinity. */
typedef double (*plan_select_fn)(void *select_ctx, const plan_child_view *child);

/* The default: W/n + c·sqrt(k·ln N / n), +inf when n = 0 (k = 2 is UCB1 as in Auer et
 * al.; k = 1 the form most papers print). select_ctx points at a plan_ucb1. */
typedef struct plan_ucb1 {
    double c;
    double k;
} plan_ucb1;
double plan_select_ucb1(void *select_ctx, const plan_child_view *child);

/* Rollout policy: return an index into actions[0..n) (n >= 1) for `state`. */
typedef int (*plan_rollout_fn)(void *policy_ctx, void *domain_ctx, const void *state,
                                 const int *actions, int n, struct rng *rng);
/* The default: uniform. */
int plan_rollout_uniform(void *policy_ctx, void *domain_ctx, const void *state,
                           const int *actions, int n, struct rng *rng);

typedef enum plan_expand_mode {
    /* Classic: a node reached by selection that still has untried actions gets one new
     * child, an untried action picked uniformly at random.  Selection descends while the
     * node has no untried actions, has children and is not terminal. */
    PLAN_EXPAND_ONE,
    /* All children are created at once, with zero visits, in canonical order; one is
     * picked uniformly at random for the rollout.  Selection descends while the node has
     * children (unvisited children are then taken by the selection function). */
    PLAN_EXPAND_ALL
} plan_expand_mode;

typedef struct plan_mcts_config {
    plan_config base;           /* budgets, seed, best_ties_random */
    plan_expand_mode expand;    /* default PLAN_EXPAND_ONE */
    /* EXPAND_ONE only: on a node's first expansion generate and evaluate every child and
     * drop those whose key (domain hash) was ever generated in this search — a global
     * transposition set.  Requires the hash hook.  Default false. */
    bool dedup;
    plan_select_fn select;      /* default plan_select_ucb1 with `ucb1` below */
    void *select_ctx;             /* default &ucb1 of this struct (set by the library) */
    plan_ucb1 ucb1;             /* parameters of the default selection */
    plan_rollout_fn rollout;    /* default plan_rollout_uniform */
    void *rollout_ctx;
    /* Maximum actions per rollout; 0 = until rollout_done/terminal or no action. */
    int rollout_length;
    /* Check each new tree node against the goal and stop (mapgen); false = keep going. */
    bool stop_at_goal;
    /* Also offer each rollout's final state as a best-state candidate (by evaluate);
     * false = only tree nodes are candidates.  Default false. */
    bool best_from_rollouts;
} plan_mcts_config;

/* Defaults: EXPAND_ONE, no dedup, UCB1 with c = 1/sqrt(2), k = 2 (i.e. sqrt(ln N / n)),
 * uniform rollouts to the end, stop at goal, 256 MiB. */
plan_mcts_config plan_mcts_config_default(void);

typedef struct plan_mcts plan_mcts;

/* A tree whose root is a copy of `root`.  The config is copied.  Returns NULL and writes
 * `err` on a bad configuration or when memory cannot be reserved. */
plan_mcts *plan_mcts_new(const plan_domain *d, const void *root,
                             const plan_mcts_config *cfg, char *err, size_t errlen);
void plan_mcts_free(plan_mcts *m);

/* Run up to `iterations` more iterations (0 = until a budget of the config ends).  Budgets
 * count from plan_mcts_new.  Returns PLAN_ITERATION_LIMIT when the requested
 * iterations are done, or the status that stopped it. */
plan_status plan_mcts_run(plan_mcts *m, uint64_t iterations);

/* Views of the root's children in tree order; returns their number (<= cap written). */
int plan_mcts_children(const plan_mcts *m, plan_child_view *out, int cap);
/* Make root child `index` the new root (its subtree is kept, every other node is freed)
 * — for move-by-move play and step-wise pruning.  Returns false on a bad index. */
bool plan_mcts_advance(plan_mcts *m, int index);
/* Nodes alive in the tree now. */
uint64_t plan_mcts_live_nodes(const plan_mcts *m);
/* Fill `out` with the search so far: the best state (by evaluate, over tree nodes and,
 * with best_from_rollouts, rollout ends), depths, counters and the status of the last
 * plan_mcts_run.  The caller frees it with plan_result_free. */
void plan_mcts_result(const plan_mcts *m, plan_result *out);

/* Convenience: new + run + result + free. */
plan_status plan_mcts_run_once(const plan_domain *d, const void *root,
                                   const plan_mcts_config *cfg, plan_result *result);

#endif
