/* nv_mcts.c — MCTS for stories (Kartal, Koenig & Guy 2014): UCT selection (optionally biased by the action
 * table T), one child per iteration, rollouts (uniform, or biased by b·T), backup of visits,
 * value sum and max, table update over the whole story, and step-wise commitment that keeps
 * the best root child and frees its siblings' subtrees.
 *
 * Nodes live in a growable array with a free list, so memory follows the live nodes (with
 * pruning about budget/L plus the kept subtree), not the nodes ever created.  States are
 * not stored: each iteration replays its path from the committed state. */
#include "tools/narrative/nv_search.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/plan/plan.h"

#define NIL (-1)

typedef struct mnode {
    int32_t parent, child, sibling;
    uint16_t action;
    uint16_t n_untried;
    uint16_t *untried;      /* shuffled legal actions not yet children; NULL until listed */
    bool listed, terminal;
    uint32_t visits;
    double sum, max;
} mnode;

typedef struct mcts {
    const nv_world *w;
    const nv_params *p;
    struct rng rng;
    mnode *nodes;
    size_t cap, used;
    int32_t free_head;
    uint64_t live, created;
    double *tsum;
    uint64_t *tcount;
    double all_sum;         /* over every story scored, for unseen actions */
    uint64_t all_count;
    int *legal;
    double *weight;
    bool oom;
    size_t bytes, cap_bytes; /* node array plus untried lists, and the cap */
    nv_result *res;
} mcts;

static int32_t node_new(mcts *m, int32_t parent, int action)
{
    int32_t x;
    if (m->free_head != NIL) {
        x = m->free_head;
        m->free_head = m->nodes[x].sibling;
    } else {
        if (m->used == m->cap) {
            size_t nc = m->cap ? m->cap * 2 : 1024;
            if (m->bytes + (nc - m->cap) * sizeof(mnode) > m->cap_bytes) {
                m->res->memory_capped = true;
                return NIL;
            }
            mnode *nn = realloc(m->nodes, nc * sizeof *nn);
            if (!nn) {
                m->oom = true;
                return NIL;
            }
            m->nodes = nn;
            m->bytes += (nc - m->cap) * sizeof(mnode);
            m->cap = nc;
        }
        x = (int32_t)m->used++;
    }
    m->nodes[x] = (mnode){ parent, NIL, NIL, (uint16_t)(action < 0 ? 0 : action), 0, NULL,
                           false, false, 0, 0.0, 0.0 };
    return x;
}

static void node_free(mcts *m, int32_t x, bool counted)
{
    /* iterative over the subtree: walk children lists with an explicit stack in `sibling` */
    int32_t stack = x;
    m->nodes[x].sibling = NIL;
    while (stack != NIL) {
        int32_t y = stack;
        stack = m->nodes[y].sibling;
        for (int32_t c = m->nodes[y].child; c != NIL;) {
            int32_t next = m->nodes[c].sibling;
            m->nodes[c].sibling = stack;
            stack = c;
            c = next;
        }
        if (m->nodes[y].untried) {
            m->bytes -= m->nodes[y].n_untried * sizeof(uint16_t);
            free(m->nodes[y].untried);
            m->nodes[y].untried = NULL;
        }
        m->nodes[y].sibling = m->free_head;
        m->free_head = y;
        if (counted || y != x)
            m->live--;
    }
}

static double table_value(const mcts *m, int g)
{
    if (m->tcount[g])
        return m->tsum[g] / (double)m->tcount[g];
    return m->all_count ? m->all_sum / (double)m->all_count : 0.0;
}

static int rollout_pick(mcts *m, const nv_state *s, int n)
{
    if (m->p->rollout == NV_ROLL_UNIFORM || rng_double(&m->rng) >= 0.9)
        return m->legal[rng_below(&m->rng, (uint32_t)n)];
    double total = 0;
    for (int k = 0; k < n; k++) {
        double wt = table_value(m, m->legal[k]) + 0.001;
        if (m->p->rollout == NV_ROLL_BIASED)
            wt *= nv_believe(m->w, s, m->legal[k]);
        m->weight[k] = wt;
        total += wt;
    }
    double r = rng_double(&m->rng) * total;
    for (int k = 0; k < n; k++) {
        r -= m->weight[k];
        if (r < 0)
            return m->legal[k];
    }
    return m->legal[n - 1];
}

static void list_actions(mcts *m, int32_t x, const nv_state *s)
{
    mnode *nd = &m->nodes[x];
    nd->listed = true;
    if (nd->terminal)
        return;
    int n = nv_legal(m->w, s, m->legal);
    if (n == 0)
        return;
    rng_shuffle_ints(&m->rng, m->legal, (size_t)n);
    if (m->bytes + (size_t)n * sizeof(uint16_t) > m->cap_bytes) {
        m->res->memory_capped = true;
        nd->terminal = true;    /* no room for its children: the iteration stops below */
        return;
    }
    nd->untried = malloc((size_t)n * sizeof *nd->untried);
    if (!nd->untried) {
        m->oom = true;
        return;
    }
    for (int k = 0; k < n; k++)
        nd->untried[k] = (uint16_t)m->legal[k];
    nd->n_untried = (uint16_t)n;
    m->bytes += (size_t)n * sizeof(uint16_t);
}

static int32_t select_child(const mcts *m, int32_t x)
{
    const mnode *nd = &m->nodes[x];
    double logn = log((double)(nd->visits ? nd->visits : 1));
    int32_t best = NIL;
    double best_v = -1e300;
    for (int32_t c = nd->child; c != NIL; c = m->nodes[c].sibling) {
        const mnode *ch = &m->nodes[c];
        double n = (double)ch->visits;
        double q = ch->sum / n;
        if (m->p->selection_bias) {
            double beta = 10.0 / (10.0 + n);
            q = (1 - beta) * q + beta * table_value(m, ch->action);
        }
        double v = q + m->p->c * sqrt(logn / n);
        if (v > best_v) {
            best_v = v;
            best = c;
        }
    }
    return best;
}

/* One iteration from root (whose state is s0, story prefix st0).  Returns false when the
 * budget is spent (no node could be created) or memory ran out. */
static bool iterate(mcts *m, int32_t root, const nv_state *s0, const nv_story *st0)
{
    const nv_world *w = m->w;
    nv_state s = *s0;
    nv_story st = *st0;
    int32_t x = root;
    for (;;) {
        mnode *nd = &m->nodes[x];
        if (!nd->listed)
            list_actions(m, x, &s);
        if (m->oom || m->res->memory_capped)
            return false;
        nd = &m->nodes[x];
        if (nd->terminal || nd->n_untried > 0 || nd->child == NIL)
            break;
        x = select_child(m, x);
        int g = m->nodes[x].action;
        st.B *= nv_believe(w, &s, g);
        nv_apply(w, &s, g);
        st.acts[st.n++] = g;
    }
    if (!m->nodes[x].terminal && m->nodes[x].n_untried > 0) {
        if (m->created >= m->p->budget)
            return false;
        int g = m->nodes[x].untried[--m->nodes[x].n_untried];
        m->bytes -= sizeof(uint16_t);     /* count the list as it shrinks */
        if (m->nodes[x].n_untried == 0) {
            free(m->nodes[x].untried);
            m->nodes[x].untried = NULL;
        }
        int32_t c = node_new(m, x, g);
        if (c == NIL)
            return false;       /* out of memory or at the cap */
        m->nodes[c].sibling = m->nodes[x].child;
        m->nodes[x].child = c;
        m->created++;
        if (++m->live > m->res->peak_nodes)
            m->res->peak_nodes = m->live;
        st.B *= nv_believe(w, &s, g);
        nv_apply(w, &s, g);
        st.acts[st.n++] = g;
        m->nodes[c].terminal = st.n >= w->max_len || nv_goal_fraction(w, &s) >= 1.0;
        x = c;
    }
    double G = nv_goal_fraction(w, &s);
    while (st.n < w->max_len && G < 1.0) {
        int n = nv_legal(w, &s, m->legal);
        if (n == 0)
            break;
        int g = rollout_pick(m, &s, n);
        st.B *= nv_believe(w, &s, g);
        nv_apply(w, &s, g);
        st.acts[st.n++] = g;
        G = nv_goal_fraction(w, &s);
    }
    st.G = G;
    st.E = st.B * G;
    for (int32_t y = x; y != NIL; y = m->nodes[y].parent) {
        mnode *nd = &m->nodes[y];
        nd->visits++;
        nd->sum += st.E;
        if (st.E > nd->max)
            nd->max = st.E;
        if (y == root)
            break;
    }
    for (int k = 0; k < st.n; k++) {
        m->tsum[st.acts[k]] += st.E;
        m->tcount[st.acts[k]]++;
    }
    m->all_sum += st.E;
    m->all_count++;
    if (st.E > m->res->best.E)
        m->res->best = st;
    m->res->iterations++;
    return true;
}

/* The root child with the greatest max value, ties to more visits. */
static int32_t best_child(const mcts *m, int32_t x)
{
    int32_t best = NIL;
    for (int32_t c = m->nodes[x].child; c != NIL; c = m->nodes[c].sibling) {
        if (best == NIL || m->nodes[c].max > m->nodes[best].max ||
            (m->nodes[c].max == m->nodes[best].max &&
             m->nodes[c].visits > m->nodes[best].visits))
            best = c;
    }
    return best;
}

int nv_search_mcts(const nv_world *w, const nv_params *p, nv_result *res, char *err,
                   size_t cap)
{
    mcts m = { .w = w, .p = p, .free_head = NIL, .res = res };
    m.cap_bytes = p->mem_cap_mb ? (size_t)p->mem_cap_mb << 20 : SIZE_MAX;
    rng_seed(&m.rng, rng_derive(rng_derive(p->seed, (uint64_t)p->algo), (uint64_t)p->run));
    m.tsum = calloc((size_t)w->n_ground, sizeof *m.tsum);
    m.tcount = calloc((size_t)w->n_ground, sizeof *m.tcount);
    m.legal = malloc((size_t)w->n_ground * sizeof *m.legal);
    m.weight = malloc((size_t)w->n_ground * sizeof *m.weight);
    res->best.E = -1;
    int32_t root = (m.tsum && m.tcount && m.legal && m.weight) ? node_new(&m, NIL, -1) : NIL;
    bool root_counted = false;   /* the first root is not a created node */
    nv_state s;
    nv_state_init(w, &s);
    nv_story committed = { .n = 0, .B = 1.0 };
    if (root != NIL) {
        uint64_t per_step = p->prune ? p->budget / (uint64_t)w->max_len : p->budget;
        if (per_step == 0)
            per_step = 1;
        bool go = true;
        while (go && committed.n < w->max_len && nv_goal_fraction(w, &s) < 1.0) {
            for (uint64_t it = 0; it < per_step && go; it++)
                go = iterate(&m, root, &s, &committed);
            if (!p->prune)
                break;
            int32_t c = best_child(&m, root);
            if (c == NIL)
                break;
            /* detach the kept child, free the old root with its other children */
            int32_t *link = &m.nodes[root].child;
            while (*link != c)
                link = &m.nodes[*link].sibling;
            *link = m.nodes[c].sibling;
            m.nodes[c].sibling = NIL;
            m.nodes[c].parent = NIL;
            node_free(&m, root, root_counted);
            root = c;
            root_counted = true;
            int g = m.nodes[c].action;
            committed.B *= nv_believe(w, &s, g);
            nv_apply(w, &s, g);
            committed.acts[committed.n++] = g;
        }
        if (!p->prune) {
            /* the committed story of a single search: follow the best child down */
            for (int32_t x = best_child(&m, root); x != NIL && committed.n < w->max_len;
                 x = best_child(&m, x))
                committed.acts[committed.n++] = m.nodes[x].action;
        }
    }
    int rc = 0;
    if (root == NIL || m.oom) {
        snprintf(err, cap, "out of memory after %llu nodes", (unsigned long long)m.created);
        rc = -1;
    }
    nv_story_finish(w, &committed);
    res->committed = committed;
    res->nodes_created = m.created;
    if (root != NIL)
        node_free(&m, root, root_counted);
    free(m.nodes);
    free(m.tsum);
    free(m.tcount);
    free(m.legal);
    free(m.weight);
    return rc;
}
