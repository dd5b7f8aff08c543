/* plan_frontier — BFS, DFS and greedy best-first search over a plan_domain.
 *
 * Only frontier nodes live in the pool: a popped node is expanded and its slot freed at
 * once, so memory grows with the frontier, not with the nodes ever created.  The visited
 * set keeps 64-bit keys only.  Slots are fixed-size: a small header, then the state. */
#include "tools/plan/plan_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fnode {
    double value;      /* evaluate() if `evaluated` */
    int depth;
    bool evaluated;
} fnode;

typedef struct heap_item {
    double prio;
    uint64_t seq;      /* generation order: FIFO among equal priorities */
    uint32_t slot;
} heap_item;

typedef struct fsearch {
    const plan_domain *d;
    plan_order order;
    size_t stride;          /* bytes per slot */
    size_t state_off;       /* offset of the state in a slot */
    unsigned char *slots;
    uint32_t cap;           /* slots in the pool */
    uint32_t *free_list;    /* unused slot indices (stack) */
    uint32_t n_free;
    /* frontier: ring (BFS), stack (DFS) or heap (GBFS), at most `cap` entries */
    uint32_t *ring;
    uint32_t head, count;
    heap_item *heap;
    uint64_t seq;
    bool heapq_ties;        /* equal priorities: heapq's order, not FIFO */
} fsearch;

static inline fnode *node_at(fsearch *t, uint32_t i)
{
    return (fnode *)(t->slots + (size_t)i * t->stride);
}

static inline void *state_at(fsearch *t, uint32_t i)
{
    return t->slots + (size_t)i * t->stride + t->state_off;
}

static bool heap_less(const fsearch *t, const heap_item *a, const heap_item *b)
{
    /* "a pops before b" */
    if (a->prio != b->prio || t->heapq_ties)
        return a->prio > b->prio;
    return a->seq < b->seq;
}

/* The item at i moves up while it pops before its parent (Python's heapq._siftdown; also
 * heappush's, so both tie orders push alike). */
static void heap_sift_up(fsearch *t, size_t i)
{
    heap_item it = t->heap[i];
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!heap_less(t, &it, &t->heap[p]))
            break;
        t->heap[i] = t->heap[p];
        i = p;
    }
    t->heap[i] = it;
}

/* Python's heappop: the last item goes to the root, the hole walks down to a leaf along
 * the child that pops first (the right one unless the left pops strictly first), then the
 * item sifts up from there.  Only the order of equal priorities differs from heap_pop. */
static uint32_t heapq_pop(fsearch *t)
{
    uint32_t top = t->heap[0].slot;
    heap_item last = t->heap[--t->count];
    size_t n = t->count;
    if (n == 0)
        return top;
    size_t i = 0, c = 1;
    while (c < n) {
        if (c + 1 < n && !heap_less(t, &t->heap[c], &t->heap[c + 1]))
            c++;
        t->heap[i] = t->heap[c];
        i = c;
        c = 2 * i + 1;
    }
    t->heap[i] = last;
    heap_sift_up(t, i);
    return top;
}

static void heap_push(fsearch *t, heap_item it)
{
    t->heap[t->count] = it;
    heap_sift_up(t, t->count++);
}

static uint32_t heap_pop(fsearch *t)
{
    uint32_t top = t->heap[0].slot;
    heap_item last = t->heap[--t->count];
    size_t i = 0, n = t->count;
    for (;;) {
        size_t l = 2 * i + 1, best = i;
        const heap_item *bi = &last;
        if (l < n && heap_less(t, &t->heap[l], bi)) {
            best = l;
            bi = &t->heap[l];
        }
        if (l + 1 < n && heap_less(t, &t->heap[l + 1], bi))
            best = l + 1;
        if (best == i)
            break;
        t->heap[i] = t->heap[best];
        i = best;
    }
    if (n > 0)
        t->heap[i] = last;
    return top;
}

static void frontier_push(fsearch *t, uint32_t slot, double prio)
{
    switch (t->order) {
    case PLAN_BFS:
        t->ring[(t->head + t->count++) % t->cap] = slot;
        break;
    case PLAN_DFS:
        t->ring[t->count++] = slot;
        break;
    case PLAN_GBFS: {
        heap_item it = {prio, t->seq++, slot};
        heap_push(t, it);
        break;
    }
    }
}

static uint32_t frontier_pop(fsearch *t)
{
    switch (t->order) {
    case PLAN_BFS: {
        uint32_t s = t->ring[t->head];
        t->head = (t->head + 1) % t->cap;
        t->count--;
        return s;
    }
    case PLAN_DFS:
        return t->ring[--t->count];
    case PLAN_GBFS:
    default:
        return t->heapq_ties ? heapq_pop(t) : heap_pop(t);
    }
}

static bool fsearch_init(fsearch *t, const plan_domain *d, plan_order order, size_t memory)
{
    memset(t, 0, sizeof *t);
    t->d = d;
    t->order = order;
    size_t align = 16;
    t->state_off = (sizeof(fnode) + align - 1) / align * align;
    t->stride = (t->state_off + d->state_size + align - 1) / align * align;
    size_t per = t->stride + sizeof(uint32_t) /* free list */
                 + (order == PLAN_GBFS ? sizeof(heap_item) : sizeof(uint32_t));
    size_t cap = memory / per;
    if (cap > UINT32_MAX - 1)
        cap = UINT32_MAX - 1;
    if (cap < 2)
        return false;
    t->cap = (uint32_t)cap;
    /* malloc, not calloc: untouched pages cost nothing until the frontier reaches them. */
    t->slots = malloc(cap * t->stride);
    t->free_list = malloc(cap * sizeof(uint32_t));
    if (order == PLAN_GBFS)
        t->heap = malloc(cap * sizeof(heap_item));
    else
        t->ring = malloc(cap * sizeof(uint32_t));
    if (!t->slots || !t->free_list || (!t->heap && !t->ring))
        return false;
    for (uint32_t i = 0; i < t->cap; i++)
        t->free_list[i] = t->cap - 1 - i;
    t->n_free = t->cap;
    return true;
}

static void fsearch_free(fsearch *t)
{
    /* release states still on the frontier */
    if (t->d && t->d->release && t->slots) {
        for (uint32_t k = 0; k < t->count; k++) {
            uint32_t s = t->order == PLAN_GBFS ? t->heap[k].slot
                         : t->order == PLAN_BFS ? t->ring[(t->head + k) % t->cap]
                                                  : t->ring[k];
            plan_state_release(t->d, state_at(t, s));
        }
    }
    free(t->slots);
    free(t->free_list);
    free(t->ring);
    free(t->heap);
    memset(t, 0, sizeof *t);
}

plan_status plan_frontier(const plan_domain *d, const void *root, plan_order order,
                          const plan_config *cfg, plan_result *res)
{
    memset(res, 0, sizeof *res);
    res->best_value = -INFINITY;
    double t0 = plan_budget_now(&cfg->budget);
    if (!plan_check_domain(d, &cfg->budget, res->error, sizeof res->error)) {
        res->status = PLAN_BAD_CONFIG;
        return res->status;
    }
    size_t memory = cfg->budget.max_memory ? cfg->budget.max_memory : PLAN_DEFAULT_MEMORY;
    /* a quarter of the budget is left for the visited set */
    size_t pool_mem = d->hash ? memory / 4 * 3 : memory;
    fsearch t;
    int *acts = malloc((size_t)d->max_actions * sizeof *acts);
    res->best_state = malloc(d->state_size);
    void *scratch = malloc(d->state_size);   /* discard_when_full's dropped children */
    bool have_best = false;
    if (!acts || !res->best_state || !scratch || !fsearch_init(&t, d, order, pool_mem)) {
        if (!acts || !res->best_state || !scratch)
            memset(&t, 0, sizeof t);
        fsearch_free(&t);
        free(acts);
        free(scratch);
        free(res->best_state);
        res->best_state = NULL;
        snprintf(res->error, sizeof res->error,
                 "search: cannot reserve a node pool in %zu bytes (state %zu bytes)", memory,
                 d->state_size);
        res->status = PLAN_POOL_FULL;
        return res->status;
    }
    t.heapq_ties = cfg->gbfs_heapq_ties;
    struct rng rng;
    rng_seed(&rng, cfg->seed);
    plan_evals ev;
    plan_evals_init(&ev, d);
    plan_hset visited = {0};
    bool eval_gen = cfg->eval_at_generation || order == PLAN_GBFS;
    bool frozen = false;   /* discard_when_full has dropped a child */

    uint32_t s0 = t.free_list[--t.n_free];
    fnode *n0 = node_at(&t, s0);
    n0->depth = 0;
    n0->evaluated = false;
    plan_state_copy(d, state_at(&t, s0), root);
    double p0 = 0;
    if (eval_gen) {
        if (order == PLAN_GBFS && d->priority) {
            p0 = plan_priority(&ev, state_at(&t, s0));
        } else {
            n0->value = p0 = plan_eval(&ev, state_at(&t, s0));
            n0->evaluated = true;
        }
    }
    frontier_push(&t, s0, p0);
    uint64_t peak = 1;

    plan_status st = PLAN_EXHAUSTED;
    while (t.count > 0) {
        plan_status hit = plan_budget_hit(&cfg->budget, res->nodes, res->iterations,
                                              plan_evals_used(&ev), t0);
        if (hit != PLAN_GOAL) {
            st = hit;
            break;
        }
        uint32_t s = frontier_pop(&t);
        res->iterations++;
        fnode *nd = node_at(&t, s);
        void *state = state_at(&t, s);
        int depth = nd->depth;
        if (d->hash) {
            uint64_t key = d->hash(d->ctx, state);
            int added = plan_hset_add(&visited, key, memory - pool_mem);
            if (added == 0) {
                plan_state_release(d, state);
                t.free_list[t.n_free++] = s;
                continue;
            }
            if (added < 0) {
                snprintf(res->error, sizeof res->error,
                         "search: visited set full after %zu keys (memory budget %zu bytes)",
                         visited.count, memory);
                plan_state_release(d, state);
                t.free_list[t.n_free++] = s;
                st = PLAN_POOL_FULL;
                break;
            }
        }
        double value = nd->evaluated ? nd->value : plan_eval(&ev, state);
        if (!have_best || value > res->best_value ||
            (value == res->best_value && cfg->best_ties_random && rng_below(&rng, 2))) {
            if (have_best)
                plan_state_release(d, res->best_state);
            plan_state_copy(d, res->best_state, state);
            res->best_value = value;
            res->best_depth = depth;
            have_best = true;
        }
        if (depth > res->max_depth)
            res->max_depth = depth;
        if (d->goal && d->goal(d->ctx, state)) {
            if (res->best_state != NULL) {
                plan_state_release(d, res->best_state);
                plan_state_copy(d, res->best_state, state);
                res->best_value = value;
                res->best_depth = depth;
            }
            plan_state_release(d, state);
            t.free_list[t.n_free++] = s;
            st = PLAN_GOAL;
            break;
        }
        bool stop = false;
        if (!(d->terminal && d->terminal(d->ctx, state))) {
            int na = d->actions(d->ctx, state, acts);
            for (int i = 0; i < na; i++) {
                plan_status h = plan_budget_hit(&cfg->budget, res->nodes, 0,
                                                    plan_evals_used(&ev), t0);
                if (h != PLAN_GOAL) {
                    st = h;
                    stop = true;
                    break;
                }
                if (t.n_free == 0 || frozen) {
                    if (!res->pool_full)
                        snprintf(res->error, sizeof res->error,
                                 "search: node pool full (%u nodes of %zu bytes in a %zu-byte "
                                 "budget); raise max_memory",
                                 t.cap, t.stride, memory);
                    res->pool_full = true;
                    if (cfg->discard_when_full) {
                        /* the child's cost without the child.  The frontier stays
                         * frozen from now on even as pops free slots: a later child stored
                         * ahead of this dropped one would change the pop order. */
                        frozen = true;
                        plan_state_copy(d, scratch, state);
                        d->apply(d->ctx, scratch, acts[i]);
                        if (eval_gen) {
                            if (order == PLAN_GBFS && d->priority)
                                (void)plan_priority(&ev, scratch);
                            else
                                (void)plan_eval(&ev, scratch);
                        }
                        plan_state_release(d, scratch);
                        res->nodes++;
                        continue;
                    }
                    if (cfg->drain_when_full)
                        break;   /* drop the remaining children, keep popping */
                    st = PLAN_POOL_FULL;
                    stop = true;
                    break;
                }
                uint32_t c = t.free_list[--t.n_free];
                fnode *cn = node_at(&t, c);
                void *cs = state_at(&t, c);
                plan_state_copy(d, cs, state);
                d->apply(d->ctx, cs, acts[i]);
                cn->depth = depth + 1;
                cn->evaluated = false;
                double prio = 0;
                if (eval_gen) {
                    if (order == PLAN_GBFS && d->priority) {
                        prio = plan_priority(&ev, cs);
                    } else {
                        cn->value = prio = plan_eval(&ev, cs);
                        cn->evaluated = true;
                    }
                }
                frontier_push(&t, c, prio);
                res->nodes++;
            }
        }
        uint64_t live = t.cap - t.n_free;
        if (live > peak)
            peak = live;
        plan_state_release(d, state);
        t.free_list[t.n_free++] = s;
        if (stop)
            break;
    }
    if (st == PLAN_EXHAUSTED && res->pool_full)
        st = PLAN_POOL_FULL;   /* emptied a frontier that had lost children */
    res->status = st;
    res->found = st == PLAN_GOAL;
    res->peak_nodes = peak;
    res->evals = plan_evals_used(&ev);
    res->elapsed = plan_budget_now(&cfg->budget) - t0;
    if (!have_best) {
        free(res->best_state);
        res->best_state = NULL;
    }
    plan_hset_free(&visited);
    fsearch_free(&t);
    free(acts);
    free(scratch);
    return st;
}
