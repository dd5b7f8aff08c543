/* tree — node pools, lock-free expansion and subtree reuse. */
#include "engine/tree.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/bigtable.h"

/* Below this many nodes a tree cannot hold even one 25x25 expansion per level
 * of a short game; refuse rather than thrash. */
#define TREE_MIN_NODES 4096

static bool pool_init(struct tree_pool *p, uint32_t capacity)
{
    /* calloc of a large block maps fresh zero pages: memory is only touched
     * (and counted against the machine) as the tree actually grows. */
    p->nodes = calloc(capacity, sizeof *p->nodes);
    if (!p->nodes)
        return false;
    /* Transparent huge pages where the system offers them on request: the
     * descent jumps between child blocks all over a tree of many megabytes,
     * and with 4 KB pages nearly every block is a TLB miss and every new
     * page a fault. */
    bigtable_advise(p->nodes, (size_t)capacity * sizeof *p->nodes);
    p->capacity = capacity;
    atomic_init(&p->next, 1);
    atomic_init(&p->full, false);
    return true;
}

static void pool_reset(struct tree_pool *p)
{
    atomic_store(&p->next, 1);
    atomic_store(&p->full, false);
}

bool tree_init(struct tree *t, size_t bytes)
{
    memset(t, 0, sizeof *t);
    size_t per_pool = bytes / 2 / sizeof(struct tree_node);
    if (per_pool > UINT32_MAX - 1024)
        per_pool = UINT32_MAX - 1024;
    if (per_pool < TREE_MIN_NODES)
        return false;
    if (!pool_init(&t->pool[0], (uint32_t)per_pool))
        return false;
    if (!pool_init(&t->pool[1], (uint32_t)per_pool)) {
        free(t->pool[0].nodes);
        t->pool[0].nodes = NULL;
        return false;
    }
    tree_clear(t, BLACK);
    return true;
}

void tree_free(struct tree *t)
{
    free(t->pool[0].nodes);
    free(t->pool[1].nodes);
    memset(t, 0, sizeof *t);
}

static void node_init(struct tree_node *n, point move, float prior, uint8_t hint)
{
    atomic_store_explicit(&n->stats, 0, memory_order_relaxed);
    atomic_store_explicit(&n->amaf, 0, memory_order_relaxed);
    n->first = 0;
    n->move = move == PASS ? TREE_PASS : (uint16_t)move;
    n->n_children = 0;
    n->prior = prior;
    n->hint = hint;
    atomic_store_explicit(&n->pw, 0, memory_order_relaxed);
    atomic_store_explicit(&n->state, TREE_UNEXPANDED, memory_order_relaxed);
}

void tree_clear(struct tree *t, enum color to_move)
{
    struct tree_pool *p = &t->pool[t->cur];
    pool_reset(p);
    uint32_t r = atomic_fetch_add(&p->next, 1);
    node_init(&p->nodes[r], PASS, 0, 128);
    t->root = r;
    t->root_color = to_move;
}

bool tree_expand(struct tree *t, struct tree_node *n, const point *moves, const float *priors,
                 const uint8_t *hints, int count)
{
    struct tree_pool *p = &t->pool[t->cur];
    if (count <= 0 || count > UINT16_MAX || atomic_load_explicit(&p->full, memory_order_relaxed))
        return false;
    uint8_t expect = TREE_UNEXPANDED;
    if (!atomic_compare_exchange_strong_explicit(&n->state, &expect, TREE_EXPANDING,
                                                 memory_order_acquire, memory_order_relaxed))
        return false;
    uint32_t first = atomic_fetch_add_explicit(&p->next, (uint32_t)count, memory_order_relaxed);
    if (first > p->capacity || p->capacity - first < (uint32_t)count) {
        /* No room: `next` has overshot and stays so; later expansions see `full`. */
        atomic_store_explicit(&p->full, true, memory_order_relaxed);
        atomic_store_explicit(&n->state, TREE_UNEXPANDED, memory_order_release);
        return false;
    }
    for (int i = 0; i < count; i++)
        node_init(&p->nodes[first + i], moves[i], priors ? priors[i] : 0.0f,
                  hints ? hints[i] : 128);
    n->first = first;
    n->n_children = (uint16_t)count;
    /* Publish: everything written above happens-before any acquire load that sees this. */
    atomic_store_explicit(&n->state, TREE_EXPANDED, memory_order_release);
    return true;
}

double tree_winrate(const struct tree_node *n, double dflt)
{
    uint64_t st = tree_stats(n);
    uint32_t v = tree_count(st);
    return v ? tree_sum(st) / (2.0 * v) : dflt;
}

struct tree_node *tree_child(struct tree *t, struct tree_node *n, point m)
{
    if (!tree_is_expanded(n))
        return NULL;
    uint16_t code = m == PASS ? TREE_PASS : (uint16_t)m;
    for (uint32_t i = 0; i < n->n_children; i++) {
        struct tree_node *c = tree_node_at(t, n->first + i);
        if (c->move == code)
            return c;
    }
    return NULL;
}

/* Copies the subtree under src (in pool `from`) to dst (in pool `to`),
 * breadth-first so each child block stays contiguous: the destination range
 * [head, tail) is the queue. Until a copied node is processed its `first`
 * holds its own source index. A child block that no longer fits is dropped
 * (its parent becomes a leaf again). Returns the new root index. */
static uint32_t copy_subtree(struct tree_pool *to, const struct tree_pool *from, uint32_t src)
{
    pool_reset(to);
    uint32_t root = atomic_load(&to->next);
    to->nodes[root] = from->nodes[src];
    to->nodes[root].first = src;
    uint32_t tail = root + 1;
    for (uint32_t head = root; head < tail; head++) {
        struct tree_node *d = &to->nodes[head];
        const struct tree_node *s = &from->nodes[d->first];
        uint32_t n = s->n_children;
        if (atomic_load(&s->state) != TREE_EXPANDED || to->capacity - tail < n) {
            atomic_store(&d->state, TREE_UNEXPANDED);
            atomic_fetch_and(&d->pw, (uint8_t)~TREE_PW_SOME);   /* its children are gone */
            d->first = 0;
            d->n_children = 0;
            continue;
        }
        for (uint32_t i = 0; i < n; i++) {
            to->nodes[tail + i] = from->nodes[s->first + i];
            to->nodes[tail + i].first = s->first + i;
        }
        d->first = tail;
        tail += n;
    }
    atomic_store(&to->next, tail);
    return root;
}

bool tree_promote(struct tree *t, const point *moves, int n, enum color to_move)
{
    struct tree_node *node = tree_root(t);
    for (int i = 0; i < n && node; i++)
        node = tree_child(t, node, moves[i]);
    if (!node) {
        tree_clear(t, to_move);
        return false;
    }
    if (n == 0) {
        t->root_color = to_move;
        return true;
    }
    uint32_t src = (uint32_t)(node - t->pool[t->cur].nodes);
    int other = 1 - t->cur;
    uint32_t r = copy_subtree(&t->pool[other], &t->pool[t->cur], src);
    pool_reset(&t->pool[t->cur]);
    t->cur = other;
    t->root = r;
    t->root_color = to_move;
    return true;
}

uint32_t tree_used(const struct tree *t)
{
    uint32_t next = atomic_load(&t->pool[t->cur].next);
    uint32_t cap = t->pool[t->cur].capacity;
    return next > cap ? cap : next;
}

uint32_t tree_capacity(const struct tree *t)
{
    return t->pool[t->cur].capacity;
}
