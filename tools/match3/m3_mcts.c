/* m3_mcts: the MCTS of Mugrai et al. 2019 on tools/plan.
 *
 * The paper's tree: all children created at expansion in canonical order (PLAN_EXPAND_ALL),
 * one picked uniformly for the rollout, selection by f with the first maximum winning,
 * terminal nodes (game over) evaluated as they are, binary reward "final score >= goal".
 *
 * Mapping: a state is the game (m3_board, memcpy-able: its feed source is shared and
 * read-only) plus M, the legal moves after the last move, cached when the state becomes a
 * tree node (on_node: rollouts never read it) so the formula does not recount them at every
 * selection. An action is cell*2 + direction (0 right, 1 down), listed in canonical order,
 * so the library's "first maximum wins" and "children in canonical order" are the paper's.
 * Terminal = the game has its 20 moves (never expanded, ends rollouts). */
#include "tools/match3/m3_agent.h"

#include <math.h>
#include <stdio.h>

#include "tools/plan/plan.h"

typedef struct {
    m3_board b;
    int avail;
} mcts_state;

typedef struct {
    const m3_agent *a;
} mcts_ctx;

static m3_move decode(int action)
{
    int cell = action / 2;
    return (m3_move){(uint8_t)cell, (uint8_t)(cell + (action % 2 ? M3_SIZE : 1))};
}

static int mcts_actions(void *ctx, const void *state, int *out)
{
    (void)ctx;
    const mcts_state *s = state;
    m3_move moves[M3_MAX_MOVES];
    int n = m3_legal_moves(&s->b, moves);
    for (int i = 0; i < n; i++)
        out[i] = moves[i].a * 2 + (moves[i].b == moves[i].a + 1 ? 0 : 1);
    return n;
}

static void mcts_apply(void *ctx, void *state, int action)
{
    (void)ctx;
    m3_play(&((mcts_state *)state)->b, decode(action), NULL);
}

static void mcts_on_node(void *ctx, void *state)
{
    const mcts_ctx *c = ctx;
    mcts_state *s = state;
    s->avail = c->a->kind == M3_AGENT_FORMULA ? m3_count_moves(&s->b) : 0;
}

static bool mcts_terminal(void *ctx, const void *state)
{
    const mcts_ctx *c = ctx;
    return ((const mcts_state *)state)->b.moves_made >= c->a->game_moves;
}

static double mcts_evaluate(void *ctx, const void *state)
{
    (void)ctx;
    return ((const mcts_state *)state)->b.score;
}

static double mcts_reward(void *ctx, const void *state)
{
    const mcts_ctx *c = ctx;
    return ((const mcts_state *)state)->b.score >= c->a->goal ? 1.0 : 0.0;
}

/* f of a child: W = reward sum (wins), n = visits, N = parent visits, M = child's moves. */
static double mcts_select(void *select_ctx, const plan_child_view *v)
{
    const m3_agent *a = select_ctx;
    if (a->kind == M3_AGENT_VANILLA)
        return m3_ucb1(v->value_sum, (double)v->visits, (double)v->parent_visits);
    double x[M3_NVARS] = {v->value_sum, (double)v->visits, (double)v->parent_visits,
                          ((const mcts_state *)v->state)->avail};
    return m3_expr_eval(a->formula, x);
}

int m3_mcts_search(const m3_agent *a, const m3_board *b, struct rng *rng, m3_move *out,
                   m3_search_stats *st)
{
    mcts_ctx ctx = {a};
    plan_domain d = { .ctx = &ctx, .state_size = sizeof(mcts_state), .max_actions = 2 * M3_CELLS,
                      .actions = mcts_actions, .apply = mcts_apply, .on_node = mcts_on_node,
                      .terminal = mcts_terminal, .evaluate = mcts_evaluate, .reward = mcts_reward };
    plan_mcts_config cfg = plan_mcts_config_default();
    cfg.expand = PLAN_EXPAND_ALL;
    cfg.select = mcts_select;
    cfg.select_ctx = (void *)a;
    cfg.stop_at_goal = false;
    cfg.base.seed = rng_next(rng);
    /* a tree holds at most iters * 84 + 1 nodes; reserve that (not the 256 MiB default) */
    cfg.base.budget.max_memory = ((size_t)a->iters * M3_MAX_MOVES + 64) * (sizeof(mcts_state) + 128);
    mcts_state root = {*b, 0};
    char err[256];
    m3_move first[M3_MAX_MOVES];
    m3_legal_moves(b, first);
    *out = first[0];
    plan_mcts *m = plan_mcts_new(&d, &root, &cfg, err, sizeof err);
    if (!m) {
        fprintf(stderr, "hane-match3: tools/plan: %s\n", err);
        return -1;
    }
    plan_status s = plan_mcts_run(m, (uint64_t)a->iters);
    if (s != PLAN_ITERATION_LIMIT) {
        fprintf(stderr, "hane-match3: tools/plan stopped early: %s\n", plan_status_name(s));
        plan_mcts_free(m);
        return -1;
    }
    plan_child_view views[M3_MAX_MOVES];
    int n = plan_mcts_children(m, views, M3_MAX_MOVES);
    int best = 0;
    double bv = -INFINITY;
    for (int i = 0; i < n && i < M3_MAX_MOVES; i++) {
        double v = mcts_select((void *)a, &views[i]);
        if (isnan(v))
            v = -INFINITY;
        if (i == 0 || v > bv) {
            best = i;
            bv = v;
        }
    }
    if (n > 0)
        *out = decode(views[best].action);
    if (st) {
        st->root_visits = n > 0 ? (int)views[0].parent_visits : 0;
        st->nodes = (int)plan_mcts_live_nodes(m);
        st->root_children = n;
    }
    plan_mcts_free(m);
    return 0;
}
