/* plan_mcts — Monte-Carlo tree search (UCT) over a plan_domain.
 *
 * Nodes and their states live in two parallel arrays allocated once (the pool); freed
 * nodes go on a free list, so step-wise pruning (plan_mcts_advance) reuses them.
 * Children of a node form a singly linked list in creation order.  Untried actions of an
 * EXPAND_ONE node are a malloc'd int array (counted against the memory budget). */
#include "tools/plan/plan_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NIL UINT32_MAX

typedef struct mnode {
    uint32_t parent, first_child, last_child, next_sibling;
    int32_t action, depth;
    uint32_t n_children;
    int32_t n_untried;
    int *untried;
    uint64_t visits;
    double sum, max;
    bool expanded;   /* untried list generated (EXPAND_ONE) / children created (ALL) */
    bool terminal;   /* domain terminal, cached at creation */
} mnode;

struct plan_mcts {
    const plan_domain *d;
    plan_mcts_config cfg;
    mnode *nodes;
    unsigned char *states;
    uint32_t cap;
    uint32_t *free_list;
    uint32_t n_free;
    uint32_t root;
    size_t memory, extra_bytes;   /* budget; bytes in untried arrays */
    plan_hset seen;             /* dedup transposition set */
    struct rng rng;
    plan_evals ev;
    int *acts;
    void *scratch, *scratch2;
    double t0;
    /* result so far */
    plan_status status;
    bool pool_full;
    void *best_state;
    bool have_best;
    double best_value;
    int best_depth, max_depth;
    uint64_t iterations, created, peak;
    char error[160];
};

static inline void *mstate(const plan_mcts *m, uint32_t i)
{
    return m->states + (size_t)i * m->d->state_size;
}

double plan_select_ucb1(void *select_ctx, const plan_child_view *c)
{
    const plan_ucb1 *u = select_ctx;
    if (c->visits == 0)
        return INFINITY;
    double n = (double)c->visits;
    double N = c->parent_visits > 0 ? (double)c->parent_visits : 1.0;
    return c->value_sum / n + u->c * sqrt(u->k * log(N) / n);
}

int plan_rollout_uniform(void *policy_ctx, void *domain_ctx, const void *state,
                           const int *actions, int n, struct rng *rng)
{
    return (int)rng_below(rng, (uint32_t)n);
}

static void offer_best(plan_mcts *m, const void *state, int depth, double value)
{
    if (!m->have_best || value > m->best_value ||
        (value == m->best_value && m->cfg.base.best_ties_random &&
         rng_below(&m->rng, 2))) {
        if (m->have_best)
            plan_state_release(m->d, m->best_state);
        plan_state_copy(m->d, m->best_state, state);
        m->best_value = value;
        m->best_depth = depth;
        m->have_best = true;
    }
}

/* A new tree node: evaluated, offered as the best state, counted in the depth. */
static void offer_node(plan_mcts *m, uint32_t c)
{
    const void *cs = mstate(m, c);
    offer_best(m, cs, m->nodes[c].depth, plan_eval(&m->ev, cs));
    if (m->nodes[c].depth > m->max_depth)
        m->max_depth = m->nodes[c].depth;
}

static uint32_t node_alloc(plan_mcts *m)
{
    if (m->n_free == 0)
        return NIL;
    uint32_t i = m->free_list[--m->n_free];
    mnode *n = &m->nodes[i];
    memset(n, 0, sizeof *n);
    n->parent = n->first_child = n->last_child = n->next_sibling = NIL;
    n->max = -INFINITY;
    uint64_t live = m->cap - m->n_free;
    if (live > m->peak)
        m->peak = live;
    return i;
}

static void node_release(plan_mcts *m, uint32_t i)
{
    mnode *n = &m->nodes[i];
    if (n->untried) {
        m->extra_bytes -= (size_t)n->n_untried * sizeof(int);
        free(n->untried);
        n->untried = NULL;
    }
    plan_state_release(m->d, mstate(m, i));
    m->free_list[m->n_free++] = i;
}

/* Free the subtree under i (i included), without recursion. */
static void free_subtree(plan_mcts *m, uint32_t i)
{
    uint32_t stack_top = i;
    m->nodes[i].next_sibling = NIL;   /* i is detached by the caller */
    while (stack_top != NIL) {
        uint32_t x = stack_top;
        mnode *n = &m->nodes[x];
        stack_top = n->next_sibling;
        /* push x's children */
        for (uint32_t c = n->first_child; c != NIL;) {
            uint32_t nx = m->nodes[c].next_sibling;
            m->nodes[c].next_sibling = stack_top;
            stack_top = c;
            c = nx;
        }
        node_release(m, x);
    }
}

static void link_child(plan_mcts *m, uint32_t p, uint32_t c)
{
    mnode *pn = &m->nodes[p];
    m->nodes[c].parent = p;
    if (pn->last_child == NIL)
        pn->first_child = c;
    else
        m->nodes[pn->last_child].next_sibling = c;
    pn->last_child = c;
    pn->n_children++;
}

static void pool_full(plan_mcts *m)
{
    snprintf(m->error, sizeof m->error,
             "mcts: node pool full (%u nodes, %zu-byte budget); raise max_memory", m->cap,
             m->memory);
    m->status = PLAN_POOL_FULL;
    m->pool_full = true;
}

/* A new child of p by action a: state copied and applied, terminal cached. */
static uint32_t make_child(plan_mcts *m, uint32_t p, int a)
{
    uint32_t c = node_alloc(m);
    if (c == NIL)
        return NIL;
    void *cs = mstate(m, c);
    plan_state_copy(m->d, cs, mstate(m, p));
    m->d->apply(m->d->ctx, cs, a);
    if (m->d->on_node)
        m->d->on_node(m->d->ctx, cs);
    mnode *cn = &m->nodes[c];
    cn->action = a;
    cn->depth = m->nodes[p].depth + 1;
    cn->terminal = m->d->terminal && m->d->terminal(m->d->ctx, cs);
    link_child(m, p, c);
    m->created++;
    return c;
}

plan_mcts *plan_mcts_new(const plan_domain *d, const void *root,
                             const plan_mcts_config *cfg, char *err, size_t errlen)
{
    if (!plan_check_domain(d, &cfg->base.budget, err, errlen))
        return NULL;
    if (cfg->dedup && !d->hash) {
        snprintf(err, errlen, "mcts: dedup needs the domain's hash hook");
        return NULL;
    }
    if (cfg->dedup && cfg->expand != PLAN_EXPAND_ONE) {
        snprintf(err, errlen, "mcts: dedup works with PLAN_EXPAND_ONE only");
        return NULL;
    }
    if (cfg->rollout_length < 0) {
        snprintf(err, errlen, "mcts: rollout_length must be >= 0");
        return NULL;
    }
    plan_mcts *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "mcts: out of memory");
        return NULL;
    }
    m->root = NIL;
    m->d = d;
    m->cfg = *cfg;
    if (!m->cfg.select) {
        m->cfg.select = plan_select_ucb1;
        m->cfg.select_ctx = NULL;
    }
    if (!m->cfg.rollout)
        m->cfg.rollout = plan_rollout_uniform;
    m->memory = cfg->base.budget.max_memory ? cfg->base.budget.max_memory
                                            : PLAN_DEFAULT_MEMORY;
    size_t per = sizeof(mnode) + d->state_size + sizeof(uint32_t);
    size_t cap = (m->memory / 4 * 3) / per;   /* a quarter for untried lists and keys */
    if (cap > UINT32_MAX - 1)
        cap = UINT32_MAX - 1;
    m->cap = (uint32_t)cap;
    m->nodes = malloc(cap * sizeof(mnode));
    m->states = malloc(cap * d->state_size);
    m->free_list = malloc(cap * sizeof(uint32_t));
    m->acts = malloc((size_t)d->max_actions * sizeof(int));
    m->scratch = malloc(d->state_size);
    m->scratch2 = malloc(d->state_size);
    m->best_state = malloc(d->state_size);
    if (cap < 2 || !m->nodes || !m->states || !m->free_list || !m->acts || !m->scratch ||
        !m->scratch2 || !m->best_state) {
        snprintf(err, errlen, "mcts: cannot reserve a node pool in %zu bytes", m->memory);
        plan_mcts_free(m);
        return NULL;
    }
    for (uint32_t i = 0; i < m->cap; i++)
        m->free_list[i] = m->cap - 1 - i;
    m->n_free = m->cap;
    rng_seed(&m->rng, cfg->base.seed);
    plan_evals_init(&m->ev, d);
    m->t0 = plan_budget_now(&m->cfg.base.budget);
    m->status = PLAN_ITERATION_LIMIT;

    m->root = node_alloc(m);
    plan_state_copy(d, mstate(m, m->root), root);
    if (d->on_node)
        d->on_node(d->ctx, mstate(m, m->root));
    mnode *r = &m->nodes[m->root];
    r->terminal = d->terminal && d->terminal(d->ctx, mstate(m, m->root));
    if (cfg->dedup)
        plan_hset_add(&m->seen, d->hash(d->ctx, mstate(m, m->root)), 0);
    double v = plan_eval(&m->ev, mstate(m, m->root));
    offer_best(m, mstate(m, m->root), 0, v);
    if (cfg->stop_at_goal && d->goal && d->goal(d->ctx, mstate(m, m->root)))
        m->status = PLAN_GOAL;
    return m;
}

void plan_mcts_free(plan_mcts *m)
{
    if (!m)
        return;
    if (m->nodes && m->free_list && m->root != NIL && m->n_free < m->cap)
        free_subtree(m, m->root);
    if (m->have_best)
        plan_state_release(m->d, m->best_state);
    plan_hset_free(&m->seen);
    free(m->nodes);
    free(m->states);
    free(m->free_list);
    free(m->acts);
    free(m->scratch);
    free(m->scratch2);
    free(m->best_state);
    free(m);
}

/* What a selection function sees of child c of p. */
static void child_view(const plan_mcts *m, uint32_t p, uint32_t c, plan_child_view *v)
{
    const mnode *cn = &m->nodes[c];
    v->action = cn->action;
    v->depth = cn->depth;
    v->visits = cn->visits;
    v->value_sum = cn->sum;
    v->value_max = cn->max;
    v->parent_visits = m->nodes[p].visits;
    v->state = mstate(m, c);
    v->parent_state = mstate(m, p);
    v->domain_ctx = m->d->ctx;
}

static uint32_t select_child(plan_mcts *m, uint32_t p)
{
    void *sctx = m->cfg.select_ctx ? m->cfg.select_ctx : &m->cfg.ucb1;
    uint32_t best = NIL;
    double best_v = 0;
    for (uint32_t c = m->nodes[p].first_child; c != NIL; c = m->nodes[c].next_sibling) {
        plan_child_view v;
        child_view(m, p, c, &v);
        double x = m->cfg.select(sctx, &v);
        if (isnan(x))
            x = -INFINITY;
        if (best == NIL || x > best_v) {
            best = c;
            best_v = x;
        }
    }
    return best;
}

/* EXPAND_ONE: list the untried actions of p (dedup: generate, evaluate, drop known keys).
 * Returns false when the memory budget is reached. */
static bool gen_untried(plan_mcts *m, uint32_t p)
{
    mnode *pn = &m->nodes[p];
    const plan_domain *d = m->d;
    int na = d->actions(d->ctx, mstate(m, p), m->acts);
    int keep = 0;
    if (m->cfg.dedup) {
        for (int i = 0; i < na; i++) {
            plan_state_copy(d, m->scratch, mstate(m, p));
            d->apply(d->ctx, m->scratch, m->acts[i]);
            plan_eval(&m->ev, m->scratch);
            int added = plan_hset_add(&m->seen, d->hash(d->ctx, m->scratch),
                                        m->memory / 4);
            plan_state_release(d, m->scratch);
            if (added < 0)
                return false;
            if (added)
                m->acts[keep++] = m->acts[i];
        }
    } else {
        keep = na;
    }
    pn->expanded = true;
    pn->n_untried = keep;
    if (keep > 0) {
        if (m->extra_bytes + (size_t)keep * sizeof(int) +
                plan_hset_bytes(&m->seen) > m->memory / 4)
            return false;
        pn->untried = malloc((size_t)keep * sizeof(int));
        if (!pn->untried)
            return false;
        memcpy(pn->untried, m->acts, (size_t)keep * sizeof(int));
        m->extra_bytes += (size_t)keep * sizeof(int);
    }
    return true;
}

/* One iteration.  Returns false when the search must stop (status set). */
static bool iterate(plan_mcts *m)
{
    const plan_domain *d = m->d;
    uint32_t x = m->root;
    for (;;) {
        mnode *n = &m->nodes[x];
        if (n->terminal || n->n_children == 0)
            break;
        if (m->cfg.expand == PLAN_EXPAND_ONE && (!n->expanded || n->n_untried > 0))
            break;
        x = select_child(m, x);
    }
    uint32_t leaf = x;
    bool fresh = false;
    mnode *n = &m->nodes[x];
    if (!n->terminal) {
        if (m->cfg.expand == PLAN_EXPAND_ONE) {
            if (!n->expanded && !gen_untried(m, x)) {
                pool_full(m);
                return false;
            }
            n = &m->nodes[x];
            if (n->n_untried > 0) {
                uint32_t r = rng_below(&m->rng, (uint32_t)n->n_untried);
                int a = n->untried[r];
                /* keep the remaining order: ties in later code follow creation order */
                memmove(n->untried + r, n->untried + r + 1,
                        (size_t)(n->n_untried - 1 - (int)r) * sizeof(int));
                n->n_untried--;
                m->extra_bytes -= sizeof(int);
                uint32_t c = make_child(m, x, a);
                if (c == NIL) {
                    pool_full(m);
                    return false;
                }
                leaf = c;
                fresh = true;
            }
        } else if (!n->expanded) {
            int na = d->actions(d->ctx, mstate(m, x), m->acts);
            n->expanded = true;
            for (int i = 0; i < na; i++) {
                if (make_child(m, x, m->acts[i]) == NIL) {
                    pool_full(m);
                    return false;
                }
                offer_node(m, m->nodes[x].last_child);   /* every created child */
            }
            if (na > 0) {
                uint32_t r = rng_below(&m->rng, (uint32_t)na);
                uint32_t c = m->nodes[x].first_child;
                while (r--)
                    c = m->nodes[c].next_sibling;
                leaf = c;
            }
        }
    }
    if (fresh)
        offer_node(m, leaf);
    if (m->cfg.stop_at_goal && d->goal && leaf != x && d->goal(d->ctx, mstate(m, leaf))) {
        /* the goal state is the result, whatever its value */
        if (m->have_best)
            plan_state_release(d, m->best_state);
        plan_state_copy(d, m->best_state, mstate(m, leaf));
        m->best_value = plan_eval(&m->ev, m->best_state);
        m->best_depth = m->nodes[leaf].depth;
        m->have_best = true;
        m->status = PLAN_GOAL;
        m->iterations++;
        return false;
    }
    /* rollout */
    plan_state_copy(d, m->scratch2, mstate(m, leaf));
    int steps = 0;
    while (m->cfg.rollout_length == 0 || steps < m->cfg.rollout_length) {
        bool done = d->rollout_done ? d->rollout_done(d->ctx, m->scratch2)
                                    : (d->terminal && d->terminal(d->ctx, m->scratch2));
        if (done)
            break;
        int na = d->actions(d->ctx, m->scratch2, m->acts);
        if (na <= 0)
            break;
        int i = m->cfg.rollout(m->cfg.rollout_ctx, d->ctx, m->scratch2, m->acts, na, &m->rng);
        if (i < 0 || i >= na)
            i = 0;   /* a misbehaving policy must not index out of bounds */
        d->apply(d->ctx, m->scratch2, m->acts[i]);
        steps++;
    }
    double reward = plan_reward(&m->ev, m->scratch2);
    if (m->cfg.best_from_rollouts) {
        double v = d->reward ? plan_eval(&m->ev, m->scratch2) : reward;
        offer_best(m, m->scratch2, m->nodes[leaf].depth + steps, v);
    }
    plan_state_release(d, m->scratch2);
    for (uint32_t y = leaf; y != NIL; y = m->nodes[y].parent) {
        mnode *yn = &m->nodes[y];
        yn->visits++;
        yn->sum += reward;
        if (reward > yn->max)
            yn->max = reward;
    }
    m->iterations++;
    return true;
}

plan_status plan_mcts_run(plan_mcts *m, uint64_t iterations)
{
    if (m->status == PLAN_GOAL || m->status == PLAN_POOL_FULL)
        return m->status;
    const plan_budget *b = &m->cfg.base.budget;
    if (!iterations && !b->max_nodes && !b->max_iterations && !b->max_evals &&
        !(b->time_limit > 0)) {
        snprintf(m->error, sizeof m->error, "mcts: no budget: give iterations or a limit");
        return m->status = PLAN_BAD_CONFIG;
    }
    uint64_t done = 0;
    for (;;) {
        if (iterations && done >= iterations) {
            m->status = PLAN_ITERATION_LIMIT;
            break;
        }
        plan_status hit = plan_budget_hit(&m->cfg.base.budget, m->created, m->iterations,
                                              plan_evals_used(&m->ev), m->t0);
        if (hit != PLAN_GOAL) {
            m->status = hit;
            break;
        }
        if (!iterate(m))
            break;
        done++;
    }
    return m->status;
}

int plan_mcts_children(const plan_mcts *m, plan_child_view *out, int cap)
{
    const mnode *r = &m->nodes[m->root];
    int k = 0;
    for (uint32_t c = r->first_child; c != NIL; c = m->nodes[c].next_sibling, k++)
        if (k < cap)
            child_view(m, m->root, c, &out[k]);
    return k;
}

bool plan_mcts_advance(plan_mcts *m, int index)
{
    if (index < 0)
        return false;
    mnode *r = &m->nodes[m->root];
    uint32_t keep = r->first_child;
    for (int k = 0; k < index && keep != NIL; k++)
        keep = m->nodes[keep].next_sibling;
    if (keep == NIL)
        return false;
    /* detach `keep`, free the old root with the remaining subtrees */
    uint32_t prev = NIL;
    for (uint32_t c = r->first_child; c != keep; c = m->nodes[c].next_sibling)
        prev = c;
    if (prev == NIL)
        r->first_child = m->nodes[keep].next_sibling;
    else
        m->nodes[prev].next_sibling = m->nodes[keep].next_sibling;
    if (r->last_child == keep)
        r->last_child = prev;
    r->n_children--;
    m->nodes[keep].next_sibling = NIL;
    m->nodes[keep].parent = NIL;
    free_subtree(m, m->root);
    m->root = keep;
    if (m->status == PLAN_GOAL)
        m->status = PLAN_ITERATION_LIMIT;
    return true;
}

uint64_t plan_mcts_live_nodes(const plan_mcts *m)
{
    return m->cap - m->n_free;
}

void plan_mcts_result(const plan_mcts *m, plan_result *out)
{
    memset(out, 0, sizeof *out);
    out->status = m->status;
    out->found = m->status == PLAN_GOAL;
    if (m->have_best) {
        out->best_state = malloc(m->d->state_size);
        if (out->best_state)
            plan_state_copy(m->d, out->best_state, m->best_state);
    }
    out->best_value = m->have_best ? m->best_value : -INFINITY;
    out->best_depth = m->best_depth;
    out->max_depth = m->max_depth;
    out->iterations = m->iterations;
    out->nodes = m->created;
    out->peak_nodes = m->peak;
    out->pool_full = m->pool_full;
    out->evals = plan_evals_used(&m->ev);
    out->elapsed = plan_budget_now(&m->cfg.base.budget) - m->t0;
    memcpy(out->error, m->error, sizeof out->error);
}

plan_status plan_mcts_run_once(const plan_domain *d, const void *root,
                                   const plan_mcts_config *cfg, plan_result *result)
{
    char err[160];
    plan_mcts *m = plan_mcts_new(d, root, cfg, err, sizeof err);
    if (!m) {
        memset(result, 0, sizeof *result);
        result->status = strstr(err, "pool") ? PLAN_POOL_FULL : PLAN_BAD_CONFIG;
        snprintf(result->error, sizeof result->error, "%s", err);
        return result->status;
    }
    plan_mcts_run(m, 0);
    plan_mcts_result(m, result);
    plan_mcts_free(m);
    return result->status;
}
