/* tree — the search tree shared by all search threads: a pool of nodes
 * allocated once, lock-free statistics and lock-free expansion.
 *
 * Layout. A tree lives in one pool, an array of nodes allocated once from the
 * memory budget; index 0 is never used so that 0 can mean "no node". The
 * children of a node are one contiguous block [first, first + n_children),
 * taken from the pool by a single atomic fetch-add on the pool's `next`. There
 * is no free list: a pool only grows during a search and is reclaimed whole.
 * Tree reuse copies the subtree that survives into the second pool (the two
 * pools share the budget) and swaps them: copying is O(surviving nodes),
 * cannot fragment, and leaves every child block contiguous.
 *
 * Statistics are from the point of view of the player who played the node's
 * move, so a parent picks the child with the best value for itself. Results are
 * counted in half points (win 2, jigo 1, loss 0) so integer komi works.
 *
 * Lock-free protocol (tree parallelization with virtual loss):
 *  - `stats` (visits, wins) and `amaf` (AMAF visits, wins) are 64-bit C11
 *    atomics, each packing a count and a sum, read with relaxed loads: a pair
 *    is always consistent with itself. `stats` is updated with relaxed
 *    fetch-adds and is exact (virtual loss must come back out exactly);
 *    `amaf` with a relaxed load and store, which may lose an update when two
 *    threads race on one node (see tree_amaf_add). Visits counted whose wins
 *    are not yet added are the virtual loss, and intended. Nothing is derived
 *    from the consistency of stats with amaf.
 *  - Virtual loss: a thread descending through a node adds `vl` visits at once
 *    (tree_descend); when it backs up it adds the result to the wins and
 *    removes vl - 1 visits in the same add (tree_backup; the low half cannot
 *    borrow because those vl visits are still in it), so the node ends with
 *    exactly one more visit.
 *  - `state` goes UNEXPANDED -> EXPANDING -> EXPANDED, never back except
 *    EXPANDING -> UNEXPANDED when the pool is full. Only the thread whose
 *    compare-and-swap moves UNEXPANDED -> EXPANDING may write `first` and
 *    `n_children` and initialise the children; it publishes them with a
 *    release store of EXPANDED. Readers load `state` with acquire and read
 *    `first`, `n_children` and the children's `move`, `prior` and `hint` only after
 *    seeing EXPANDED; those fields never change afterwards (until the pool is
 *    reclaimed between searches, when no thread runs).
 *  - A thread that finds a node EXPANDING (another thread is filling it) just
 *    treats it as a leaf for this playout: no waiting, no lock.
 *  - When the pool is full, tree_expand fails, the node stays a leaf, the
 *    `full` flag is set and the search goes on without growing the tree.
 *
 * Size: a node is 32 bytes (static_assert below): two 64-bit counter pairs,
 * the first-child index, move and child count as 16-bit fields, the prior as
 * a float, the 1-byte state, hint and widening flags, padded to a power of
 * two so two nodes share a 64-byte cache line and an index turns into an
 * address with a shift. There is no virtual-loss field (it lives in the
 * visits) and no parent pointer (the descent keeps its path on the thread's
 * stack). Counts are 32-bit: four
 * billion playouts through one node is more than any search here runs.
 */
#ifndef HANE_TREE_H
#define HANE_TREE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board/board.h"

enum tree_state { TREE_UNEXPANDED = 0, TREE_EXPANDING = 1, TREE_EXPANDED = 2 };

/* Progressive widening flags (search_select.c): the node was let in past its
 * parent's window (by its AMAF value, pw_rave, or a short string next to it,
 * pw_libs); some child of the node was. */
enum { TREE_PW_IN = 1, TREE_PW_SOME = 2 };

/* PASS is kept as 0 in `move` (point 0 is border, never a vertex). */
#define TREE_PASS 0

struct tree_node {
    /* visits in the low 32 bits (playouts through this node, plus virtual
     * losses in flight), wins in half points for the player of `move` in the
     * high 32 bits: one 64-bit word, so one atomic add updates both and one
     * load reads a consistent pair. */
    _Atomic uint64_t stats;
    /* The same for AMAF (RAVE): playouts where `move` came later for this player. */
    _Atomic uint64_t amaf;
    uint32_t first;                 /* index of the first child; valid once EXPANDED */
    uint16_t move;                  /* point, TREE_PASS for a pass */
    uint16_t n_children;            /* valid once EXPANDED */
    float prior;                    /* static probability of the move (0 if unknown) */
    _Atomic uint8_t state;          /* enum tree_state */
    uint8_t hint;                   /* tactical prior value of the move, 0..255 = 0..1 (128 neutral) */
    _Atomic uint8_t pw;             /* TREE_PW_* flags */
};

_Static_assert(sizeof(struct tree_node) == 32, "tree_node is meant to be 32 bytes");

/* Cache line size assumed wherever data that different threads write is
 * kept apart (here and in the search's per-thread state). */
#define CACHE_LINE 64

/* `nodes` and `capacity` are read at every step of every descent; `next` is
 * written by every expansion (tens of thousands a second per thread). On one
 * line, each expansion would take the line from the other core and its next
 * descent step would miss; so the counters start a line of their own, and the
 * struct's alignment keeps whatever follows off it too. */
struct tree_pool {
    struct tree_node *nodes;
    uint32_t capacity;              /* nodes in the array (index 0 unused) */
    _Alignas(CACHE_LINE) _Atomic uint32_t next;  /* first free index; may overshoot capacity when full */
    _Atomic bool full;              /* an expansion failed for lack of room */
};

struct tree {
    struct tree_pool pool[2];       /* pool[cur] holds the tree, the other is the reuse target */
    int cur;
    uint32_t root;                  /* index of the root in pool[cur] */
    enum color root_color;          /* side to move at the root (the search keeps the
                                     * game the root stands for, to match on reuse) */
};

/* Allocates two pools sharing `bytes` (zero pages are not touched until used).
 * False if the budget is below a few thousand nodes or allocation fails. */
bool tree_init(struct tree *t, size_t bytes);
void tree_free(struct tree *t);

/* Empties the tree and makes a fresh root for a position with `to_move` to play. */
void tree_clear(struct tree *t, enum color to_move);

static inline struct tree_node *tree_node_at(struct tree *t, uint32_t i)
{
    return &t->pool[t->cur].nodes[i];
}
static inline struct tree_node *tree_root(struct tree *t) { return tree_node_at(t, t->root); }
/* The index of node `n` of the current pool (the inverse of tree_node_at). */
static inline uint32_t tree_index(const struct tree *t, const struct tree_node *n)
{
    return (uint32_t)(n - t->pool[t->cur].nodes);
}

static inline point tree_move(const struct tree_node *n)
{
    return n->move == TREE_PASS ? PASS : (point)n->move;
}

/* Claims `n` for expansion and allocates `count` children with moves `moves`
 * (PASS allowed), priors `priors` and hints `hints` (either may be NULL:
 * 0 and 128). Returns true if this call expanded the node; false if another
 * thread holds it, it was already expanded, or the pool is full. */
bool tree_expand(struct tree *t, struct tree_node *n, const point *moves, const float *priors,
                 const uint8_t *hints, int count);

static inline bool tree_is_expanded(const struct tree_node *n)
{
    return atomic_load_explicit(&n->state, memory_order_acquire) == TREE_EXPANDED;
}

/* Virtual loss: called on the way down through `n`; returns the visits
 * before this one (in-flight visits of other threads included). */
static inline uint32_t tree_descend(struct tree_node *n, int vl)
{
    uint64_t old = atomic_fetch_add_explicit(&n->stats, (uint64_t)(vl > 0 ? vl : 1),
                                             memory_order_relaxed);
    return (uint32_t)old;
}

/* The way back up: adds `half_points` (0, 1 or 2) and turns the vl visits of
 * tree_descend into one real visit. */
static inline void tree_backup(struct tree_node *n, int vl, uint32_t half_points)
{
    uint64_t add = ((uint64_t)half_points << 32) - (uint64_t)(vl > 1 ? vl - 1 : 0);
    atomic_fetch_add_explicit(&n->stats, add, memory_order_relaxed);
}

/* AMAF updates are by far the most frequent writes (every sibling a playout
 * touched, at every level of the path), so they are a relaxed load and store
 * rather than a locked add: two threads updating the same node at the same
 * instant may lose one update, which a statistic over thousands of playouts
 * does not notice; the word never tears and there is no data race. */
static inline void tree_amaf_add(struct tree_node *n, uint32_t half_points)
{
    uint64_t old = atomic_load_explicit(&n->amaf, memory_order_relaxed);
    atomic_store_explicit(&n->amaf, old + (((uint64_t)half_points << 32) | 1),
                          memory_order_relaxed);
}

/* Reads of the counters (relaxed; see the protocol above). */
static inline uint64_t tree_stats(const struct tree_node *n)
{
    return atomic_load_explicit(&n->stats, memory_order_relaxed);
}
static inline uint64_t tree_amaf(const struct tree_node *n)
{
    return atomic_load_explicit(&n->amaf, memory_order_relaxed);
}
static inline uint32_t tree_count(uint64_t pair) { return (uint32_t)pair; }
static inline uint32_t tree_sum(uint64_t pair) { return (uint32_t)(pair >> 32); }
static inline uint32_t tree_visits(const struct tree_node *n) { return tree_count(tree_stats(n)); }
static inline uint32_t tree_wins(const struct tree_node *n) { return tree_sum(tree_stats(n)); }
static inline uint32_t tree_amaf_visits(const struct tree_node *n) { return tree_count(tree_amaf(n)); }
static inline uint32_t tree_amaf_wins(const struct tree_node *n) { return tree_sum(tree_amaf(n)); }

/* Win rate of a node for the player of its move, 0..1; `dflt` if unvisited. */
double tree_winrate(const struct tree_node *n, double dflt);

/* The child of `n` with move `m`, or NULL (also NULL if `n` is not expanded). */
struct tree_node *tree_child(struct tree *t, struct tree_node *n, point m);

/* Tree reuse: makes the node reached from the root by `moves` (n of them,
 * alternating colours from the root's side) the new root, copying its subtree
 * into the other pool and reclaiming the old one. False (tree cleared) if the
 * path leaves the tree. No search thread may run. */
bool tree_promote(struct tree *t, const point *moves, int n, enum color to_move);

/* Nodes in use in the current pool, and the pool's capacity. */
uint32_t tree_used(const struct tree *t);
uint32_t tree_capacity(const struct tree *t);

#endif
