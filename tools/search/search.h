/* search.h — domain-independent tree search: BFS, DFS, greedy best-first and MCTS/UCT.
 *
 * Used by tools/mapgen, tools/match3 and tools/narrative.  Nothing here knows a game.
 *
 * A problem plugs in as a `search_domain`: a table of function pointers plus a context
 * pointer (NULL hooks mean "not supported" / "use the default" as documented per hook).
 * States are blobs of `state_size` bytes that the library stores in its own pool and
 * copies with memcpy, unless the domain supplies `copy`/`release` (for states that own
 * heap memory).  Actions are small non-negative ints listed by the domain.
 *
 * Every search is deterministic from `search_config.seed` as long as the budget is not a
 * wall-clock one: the same seed and a node, iteration or evaluation budget give the same
 * result on every machine.  Memory is bounded: nodes live in one pool allocated up front
 * (its size from `max_memory`); when it is full the search stops with SEARCH_POOL_FULL and
 * an error message saying how many nodes fitted, never by crashing.
 *
 * Quick start (tree search):
 *
 *     search_config cfg = search_config_default();
 *     cfg.budget.time_limit = 5.0;
 *     search_result res;
 *     search_tree(&my_domain, &root_state, SEARCH_GBFS, &cfg, &res);
 *     ... res.best_state, res.best_value, res.status ...
 *     search_result_free(&res);
 *
 * MCTS (one-shot):
 *
 *     search_mcts_config mc = search_mcts_config_default();
 *     search_mcts_run_once(&my_domain, &root_state, &mc, &res);
 *
 * or incrementally (move-by-move play, step-wise pruning): search_mcts_new, search_mcts_run,
 * search_mcts_children, search_mcts_advance, search_mcts_result, search_mcts_free.
 */
#ifndef HANE_TOOLS_SEARCH_H
#define HANE_TOOLS_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- Random numbers ------------------------------------------------------------------ */

/* xoshiro256** seeded through splitmix64.  Plain value type: copy it to fork a stream. */
typedef struct search_rng {
    uint64_t s[4];
} search_rng;

/* Seed from one 64-bit value (any value, including 0, gives a valid stream). */
void search_rng_seed(search_rng *rng, uint64_t seed);
/* Seed from (base, a, b), e.g. (base seed, configuration index, run index): the three are
 * mixed so that neighbouring indices give unrelated streams. */
void search_rng_seed3(search_rng *rng, uint64_t base, uint64_t a, uint64_t b);
uint64_t search_rng_next(search_rng *rng);
/* Uniform integer in [0, n), n > 0, without modulo bias (Lemire's method). */
uint32_t search_rng_below(search_rng *rng, uint32_t n);
/* Uniform double in [0, 1) with 53 random bits. */
double search_rng_double(search_rng *rng);
/* Seconds on CLOCK_THREAD_CPUTIME_ID (cpu) or CLOCK_MONOTONIC (!cpu). */
double search_clock(bool cpu);

/* Fisher–Yates shuffle of n ints. */
void search_rng_shuffle_ints(search_rng *rng, int *v, size_t n);

/* ---- The domain --------------------------------------------------------------------- */

typedef struct search_domain {
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

    /* Optional: a terminal state is never expanded (and ends a rollout).  NULL = never. */
    bool (*terminal)(void *ctx, const void *state);
    /* Optional: reaching a goal state stops the search with SEARCH_GOAL.  NULL = never. */
    bool (*goal)(void *ctx, const void *state);
    /* Required: value of a state, larger is better.  Tree searches keep the best state by
     * this value; it is also the default GBFS priority and the default MCTS reward. */
    double (*evaluate)(void *ctx, const void *state);
    /* Optional: GBFS priority (max first).  NULL = evaluate. */
    double (*priority)(void *ctx, const void *state);
    /* Optional: MCTS reward of a rollout's final state.  NULL = evaluate. */
    double (*reward)(void *ctx, const void *state);
    /* Optional: ends a rollout early (e.g. a step budget) where `terminal` would be too
     * strict or too lax.  NULL = terminal. */
    bool (*rollout_done)(void *ctx, const void *state);
    /* Optional: 64-bit key for duplicate detection (tree searches skip popped states whose
     * key was visited; MCTS with `dedup` drops children whose key was ever generated).
     * NULL = no duplicate detection.  Distinct states should rarely share a key. */
    uint64_t (*hash)(void *ctx, const void *state);
    /* Optional: the number of evaluations the domain has performed so far (domains that
     * cache values count only real computations).  NULL = the library counts its calls of
     * evaluate, priority and reward. */
    uint64_t (*eval_count)(void *ctx);
} search_domain;

/* ---- Budgets, configuration, results ------------------------------------------------ */

/* Any limit 0 means "no limit" (but at least one should be set).  Checked before every
 * pop (tree searches) or iteration (MCTS) and before each child is generated. */
typedef struct search_budget {
    uint64_t max_nodes;       /* nodes created (children generated), root excluded */
    uint64_t max_iterations;  /* pops (tree searches) or iterations (MCTS) */
    uint64_t max_evals;       /* evaluations, see search_domain.eval_count */
    double time_limit;        /* seconds, on the clock below */
    bool cpu_clock;           /* time this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so a
                                 loaded machine does not shorten searches; default false:
                                 wall-clock time (CLOCK_MONOTONIC) */
    size_t max_memory;        /* bytes for the node pool; 0 = 256 MiB */
} search_budget;

typedef struct search_config {
    search_budget budget;
    uint64_t seed;
    /* Tree searches: evaluate (or prioritise) each child when it is generated rather than
     * when it is popped.  Default true.  GBFS always evaluates at generation. */
    bool eval_at_generation;
    /* A state whose value equals the best so far replaces it with probability 1/2 (the
     * mapgen paper's rule).  Default false: the first best is kept. */
    bool best_ties_random;
    /* Tree searches: when the pool is full, stop generating children but keep popping
     * (and goal-testing) the frontier until a budget ends or it is empty, instead of
     * stopping with SEARCH_POOL_FULL.  result.pool_full tells that it happened. */
    bool drain_when_full;
    /* Tree searches: once the pool is full, the frontier is frozen: every later child is
     * still generated and evaluated (a pop costs what it would with unbounded memory, so
     * pops and goal tests keep an unbounded search's pace) but dropped.  BFS then pops
     * exactly what an unbounded BFS would until the stored frontier runs out, and stops
     * there with SEARCH_POOL_FULL; DFS and GBFS differ from unbounded ones as soon as a
     * dropped child would have been popped.  Takes precedence over drain_when_full. */
    bool discard_when_full;
    /* GBFS: leave equal priorities to the heap's own sift rules, exactly as Python's
     * heapq (heappush / heappop, no tie-breaker) orders them, instead of first-generated
     * first (the default).  For replicating Python experiments that used PriorityQueue. */
    bool gbfs_heapq_ties;
} search_config;

typedef enum search_status {
    SEARCH_GOAL = 0,        /* a goal state was reached (result.best_state is it) */
    SEARCH_EXHAUSTED,       /* nothing left to expand */
    SEARCH_NODE_LIMIT,
    SEARCH_ITERATION_LIMIT,
    SEARCH_EVAL_LIMIT,
    SEARCH_TIME_LIMIT,
    SEARCH_POOL_FULL,       /* memory budget reached; see result.error */
    SEARCH_BAD_CONFIG       /* invalid domain or configuration; see result.error */
} search_status;

/* Name of a status, e.g. "time-limit". */
const char *search_status_name(search_status s);

typedef struct search_result {
    search_status status;
    bool found;             /* status == SEARCH_GOAL */
    void *best_state;       /* owned copy (malloc); goal state if found, else best value */
    double best_value;      /* evaluate(best_state) */
    int best_depth;         /* depth of best_state (root = 0) */
    int max_depth;          /* deepest node popped (tree) or added to the tree (MCTS) */
    uint64_t iterations;    /* pops (tree searches) or MCTS iterations */
    uint64_t nodes;         /* nodes created */
    uint64_t peak_nodes;    /* most nodes alive at once in the pool */
    uint64_t evals;         /* evaluations used */
    double elapsed;         /* seconds, on the budget's clock */
    bool pool_full;         /* the pool filled up (see drain_when_full) */
    char error[160];        /* set for SEARCH_POOL_FULL and SEARCH_BAD_CONFIG */
} search_result;

search_config search_config_default(void);
/* Frees result->best_state (via the domain's release hook when it has one). */
void search_result_free(const search_domain *d, search_result *result);

/* ---- BFS / DFS / greedy best-first --------------------------------------------------- */

typedef enum search_order {
    SEARCH_BFS,   /* FIFO */
    SEARCH_DFS,   /* LIFO: children pushed in canonical order, so the last one pops first */
    SEARCH_GBFS   /* max priority first, ties first-in first-out */
} search_order;

/* Pop a node; skip it if its key was visited; else update the best state, stop on a goal,
 * mark it visited and, unless terminal, generate all its children onto the frontier.
 * Only frontier nodes occupy the pool.  Returns result->status. */
search_status search_tree(const search_domain *d, const void *root, search_order order,
                          const search_config *cfg, search_result *result);

/* ---- MCTS / UCT ---------------------------------------------------------------------- */

/* What a selection function sees of one child. */
typedef struct search_child_view {
    int action;               /* the action leading from the parent to this child */
    int depth;                /* depth of the child (root = 0) */
    uint64_t visits;          /* n: rollouts through the child */
    double value_sum;         /* W: sum of their rewards */
    double value_max;         /* largest reward seen (-inf when unvisited) */
    uint64_t parent_visits;   /* N */
    const void *state;        /* the child's state, for domain features */
    const void *parent_state;
    void *domain_ctx;
} search_child_view;

/* Selection: the child with the largest value is followed (first on ties).  Return
 * +INFINITY for "must try first"; NaN counts as -infinity. */
typedef double (*search_select_fn)(void *select_ctx, const search_child_view *child);

/* The default: W/n + c·sqrt(k·ln N / n), +inf when n = 0 (k = 2 is UCB1 as in Auer et
 * al.; k = 1 the form most papers print). select_ctx points at a search_ucb1. */
typedef struct search_ucb1 {
    double c;
    double k;
} search_ucb1;
double search_select_ucb1(void *select_ctx, const search_child_view *child);

/* Rollout policy: return an index into actions[0..n) (n >= 1) for `state`. */
typedef int (*search_rollout_fn)(void *policy_ctx, void *domain_ctx, const void *state,
                                 const int *actions, int n, search_rng *rng);
/* The default: uniform. */
int search_rollout_uniform(void *policy_ctx, void *domain_ctx, const void *state,
                           const int *actions, int n, search_rng *rng);

typedef enum search_expand_mode {
    /* Classic: a node reached by selection that still has untried actions gets one new
     * child, an untried action picked uniformly at random.  Selection descends while the
     * node has no untried actions, has children and is not terminal. */
    SEARCH_EXPAND_ONE,
    /* All children are created at once, with zero visits, in canonical order; one is
     * picked uniformly at random for the rollout.  Selection descends while the node has
     * children (unvisited children are then taken by the selection function). */
    SEARCH_EXPAND_ALL
} search_expand_mode;

typedef struct search_mcts_config {
    search_config base;           /* budgets, seed, best_ties_random */
    search_expand_mode expand;    /* default SEARCH_EXPAND_ONE */
    /* EXPAND_ONE only: on a node's first expansion generate and evaluate every child and
     * drop those whose key (domain hash) was ever generated in this search — a global
     * transposition set.  Requires the hash hook.  Default false. */
    bool dedup;
    search_select_fn select;      /* default search_select_ucb1 with `ucb1` below */
    void *select_ctx;             /* default &ucb1 of this struct (set by the library) */
    search_ucb1 ucb1;             /* parameters of the default selection */
    search_rollout_fn rollout;    /* default search_rollout_uniform */
    void *rollout_ctx;
    /* Maximum actions per rollout; 0 = until rollout_done/terminal or no action. */
    int rollout_length;
    /* Check each new tree node against the goal and stop (mapgen); false = keep going. */
    bool stop_at_goal;
    /* Also offer each rollout's final state as a best-state candidate (by evaluate);
     * false = only tree nodes are candidates.  Default false. */
    bool best_from_rollouts;
} search_mcts_config;

/* Defaults: EXPAND_ONE, no dedup, UCB1 with c = 1/sqrt(2), k = 2 (i.e. sqrt(ln N / n)),
 * uniform rollouts to the end, stop at goal, 256 MiB. */
search_mcts_config search_mcts_config_default(void);

typedef struct search_mcts search_mcts;

/* A tree whose root is a copy of `root`.  The config is copied.  Returns NULL and writes
 * `err` on a bad configuration or when memory cannot be reserved. */
search_mcts *search_mcts_new(const search_domain *d, const void *root,
                             const search_mcts_config *cfg, char *err, size_t errlen);
void search_mcts_free(search_mcts *m);

/* Run up to `iterations` more iterations (0 = until a budget of the config ends).  Budgets
 * count from search_mcts_new.  Returns SEARCH_ITERATION_LIMIT when the requested
 * iterations are done, or the status that stopped it. */
search_status search_mcts_run(search_mcts *m, uint64_t iterations);

/* Views of the root's children in tree order; returns their number (<= cap written). */
int search_mcts_children(const search_mcts *m, search_child_view *out, int cap);
/* Make root child `index` the new root (its subtree is kept, every other node is freed)
 * — for move-by-move play and step-wise pruning.  Returns false on a bad index. */
bool search_mcts_advance(search_mcts *m, int index);
/* Nodes alive in the tree now. */
uint64_t search_mcts_live_nodes(const search_mcts *m);
/* Fill `out` with the search so far: the best state (by evaluate, over tree nodes and,
 * with best_from_rollouts, rollout ends), depths, counters and the status of the last
 * search_mcts_run.  The caller frees it with search_result_free. */
void search_mcts_result(const search_mcts *m, search_result *out);

/* Convenience: new + run + result + free. */
search_status search_mcts_run_once(const search_domain *d, const void *root,
                                   const search_mcts_config *cfg, search_result *result);

#endif
