/* test_plan.c — tools/plan on toy domains whose optima are known by hand. */
#include "tools/plan/plan.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- "numbers": from 1, actions +1 (0) and x2 (1); goal x == target ----
 * The fewest actions to reach t are (bits of t − 1) + (one bits of t − 1): for 37 = 100101b
 * that is 5 + 2 = 7 (1,2,4,8,9,18,36,37). */
typedef struct num_state {
    long long x;
    int depth;
} num_state;

typedef struct num_ctx {
    int target, cap, max_depth;
    uint64_t evals;
} num_ctx;

/* Both toy domains have actions 0 and 1 everywhere. */
static int two_actions(void *ctx, const void *s, int *out)
{
    out[0] = 0;
    out[1] = 1;
    return 2;
}
static void num_apply(void *ctx, void *s, int a)
{
    num_state *n = s;
    n->x = a == 0 ? n->x + 1 : n->x * 2;
    n->depth++;
}
static bool num_terminal(void *ctx, const void *s)
{
    const num_ctx *c = ctx;
    const num_state *n = s;
    return n->x > c->cap || n->depth >= c->max_depth;
}
static bool num_goal(void *ctx, const void *s)
{
    return ((const num_state *)s)->x == ((const num_ctx *)ctx)->target;
}
static double num_eval(void *ctx, const void *s)
{
    num_ctx *c = ctx;
    c->evals++;
    return -fabs((double)(c->target - ((const num_state *)s)->x));
}
static uint64_t num_hash(void *ctx, const void *s)
{
    return (uint64_t)((const num_state *)s)->x;
}

static plan_domain num_domain(num_ctx *c)
{
    return (plan_domain){ .ctx = c, .state_size = sizeof(num_state), .max_actions = 2,
                          .actions = two_actions, .apply = num_apply, .terminal = num_terminal,
                          .goal = num_goal, .evaluate = num_eval, .hash = num_hash };
}

START_TEST(test_bfs_shortest)
{
    num_ctx c = {37, 1000, 50, 0};
    plan_domain d = num_domain(&c);
    num_state root = {1, 0};
    plan_config cfg = plan_config_default();
    cfg.budget.max_nodes = 100000;
    plan_result r;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_BFS, &cfg, &r), PLAN_GOAL);
    ck_assert(r.found);
    ck_assert_int_eq(((num_state *)r.best_state)->x, 37);
    ck_assert_int_eq(r.best_depth, 7);
    ck_assert_int_eq(((num_state *)r.best_state)->depth, 7);
    plan_result_free(&d, &r);
    ck_assert_ptr_null(r.best_state);
}
END_TEST

START_TEST(test_dfs_and_gbfs_find_goal)
{
    num_ctx c = {37, 1000, 50, 0};
    plan_domain d = num_domain(&c);
    num_state root = {1, 0};
    plan_config cfg = plan_config_default();
    cfg.budget.max_nodes = 100000;
    plan_result r;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_DFS, &cfg, &r), PLAN_GOAL);
    ck_assert_int_eq(((num_state *)r.best_state)->x, 37);
    /* DFS follows x2 first (last child pops first), so it goes deep before it succeeds */
    ck_assert_int_ge(r.best_depth, 7);
    plan_result_free(&d, &r);
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_GBFS, &cfg, &r), PLAN_GOAL);
    ck_assert_int_eq(((num_state *)r.best_state)->x, 37);
    ck_assert_int_ge(r.best_depth, 7);
    /* greedy on -|37-x| climbs straight: it needs far fewer pops than BFS */
    uint64_t gbfs_pops = r.iterations;
    plan_result_free(&d, &r);
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_BFS, &cfg, &r), PLAN_GOAL);
    ck_assert_uint_lt(gbfs_pops, r.iterations);
    plan_result_free(&d, &r);
}
END_TEST

START_TEST(test_bfs_exhausts_and_visits_each_state_once)
{
    /* cap 20: states 1..40 reachable, none equals 99; each x is expanded once */
    num_ctx c = {99, 20, 1000, 0};
    plan_domain d = num_domain(&c);
    num_state root = {1, 0};
    plan_config cfg = plan_config_default();
    plan_result r;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_BFS, &cfg, &r), PLAN_EXHAUSTED);
    ck_assert(!r.found);
    /* best = closest to 99 = the largest reachable x: 40 (20 x2) */
    ck_assert_int_eq(((num_state *)r.best_state)->x, 40);
    /* expanded states are x in 1..20 (two children each); the pops include duplicates */
    ck_assert_uint_eq(r.nodes, 40);
    plan_result_free(&d, &r);
}
END_TEST

START_TEST(test_budgets_exact)
{
    num_ctx c = {-5, 1 << 30, 1 << 30, 0};   /* unreachable goal, no terminal in sight */
    plan_domain d = num_domain(&c);
    d.hash = NULL;
    num_state root = {1, 0};
    plan_config cfg = plan_config_default();
    plan_result r;
    cfg.budget.max_nodes = 50;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_BFS, &cfg, &r), PLAN_NODE_LIMIT);
    ck_assert_uint_eq(r.nodes, 50);
    plan_result_free(&d, &r);

    cfg.budget.max_nodes = 0;
    cfg.budget.max_evals = 31;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_DFS, &cfg, &r), PLAN_EVAL_LIMIT);
    ck_assert_uint_eq(r.evals, 31);
    plan_result_free(&d, &r);

    /* the domain's own counter, when it offers one, is what the budget reads */
    cfg.budget.max_evals = 0;
    cfg.budget.max_iterations = 10;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_GBFS, &cfg, &r), PLAN_ITERATION_LIMIT);
    ck_assert_uint_eq(r.iterations, 10);
    plan_result_free(&d, &r);

    cfg.budget.max_iterations = 0;
    cfg.budget.time_limit = 0.05;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_DFS, &cfg, &r), PLAN_TIME_LIMIT);
    ck_assert(r.elapsed >= 0.05 && r.elapsed < 5.0);
    plan_result_free(&d, &r);
}
END_TEST

START_TEST(test_pool_full_is_a_clean_stop)
{
    num_ctx c = {-5, 1 << 30, 1 << 30, 0};
    plan_domain d = num_domain(&c);
    d.hash = NULL;
    num_state root = {1, 0};
    plan_config cfg = plan_config_default();
    cfg.budget.max_memory = 4096;
    cfg.budget.max_nodes = 1000000;
    plan_result r;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_BFS, &cfg, &r), PLAN_POOL_FULL);
    ck_assert_ptr_nonnull(strstr(r.error, "pool full"));
    ck_assert_uint_gt(r.nodes, 10);
    ck_assert_ptr_nonnull(r.best_state);
    ck_assert(r.pool_full);
    uint64_t pops_stopping = r.iterations;
    plan_result_free(&d, &r);

    /* draining: keeps popping the full frontier until the iteration budget */
    cfg.drain_when_full = true;
    cfg.budget.max_nodes = 0;
    cfg.budget.max_iterations = 5000;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_BFS, &cfg, &r), PLAN_ITERATION_LIMIT);
    ck_assert(r.pool_full);
    ck_assert_uint_eq(r.iterations, 5000);
    ck_assert_uint_gt(r.iterations, pops_stopping);
    plan_result_free(&d, &r);

    /* discarding: the frozen frontier pops exactly as an unbounded BFS, each pop still
     * evaluating both children, until it runs out (pool of 102 slots here) */
    plan_config big = plan_config_default();
    big.budget.max_iterations = 150;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_BFS, &big, &r), PLAN_ITERATION_LIMIT);
    ck_assert(!r.pool_full);
    uint64_t evals_big = r.evals;
    int depth_big = r.max_depth;
    double best_big = r.best_value;
    plan_result_free(&d, &r);
    cfg.drain_when_full = false;
    cfg.discard_when_full = true;
    cfg.budget.max_iterations = 150;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_BFS, &cfg, &r), PLAN_ITERATION_LIMIT);
    ck_assert(r.pool_full);
    ck_assert_uint_eq(r.iterations, 150);
    ck_assert_uint_eq(r.evals, evals_big);
    ck_assert_int_eq(r.max_depth, depth_big);
    ck_assert_double_eq(r.best_value, best_big);
    plan_result_free(&d, &r);
    cfg.budget.max_iterations = 100000;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_BFS, &cfg, &r), PLAN_POOL_FULL);
    ck_assert_uint_gt(r.iterations, 150);
    ck_assert_uint_lt(r.iterations, 300);
    ck_assert_uint_eq(r.evals, 1 + 2 * r.iterations);
    plan_result_free(&d, &r);

    plan_mcts_config mc = plan_mcts_config_default();
    mc.base.budget.max_memory = 8192;
    mc.base.budget.max_iterations = 100000;
    ck_assert_int_eq(plan_mcts_run_once(&d, &root, &mc, &r), PLAN_POOL_FULL);
    ck_assert_ptr_nonnull(strstr(r.error, "pool full"));
    ck_assert_uint_lt(r.iterations, 1000);
    plan_result_free(&d, &r);
}
END_TEST

START_TEST(test_bad_config)
{
    num_ctx c = {37, 1000, 50, 0};
    plan_domain d = num_domain(&c);
    d.evaluate = NULL;
    num_state root = {1, 0};
    plan_config cfg = plan_config_default();
    plan_result r;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_BFS, &cfg, &r), PLAN_BAD_CONFIG);
    ck_assert_ptr_nonnull(strstr(r.error, "evaluate"));
    plan_result_free(&d, &r);
    d = num_domain(&c);
    d.hash = NULL;
    plan_mcts_config mc = plan_mcts_config_default();
    mc.dedup = true;
    mc.base.budget.max_iterations = 10;
    ck_assert_int_eq(plan_mcts_run_once(&d, &root, &mc, &r), PLAN_BAD_CONFIG);
    ck_assert_ptr_nonnull(strstr(r.error, "hash"));
    plan_result_free(&d, &r);
}
END_TEST

/* ---- "ones": a string of L bits built left to right; value = fraction of ones ----
 * Optimum: all ones (value 1).  Action 1 appends a one. */
#define ONES_L 12
typedef struct ones_state {
    int len, ones;
    uint32_t bits;
} ones_state;

static void ones_apply(void *ctx, void *s, int a)
{
    ones_state *o = s;
    o->bits |= (uint32_t)a << o->len;
    o->len++;
    o->ones += a;
}
static bool ones_terminal(void *ctx, const void *s)
{
    return ((const ones_state *)s)->len >= ONES_L;
}
static double ones_eval(void *ctx, const void *s)
{
    const ones_state *o = s;
    return (double)o->ones / ONES_L;
}
static uint64_t ones_hash(void *ctx, const void *s)
{
    const ones_state *o = s;
    return ((uint64_t)o->len << 32) | o->bits;
}

static plan_domain ones_domain(void)
{
    return (plan_domain){ .state_size = sizeof(ones_state), .max_actions = 2,
                          .actions = two_actions, .apply = ones_apply,
                          .terminal = ones_terminal, .evaluate = ones_eval,
                          .hash = ones_hash };
}

static int most_visited(const plan_mcts *m, plan_child_view *v, int *n)
{
    *n = plan_mcts_children(m, v, 8);
    int best = 0;
    for (int i = 1; i < *n; i++)
        if (v[i].visits > v[best].visits)
            best = i;
    return best;
}

START_TEST(test_mcts_finds_optimum)
{
    plan_domain d = ones_domain();
    ones_state root = {0, 0, 0};
    for (int mode = 0; mode < 2; mode++) {
        plan_mcts_config mc = plan_mcts_config_default();
        mc.expand = mode ? PLAN_EXPAND_ALL : PLAN_EXPAND_ONE;
        mc.base.seed = 7;
        mc.base.budget.max_iterations = 3000;
        char err[160];
        plan_mcts *m = plan_mcts_new(&d, &root, &mc, err, sizeof err);
        ck_assert_ptr_nonnull(m);
        ck_assert_int_eq(plan_mcts_run(m, 0), PLAN_ITERATION_LIMIT);
        plan_child_view v[8];
        int n;
        int b = most_visited(m, v, &n);
        ck_assert_int_eq(n, 2);
        ck_assert_int_eq(v[b].action, 1);
        ck_assert_uint_eq(v[0].visits + v[1].visits, mode ? 3000 : 3000);
        plan_result r;
        plan_mcts_result(m, &r);
        ck_assert_double_eq(r.best_value, 1.0);
        ck_assert_int_eq(r.best_depth, ONES_L);
        ck_assert_uint_eq(r.iterations, 3000);
        plan_result_free(&d, &r);
        plan_mcts_free(m);
    }
}
END_TEST

START_TEST(test_mcts_deterministic)
{
    plan_domain d = ones_domain();
    ones_state root = {0, 0, 0};
    plan_mcts_config mc = plan_mcts_config_default();
    mc.base.seed = 99;
    mc.base.budget.max_iterations = 500;
    mc.best_from_rollouts = true;
    plan_child_view a[8], b[8];
    char err[160];
    plan_mcts *m1 = plan_mcts_new(&d, &root, &mc, err, sizeof err);
    plan_mcts *m2 = plan_mcts_new(&d, &root, &mc, err, sizeof err);
    plan_mcts_run(m1, 0);
    plan_mcts_run(m2, 0);
    int n1 = plan_mcts_children(m1, a, 8), n2 = plan_mcts_children(m2, b, 8);
    ck_assert_int_eq(n1, n2);
    for (int i = 0; i < n1; i++) {
        ck_assert_uint_eq(a[i].visits, b[i].visits);
        ck_assert_double_eq(a[i].value_sum, b[i].value_sum);
    }
    plan_mcts_free(m2);
    mc.base.seed = 100;
    m2 = plan_mcts_new(&d, &root, &mc, err, sizeof err);
    plan_mcts_run(m2, 0);
    plan_mcts_children(m2, b, 8);
    ck_assert(a[0].value_sum != b[0].value_sum || a[1].value_sum != b[1].value_sum);
    plan_mcts_free(m1);
    plan_mcts_free(m2);
}
END_TEST

/* selection that always prefers the first child, counting its calls */
static int select_calls;
static double select_first(void *ctx, const plan_child_view *c)
{
    select_calls++;
    return c->action == 0 ? 1.0 : 0.0;
}
/* rollout that always appends a one */
static int rollout_calls;
static int rollout_last(void *pctx, void *dctx, const void *s, const int *acts, int n,
                        struct rng *rng)
{
    rollout_calls++;
    return n - 1;
}

START_TEST(test_mcts_pluggable_select_and_rollout)
{
    plan_domain d = ones_domain();
    ones_state root = {0, 0, 0};
    plan_mcts_config mc = plan_mcts_config_default();
    mc.select = select_first;
    mc.rollout = rollout_last;
    mc.base.budget.max_iterations = 200;
    select_calls = rollout_calls = 0;
    char err[160];
    plan_mcts *m = plan_mcts_new(&d, &root, &mc, err, sizeof err);
    plan_mcts_run(m, 0);
    plan_child_view v[8];
    int n = plan_mcts_children(m, v, 8);
    ck_assert_int_eq(n, 2);
    ck_assert_int_gt(select_calls, 0);
    ck_assert_int_gt(rollout_calls, 0);
    /* after its creation, child 1 is never selected again: one visit only */
    int i1 = v[0].action == 1 ? 0 : 1;
    ck_assert_uint_eq(v[i1].visits, 1);
    /* the rollout appends ones only: child 1's one rollout is all ones, child 0's best is
     * its first (one zero, then ones) */
    int i0 = 1 - i1;
    ck_assert_double_eq(v[i1].value_sum, 1.0);
    ck_assert_double_eq_tol(v[i0].value_max, (ONES_L - 1.0) / ONES_L, 1e-12);
    plan_mcts_free(m);
}
END_TEST

/* ---- dedup: both actions lead to the same state, so the tree must be a chain ---- */
static void same_apply(void *ctx, void *s, int a)
{
    ones_apply(ctx, s, 1);
}

/* on_node: once per tree node (root and every child), never in rollouts. */
static int on_node_calls, apply_calls;
static void count_on_node(void *ctx, void *s)
{
    on_node_calls++;
}
static void count_apply(void *ctx, void *s, int a)
{
    apply_calls++;
    num_apply(ctx, s, a);
}

START_TEST(test_mcts_on_node_tree_only)
{
    for (int expand = 0; expand < 2; expand++) {
        num_ctx c = {-1, 1000, 12, 0};    /* no goal: every iteration rolls out */
        plan_domain d = num_domain(&c);
        d.apply = count_apply;
        d.on_node = count_on_node;
        num_state root = {1, 0};
        plan_mcts_config mc = plan_mcts_config_default();
        mc.base.budget.max_iterations = 60;
        mc.expand = expand ? PLAN_EXPAND_ALL : PLAN_EXPAND_ONE;
        on_node_calls = apply_calls = 0;
        plan_result r;
        ck_assert_int_eq(plan_mcts_run_once(&d, &root, &mc, &r), PLAN_ITERATION_LIMIT);
        ck_assert_int_eq(on_node_calls, (int)r.nodes + 1);
        /* rollouts to depth 12 apply far more actions than the tree has nodes */
        ck_assert_int_gt(apply_calls, on_node_calls * 2);
        plan_result_free(&d, &r);
    }
}
END_TEST

START_TEST(test_mcts_dedup_and_advance)
{
    plan_domain d = ones_domain();
    d.apply = same_apply;
    ones_state root = {0, 0, 0};
    plan_mcts_config mc = plan_mcts_config_default();
    mc.dedup = true;
    mc.base.budget.max_iterations = 30;
    char err[160];
    plan_mcts *m = plan_mcts_new(&d, &root, &mc, err, sizeof err);
    plan_mcts_run(m, 0);
    plan_result r;
    plan_mcts_result(m, &r);
    /* a chain of ONES_L + root: one new node per iteration until the chain ends */
    ck_assert_uint_eq(r.nodes, ONES_L);
    ck_assert_int_eq(r.max_depth, ONES_L);
    ck_assert_uint_eq(plan_mcts_live_nodes(m), ONES_L + 1);
    plan_result_free(&d, &r);
    plan_mcts_free(m);

    /* advance on the normal domain: the kept subtree only */
    d = ones_domain();
    mc.dedup = false;
    mc.base.budget.max_iterations = 0;
    m = plan_mcts_new(&d, &root, &mc, err, sizeof err);
    plan_mcts_run(m, 400);
    uint64_t before = plan_mcts_live_nodes(m);
    plan_child_view v[8];
    plan_mcts_children(m, v, 8);
    uint64_t kept_visits = v[1].visits;
    ck_assert(plan_mcts_advance(m, 1));
    ck_assert(!plan_mcts_advance(m, 5));
    uint64_t after = plan_mcts_live_nodes(m);
    ck_assert_uint_lt(after, before);
    /* one tree node per iteration through the kept child (plus itself) at most */
    ck_assert_uint_le(after, kept_visits + 1);
    int n = plan_mcts_children(m, v, 8);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(v[0].depth, 2);
    ck_assert_int_eq(plan_mcts_run(m, 100), PLAN_ITERATION_LIMIT);
    plan_mcts_free(m);
}
END_TEST

/* ---- a state that owns heap memory: copy/release hooks (ASan checks for leaks) ---- */
typedef struct heap_state {
    int *x;
} heap_state;
static void heap_copy(void *ctx, void *dst, const void *src)
{
    heap_state *h = dst;
    h->x = malloc(sizeof(int));
    *h->x = *((const heap_state *)src)->x;
}
static void heap_release(void *ctx, void *s)
{
    free(((heap_state *)s)->x);
}
static int heap_actions(void *ctx, const void *s, int *out)
{
    out[0] = 1;
    out[1] = 2;
    out[2] = 3;
    return 3;
}
static void heap_apply(void *ctx, void *s, int a)
{
    *((heap_state *)s)->x += a;
}
static bool heap_terminal(void *ctx, const void *s)
{
    return *((const heap_state *)s)->x >= 30;
}
static double heap_eval(void *ctx, const void *s)
{
    return *((const heap_state *)s)->x;
}
static uint64_t heap_hash(void *ctx, const void *s)
{
    return (uint64_t)*((const heap_state *)s)->x;
}

START_TEST(test_owned_states)
{
    plan_domain d;
    memset(&d, 0, sizeof d);
    d.state_size = sizeof(heap_state);
    d.max_actions = 3;
    d.copy = heap_copy;
    d.release = heap_release;
    d.actions = heap_actions;
    d.apply = heap_apply;
    d.terminal = heap_terminal;
    d.evaluate = heap_eval;
    d.hash = heap_hash;
    int x0 = 0;
    heap_state root = {&x0};
    plan_config cfg = plan_config_default();
    plan_result r;
    for (int o = 0; o < 3; o++) {
        cfg.budget.max_nodes = o == 1 ? 500 : 0;
        plan_frontier(&d, &root, (plan_order)o, &cfg, &r);
        ck_assert_double_eq(r.best_value, 32.0);
        plan_result_free(&d, &r);
    }
    plan_mcts_config mc = plan_mcts_config_default();
    mc.base.budget.max_iterations = 300;
    mc.dedup = true;
    plan_mcts_run_once(&d, &root, &mc, &r);
    ck_assert_double_gt(r.best_value, 0.0);
    plan_result_free(&d, &r);
    mc.dedup = false;
    mc.expand = PLAN_EXPAND_ALL;
    plan_mcts_run_once(&d, &root, &mc, &r);
    plan_result_free(&d, &r);
}
END_TEST

/* ---- GBFS tie order: a ternary tree (child of i by action a is 3i + a + 1, depth ≤ 3)
 * whose values (7i mod 3) tie often.  The expected pop orders were produced by CPython's
 * heapq on the same pushes: nodes compared by value only (PriorityQueue of objects whose
 * __lt__ is "higher value"), and with (−value, push count) keys for FIFO. ---- */
typedef struct tie_state {
    int id, depth;
} tie_state;

typedef struct tie_ctx {
    int order[32], n;
} tie_ctx;

static int tie_actions(void *ctx, const void *s, int *out)
{
    for (int a = 0; a < 3; a++)
        out[a] = a;
    return 3;
}
static void tie_apply(void *ctx, void *s, int a)
{
    tie_state *t = s;
    t->id = 3 * t->id + a + 1;
    t->depth++;
}
static bool tie_terminal(void *ctx, const void *s)
{
    return ((const tie_state *)s)->depth >= 3;
}
static bool tie_goal(void *ctx, const void *s)
{
    /* called once per popped (new) node: record the pop order, never a goal */
    tie_ctx *c = ctx;
    if (c->n < 32)
        c->order[c->n++] = ((const tie_state *)s)->id;
    return false;
}
static double tie_eval(void *ctx, const void *s)
{
    return (double)((((const tie_state *)s)->id * 7) % 3);
}
static uint64_t tie_hash(void *ctx, const void *s)
{
    return (uint64_t)((const tie_state *)s)->id;
}

static void tie_run(bool heapq_ties, tie_ctx *c)
{
    memset(c, 0, sizeof *c);
    plan_domain d;
    memset(&d, 0, sizeof d);
    d.ctx = c;
    d.state_size = sizeof(tie_state);
    d.max_actions = 3;
    d.actions = tie_actions;
    d.apply = tie_apply;
    d.terminal = tie_terminal;
    d.goal = tie_goal;
    d.evaluate = tie_eval;
    d.hash = tie_hash;
    plan_config cfg = plan_config_default();
    cfg.budget.max_iterations = 20;
    cfg.gbfs_heapq_ties = heapq_ties;
    tie_state root = {0, 0};
    plan_result r;
    ck_assert_int_eq(plan_frontier(&d, &root, PLAN_GBFS, &cfg, &r), PLAN_ITERATION_LIMIT);
    plan_result_free(&d, &r);
    ck_assert_int_eq(c->n, 20);
}

START_TEST(test_gbfs_tie_orders)
{
    static const int heapq_order[20] = {0, 2, 8, 26, 7, 23, 1, 5, 17, 4,
                                        14, 22, 25, 13, 16, 9, 29, 28, 6, 20};
    static const int fifo_order[20] = {0, 2, 8, 26, 1, 5, 17, 7, 23, 25,
                                       4, 14, 16, 22, 13, 3, 11, 35, 10, 32};
    tie_ctx c;
    tie_run(true, &c);
    for (int i = 0; i < 20; i++)
        ck_assert_msg(c.order[i] == heapq_order[i], "heapq pop %d: %d, want %d", i,
                      c.order[i], heapq_order[i]);
    tie_run(false, &c);
    for (int i = 0; i < 20; i++)
        ck_assert_msg(c.order[i] == fifo_order[i], "fifo pop %d: %d, want %d", i, c.order[i],
                      fifo_order[i]);
}
END_TEST

static Suite *plan_suite(void)
{
    Suite *s = suite_create("plan");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_bfs_shortest);
    tcase_add_test(tc, test_dfs_and_gbfs_find_goal);
    tcase_add_test(tc, test_bfs_exhausts_and_visits_each_state_once);
    tcase_add_test(tc, test_budgets_exact);
    tcase_add_test(tc, test_pool_full_is_a_clean_stop);
    tcase_add_test(tc, test_bad_config);
    tcase_add_test(tc, test_mcts_finds_optimum);
    tcase_add_test(tc, test_mcts_deterministic);
    tcase_add_test(tc, test_mcts_pluggable_select_and_rollout);
    tcase_add_test(tc, test_mcts_on_node_tree_only);
    tcase_add_test(tc, test_mcts_dedup_and_advance);
    tcase_add_test(tc, test_owned_states);
    tcase_add_test(tc, test_gbfs_tie_orders);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(plan_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
