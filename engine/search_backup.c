/* search_backup — the way up: each node on the path gets the result for the
 * player of its move, and (MC-RAVE) the AMAF statistics of their siblings. */
#include "engine/search_internal.h"

#include <string.h>

/* Below the root, a node's AMAF results go through a worker's buffer only
 * when several threads search (one thread has no core to share lines with,
 * so its results go to the tree at once) and the node is busy
 * enough for both threads to be in it at once; a young node, whose
 * selection the AMAF values steer most, is updated at once. */
#define AMAF_BUSY_VISITS 256

/* A buffer is added to the tree once it holds this many playouts: the AMAF
 * values a selection sees are behind by at most that many of each other
 * worker's playouts, which a node with hundreds of visits does not feel.
 * Counted per buffer, so a buffer whose node the worker passes rarely is not
 * walked (all its children) for a playout or two every time. */
#define AMAF_FLUSH 16
/* With several threads a buffer waits for 1/AMAF_FLUSH_SHARE of its node's
 * visits if that is more: a flush adds to about half the children, on cache
 * lines the other core writes too, so flushing a busy node every
 * AMAF_FLUSH playouts costs a share of the search worth saving. A child's
 * AMAF count is of the order of the node's visits, so the delay stays near
 * 1/AMAF_FLUSH_SHARE of what it holds. */
#define AMAF_FLUSH_SHARE 64

static void buf_flush(struct search_thread *t, struct search_amaf_buf *b)
{
    if (!b->node || !b->pending)
        return;
    b->pending = 0;
    struct tree *tr = &t->s->tree;
    struct tree_node *ch = tree_node_at(tr, tree_node_at(tr, b->node)->first);
    for (int i = 0; i < b->n; i++)
        if (b->acc[i]) {
            atomic_fetch_add_explicit(&ch[i].amaf, b->acc[i], memory_order_relaxed);
            b->acc[i] = 0;
        }
}

/* Points `b` (flushed) at the children of `n`, an expanded node. */
static void buf_claim(struct search_thread *t, struct search_amaf_buf *b, struct tree_node *n)
{
    struct tree *tr = &t->s->tree;
    buf_flush(t, b);
    const struct tree_node *ch = tree_node_at(tr, n->first);
    b->node = tree_index(tr, n);
    b->n = n->n_children;
    for (int i = 0; i < b->n; i++)
        b->moves[i] = ch[i].move;
}

/* The buffer of `n` (expanded, below the root): its slot, chosen by a hash
 * of the node's index, taken over (the previous node's sums flushed) if
 * another node holds it. A worker passes through many more busy nodes
 * than a few buffers hold, and an eviction flushes a buffer that holds only
 * a few playouts: a flush is a locked add to about half the node's children,
 * on lines the other core reads. Many slots keep evictions a small share
 * of the flushes. */
static struct search_amaf_buf *busy_buf(struct search_thread *t, struct tree_node *n)
{
    uint32_t id = tree_index(&t->s->tree, n);
    uint32_t slot = 1 + (id * 2654435761u >> 16) % (SEARCH_AMAF_BUFS - 1);
    struct search_amaf_buf *b = &t->amaf_buf[slot];
    if (b->node != id)
        buf_claim(t, b, n);
    return b;
}

void search_amaf_begin(struct search_thread *t)
{
    /* Node indices of the last search mean nothing now (reuse moves the
     * tree); the sums were added to the tree when that search stopped. */
    for (int k = 0; k < SEARCH_AMAF_BUFS; k++) {
        struct search_amaf_buf *b = &t->amaf_buf[k];
        b->node = 0;
        b->pending = 0;
        memset(b->acc, 0, sizeof b->acc);
    }
    struct tree_node *root = tree_root(&t->s->tree);
    if (tree_is_expanded(root))
        buf_claim(t, &t->amaf_buf[0], root);
}

void search_amaf_flush(struct search_thread *t)
{
    for (int k = 0; k < SEARCH_AMAF_BUFS; k++)
        buf_flush(t, &t->amaf_buf[k]);
}

/* AMAF, as in Gelly & Silver 2011: for the node at depth d, whose children are
 * moves of colour c, every child whose point was first played (from depth d
 * on, tree path and playout alike) by c gets the playout's result for c.
 * Walking the move sequence backwards and overwriting a per-point slot leaves
 * in each slot the first occurrence in the suffix, so one pass over the
 * sequence and one over each path node's children suffice. The slot holds
 * stamp * 4 + colour, so one compare tests both, and a new stamp is a free
 * reset.
 *
 * About half the children of a node match (the first player of a point in a
 * random game is either colour), so a branch on the match is mispredicted
 * half the time, a cost that would dominate the backup. The children loops are
 * therefore branch-free: a buffer adds the result masked by the match, and
 * a direct update first lists the matching children (the list's end
 * advances by the match, 0 or 1) and then updates those listed. */
static void amaf_update(struct search_thread *t, int depth, int n_seq, uint32_t black_half)
{
    struct search *s = t->s;
    uint32_t st = ++t->cur_stamp;
    if (st >= (1u << 30)) {              /* stamp * 4 would overflow: clear once in a billion */
        for (int i = 0; i < BOARD_MAX_POINTS; i++)
            t->amaf_key[i] = 0;
        st = t->cur_stamp = 1;
    }
    uint32_t base = st << 2;
    for (int i = n_seq - 1; i >= depth; i--)
        t->amaf_key[t->seq[i].p] = base | t->seq[i].color;
    /* Passes are recorded as point 0 in the tree path (never in a playout);
     * no child's key may match there. */
    t->amaf_key[0] = 0;
    bool busy_bufs = s->n_threads > 1;
    for (int d = depth - 1; d >= 0; d--) {
        int p = t->seq[d].p;
        uint8_t c = t->seq[d].color;
        if (p)
            t->amaf_key[p] = base | c;
        uint32_t want = base | c;
        struct tree_node *n = t->path[d];
        uint32_t half = c == BLACK ? black_half : 2 - black_half;
        struct search_amaf_buf *b = NULL;
        if (d == 0) {
            b = &t->amaf_buf[0];
            if (!b->node)      /* the root was expanded after the worker started */
                buf_claim(t, b, n);
        } else if (busy_bufs && tree_visits(n) >= AMAF_BUSY_VISITS) {
            b = busy_buf(t, n);
        }
        if (b) {
            uint64_t add = ((uint64_t)half << 32) | 1;
            for (int i = 0; i < b->n; i++)
                b->acc[i] += add & -(uint64_t)(t->amaf_key[b->moves[i]] == want);
            uint32_t at = AMAF_FLUSH;
            if (busy_bufs) {
                uint32_t share = tree_visits(n) / AMAF_FLUSH_SHARE;
                at = share > at ? share : at;
            }
            if (++b->pending >= at)
                buf_flush(t, b);
            continue;
        }
        struct tree_node *ch = tree_node_at(&s->tree, n->first);
        int nc = n->n_children;
        uint16_t *hit = t->amaf_hit;
        int k = 0;
        for (int i = 0; i < nc; i++) {
            hit[k] = (uint16_t)i;
            k += t->amaf_key[ch[i].move] == want;
        }
        for (int i = 0; i < k; i++)
            tree_amaf_add(&ch[hit[i]], half);
    }
}

/* Playouts of a worker whose results wait before they are added to the root
 * (several threads only): a root with n visits is selected from with at
 * most this many of each other worker's last playouts missing, which moves
 * sqrt(ln n) by a negligible amount once n is in the hundreds. */
#define ROOT_FLUSH 16

void search_root_flush(struct search_thread *t)
{
    if (!t->root_pend)
        return;
    atomic_fetch_add_explicit(&tree_root(&t->s->tree)->stats, t->root_pend, memory_order_relaxed);
    t->root_pend = 0;
}

void search_backup(struct search_thread *t, int depth, int n_seq, uint32_t black_half)
{
    struct search *s = t->s;
    int vl = s->job.virtual_loss;
    /* The root's move was played by the side not to move. */
    enum color mover = color_other(s->job.to_move);
    int d0 = 0;
    if (search_root_buffered(s)) {
        /* The root's result waits in the worker (see search_descend). */
        uint32_t half = mover == BLACK ? black_half : 2 - black_half;
        t->root_pend += ((uint64_t)half << 32) | 1;
        if (tree_count(t->root_pend) == ROOT_FLUSH)
            search_root_flush(t);
        d0 = 1;
    }
    for (int d = d0; d <= depth; d++) {
        if (d > 0)
            mover = (enum color)t->seq[d - 1].color;
        tree_backup(t->path[d], vl, mover == BLACK ? black_half : 2 - black_half);
    }
    if (s->p.rave && n_seq >= depth && depth > 0)
        amaf_update(t, depth, n_seq, black_half);
}
