/* m3_agent: Random, Vanilla MCTS and Formula MCTS (spec §3).
 *
 * Why not tools/search: see README ("MCTS and tools/search"). The tree here is the spec's
 * exactly: all children created at expansion in canonical order, one picked uniformly for
 * the rollout, selection by f with the first maximum winning, terminal nodes (game over)
 * evaluated as they are, binary reward "final score >= goal". */
#include "tools/match3/m3_agent.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/match3/m3_searchmcts.h"

void m3_agent_init(m3_agent *a, m3_agent_kind kind, const m3_expr *formula)
{
    a->kind = kind;
    a->formula = formula;
    a->iters = M3_DEFAULT_ITERS;
    a->goal = M3_DEFAULT_GOAL;
    a->game_moves = M3_GAME_MOVES;
    a->backend = M3_BACKEND_NATIVE;
}

const char *m3_agent_name(m3_agent_kind kind)
{
    return kind == M3_AGENT_RANDOM ? "random" : kind == M3_AGENT_VANILLA ? "vanilla" : "formula";
}

void m3_agent_rng(m3_rng *r, uint64_t game_seed, uint32_t index)
{
    m3_rng_seed(r, game_seed, 0x4147454E54000000ULL + index);   /* "AGENT" + index */
}

/* A tree node: the game after the moves leading to it (a clone of the forward model), its
 * statistics and its children, stored contiguously in the pool. */
typedef struct {
    m3_board state;
    int first_child;          /* index in the pool, valid when nchild > 0 */
    int nchild;
    int visits;               /* n */
    int wins;                 /* W */
    int avail;                /* M: legal moves in `state` (formula agents only) */
} m3_node;

struct m3_mcts {
    m3_node *pool;
    int used, cap;
    int *path;
    int path_cap;
};

m3_mcts *m3_mcts_new(void)
{
    m3_mcts *m = calloc(1, sizeof *m);
    if (!m) {
        fprintf(stderr, "hane-match3: out of memory\n");
        exit(2);
    }
    return m;
}

void m3_mcts_free(m3_mcts *m)
{
    if (!m)
        return;
    free(m->pool);
    free(m->path);
    free(m);
}

static int pool_alloc(m3_mcts *m, int n)
{
    if (m->used + n > m->cap) {
        int cap = m->cap ? m->cap : 1024;
        while (cap < m->used + n)
            cap *= 2;
        m3_node *p = realloc(m->pool, (size_t)cap * sizeof *p);
        if (!p) {
            fprintf(stderr, "hane-match3: out of memory (MCTS pool of %d nodes)\n", cap);
            exit(2);
        }
        m->pool = p;
        m->cap = cap;
    }
    int first = m->used;
    m->used += n;
    return first;
}

static double child_value(const m3_agent *a, const m3_node *c, int parent_visits)
{
    if (a->kind == M3_AGENT_VANILLA)
        return m3_ucb1(c->wins, c->visits, parent_visits);
    double v[M3_NVARS] = {c->wins, c->visits, parent_visits, c->avail};
    return m3_expr_eval(a->formula, v);
}

/* Index (0-based among the children) of the child with the largest f; the first wins ties
 * and -inf (a NaN formula value) loses to anything else. */
static int best_child(const m3_agent *a, const m3_mcts *m, const m3_node *parent)
{
    int best = 0;
    double bv = -INFINITY;
    for (int i = 0; i < parent->nchild; i++) {
        double v = child_value(a, &m->pool[parent->first_child + i], parent->visits);
        if (i == 0 || v > bv) {
            best = i;
            bv = v;
        }
    }
    return best;
}

static void expand(const m3_agent *a, m3_mcts *m, int node)
{
    m3_move moves[M3_MAX_MOVES];
    int n = m3_legal_moves(&m->pool[node].state, moves);
    int first = pool_alloc(m, n);         /* may move the pool: index, not pointer */
    for (int i = 0; i < n; i++) {
        m3_node *c = &m->pool[first + i];
        c->state = m->pool[node].state;
        m3_play(&c->state, moves[i], NULL);
        c->first_child = 0;
        c->nchild = 0;
        c->visits = 0;
        c->wins = 0;
        c->avail = a->kind == M3_AGENT_FORMULA ? m3_count_moves(&c->state) : 0;
    }
    m->pool[node].first_child = first;
    m->pool[node].nchild = n;
}

static int rollout(const m3_agent *a, m3_board *b, m3_rng *rng)
{
    int len = 0;
    m3_move moves[M3_MAX_MOVES];
    while (b->moves_made < a->game_moves) {
        int n = m3_legal_moves(b, moves);
        m3_play(b, moves[m3_rng_below(rng, (uint32_t)n)], NULL);
        len++;
    }
    return len;
}

void m3_mcts_search(m3_mcts *m, const m3_agent *a, const m3_board *b, m3_rng *rng,
                    m3_move *out, m3_search_stats *st)
{
    m->used = 0;
    int root = pool_alloc(m, 1);
    m3_node *r = &m->pool[root];
    r->state = *b;
    r->first_child = r->nchild = r->visits = r->wins = 0;
    r->avail = m3_count_moves(b);
    int max_rollout = 0;
    if (m->path_cap < a->game_moves + 2) {
        m->path_cap = a->game_moves + 2;
        m->path = realloc(m->path, (size_t)m->path_cap * sizeof *m->path);
        if (!m->path) {
            fprintf(stderr, "hane-match3: out of memory\n");
            exit(2);
        }
    }
    for (int it = 0; it < a->iters; it++) {
        /* 1. selection */
        int node = root, depth = 0;
        m->path[depth++] = node;
        while (m->pool[node].nchild > 0) {
            node = m->pool[node].first_child + best_child(a, m, &m->pool[node]);
            m->path[depth++] = node;
        }
        /* 2. expansion (a finished game is a terminal node, evaluated as it is) */
        if (m->pool[node].state.moves_made < a->game_moves) {
            expand(a, m, node);
            node = m->pool[node].first_child +
                   (int)m3_rng_below(rng, (uint32_t)m->pool[node].nchild);
            m->path[depth++] = node;
        }
        /* 3. rollout to the end of the game */
        m3_board sim = m->pool[node].state;
        int len = rollout(a, &sim, rng);
        if (len > max_rollout)
            max_rollout = len;
        /* 4. backpropagation of the binary reward */
        int win = sim.score >= a->goal;
        for (int i = 0; i < depth; i++) {
            m->pool[m->path[i]].visits++;
            m->pool[m->path[i]].wins += win;
        }
    }
    r = &m->pool[root];
    int best = best_child(a, m, r);
    /* recover the move: the children are in canonical move order */
    m3_move moves[M3_MAX_MOVES];
    m3_legal_moves(&r->state, moves);
    *out = moves[best];
    if (st) {
        st->root_visits = r->visits;
        st->nodes = m->used;
        st->max_rollout = max_rollout;
        st->root_children = r->nchild;
    }
}

m3_move m3_agent_move(const m3_agent *a, m3_mcts *m, const m3_board *b, m3_rng *rng)
{
    m3_move mv;
    if (a->kind == M3_AGENT_RANDOM || a->iters <= 0) {
        m3_move moves[M3_MAX_MOVES];
        int n = m3_legal_moves(b, moves);
        mv = moves[m3_rng_below(rng, (uint32_t)n)];
    } else if (a->backend == M3_BACKEND_SEARCH) {
        if (m3_searchmcts_search(a, b, rng, &mv, NULL) != 0)
            exit(2);
    } else {
        m3_mcts_search(m, a, b, rng, &mv, NULL);
    }
    return mv;
}

m3_game_result m3_play_game(const m3_agent *a, m3_mcts *m, const m3_board *start, m3_rng *rng,
                            m3_move_cb cb, void *ud)
{
    m3_board b = *start;
    m3_ensure_moves(&b);
    m3_game_result res = {0, 0, 0};
    long avail_sum = 0;
    int t0 = b.moves_made;
    while (b.moves_made < a->game_moves) {
        m3_board before = b;
        m3_move mv = m3_agent_move(a, m, &b, rng);
        m3_move_report rep;
        m3_play(&b, mv, &rep);
        avail_sum += rep.available;
        if (cb)
            cb(ud, b.moves_made, &before, mv, &rep, &b);
    }
    int played = b.moves_made - t0;
    res.score = b.score;
    res.mean_available = played ? (double)avail_sum / played : 0;
    res.regenerations = b.regenerations;
    return res;
}
