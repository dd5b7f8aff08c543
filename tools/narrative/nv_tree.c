/* nv_tree.c — breadth-first, depth-first and best-first search over story prefixes
 * (Kartal, Koenig & Guy 2014).  A node is (parent, action, B): 16 bytes, all kept until the run ends, so
 * memory is budget × 16 bytes plus the frontier.  A node's state is rebuilt by replaying
 * its path (at most L actions) when it is popped. */
#include "tools/narrative/nv_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/plan/plan.h"

typedef struct tnode {
    int32_t parent;
    int16_t action;
    uint8_t len;
    double B;
} tnode;

typedef struct heap {
    int32_t *v;
    size_t n;
    const tnode *nodes;
} heap;

/* max-heap on B, ties to the earlier-created (smaller index) node */
static bool heap_before(const heap *h, int32_t x, int32_t y)
{
    double bx = h->nodes[x].B, by = h->nodes[y].B;
    return bx > by || (bx == by && x < y);
}

static void heap_push(heap *h, int32_t x)
{
    size_t k = h->n++;
    while (k > 0) {
        size_t up = (k - 1) / 2;
        if (!heap_before(h, x, h->v[up]))
            break;
        h->v[k] = h->v[up];
        k = up;
    }
    h->v[k] = x;
}

static int32_t heap_pop(heap *h)
{
    int32_t top = h->v[0], last = h->v[--h->n];
    size_t k = 0;
    for (;;) {
        size_t c = 2 * k + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && heap_before(h, h->v[c + 1], h->v[c]))
            c++;
        if (!heap_before(h, h->v[c], last))
            break;
        h->v[k] = h->v[c];
        k = c;
    }
    if (h->n > 0)
        h->v[k] = last;
    return top;
}

static void path_of(const tnode *nodes, int32_t x, nv_story *st)
{
    int n = nodes[x].len;
    st->n = n;
    for (int k = n - 1; k >= 0; k--) {
        st->acts[k] = nodes[x].action;
        x = nodes[x].parent;
    }
}

int nv_search_tree(const nv_world *w, const nv_params *p, nv_result *res, char *err,
                   size_t cap)
{
    size_t total = (size_t)p->budget + 1;
    tnode *nodes = malloc(total * sizeof *nodes);
    int32_t *frontier = p->algo == NV_ALGO_BFS ? NULL : malloc(total * sizeof *frontier);
    int *legal = malloc(sizeof(int) * (size_t)w->n_ground);
    if (!nodes || (p->algo != NV_ALGO_BFS && !frontier) || !legal) {
        free(nodes);
        free(frontier);
        free(legal);
        snprintf(err, cap, "out of memory for %llu nodes", (unsigned long long)p->budget);
        return -1;
    }
    struct rng rng;
    rng_seed(&rng, rng_derive(rng_derive(p->seed, (uint64_t)p->algo), (uint64_t)p->run));
    heap h = { frontier, 0, nodes };
    size_t n_nodes = 1, bfs_next = 0, stack_n = 0;
    nodes[0] = (tnode){ -1, -1, 0, 1.0 };
    if (p->algo == NV_ALGO_DFS)
        frontier[stack_n++] = 0;
    else if (p->algo == NV_ALGO_BEST)
        heap_push(&h, 0);
    res->best.E = -1;
    nv_story st;
    for (;;) {
        int32_t x;
        if (p->algo == NV_ALGO_BFS) {
            if (bfs_next == n_nodes)
                break;
            x = (int32_t)bfs_next++;
        } else if (p->algo == NV_ALGO_DFS) {
            if (stack_n == 0)
                break;
            x = frontier[--stack_n];
        } else {
            if (h.n == 0)
                break;
            x = heap_pop(&h);
        }
        res->iterations++;
        path_of(nodes, x, &st);
        nv_state s;
        nv_state_init(w, &s);
        for (int k = 0; k < st.n; k++)
            nv_apply(w, &s, st.acts[k]);
        double G = nv_goal_fraction(w, &s);
        double E = nodes[x].B * G;
        if (E > res->best.E) {
            st.B = nodes[x].B;
            st.G = G;
            st.E = E;
            res->best = st;
        }
        if (st.n >= w->max_len || G >= 1.0 || n_nodes == total)
            continue;
        int n = nv_legal(w, &s, legal);
        rng_shuffle_ints(&rng, legal, (size_t)n);
        for (int k = 0; k < n && n_nodes < total; k++) {
            int32_t c = (int32_t)n_nodes++;
            nodes[c] = (tnode){ x, (int16_t)legal[k], (uint8_t)(st.n + 1),
                                nodes[x].B * nv_believe(w, &s, legal[k]) };
            if (p->algo == NV_ALGO_DFS)
                frontier[stack_n++] = c;
            else if (p->algo == NV_ALGO_BEST)
                heap_push(&h, c);
        }
        if (n_nodes == total)
            break;      /* budget spent */
    }
    res->nodes_created = n_nodes - 1;
    res->peak_nodes = n_nodes - 1;
    res->committed = res->best;
    free(nodes);
    free(frontier);
    free(legal);
    return 0;
}
