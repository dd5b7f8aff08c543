/* search_backup — the way up: each node on the path gets the result for the
 * player of its move, and (MC-RAVE) the AMAF statistics of their siblings. */
#include "engine/search_internal.h"

/* AMAF, as in Gelly & Silver: for the node at depth d, whose children are
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
 * half the time; that cost dominated the backup. The children loop is
 * therefore branch-free: it writes the index of every child into a list and
 * advances the list's end by the match (0 or 1), and a second loop updates
 * the children listed. */
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
    for (int d = depth - 1; d >= 0; d--) {
        int p = t->seq[d].p;
        uint8_t c = t->seq[d].color;
        if (p)
            t->amaf_key[p] = base | c;
        uint32_t want = base | c;
        struct tree_node *n = t->path[d];
        uint32_t half = c == BLACK ? black_half : 2 - black_half;
        struct tree_node *ch = tree_node_at(&s->tree, n->first);
        int nc = n->n_children;
        if (d == 0) {
            /* Per-thread buffer (see search_flush_root_amaf): a masked add. */
            uint64_t add = ((uint64_t)half << 32) | 1;
            for (int i = 0; i < nc; i++)
                t->root_amaf[i] += add & -(uint64_t)(t->amaf_key[ch[i].move] == want);
            continue;
        }
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

/* Root AMAF is flushed every this many playouts of a thread: stale by at
 * most that much in the selection at the root, which a search of thousands
 * of playouts does not feel. */
#define ROOT_AMAF_FLUSH 16

void search_flush_root_amaf(struct search_thread *t)
{
    struct tree_node *root = tree_root(&t->s->tree);
    t->root_amaf_pending = 0;
    if (!tree_is_expanded(root))
        return;
    struct tree_node *ch = tree_node_at(&t->s->tree, root->first);
    for (int i = 0; i < root->n_children; i++)
        if (t->root_amaf[i]) {
            atomic_fetch_add_explicit(&ch[i].amaf, t->root_amaf[i], memory_order_relaxed);
            t->root_amaf[i] = 0;
        }
}

void search_backup(struct search_thread *t, int depth, int n_seq, uint32_t black_half)
{
    struct search *s = t->s;
    int vl = s->p.virtual_loss;
    /* The root's move was played by the side not to move. */
    enum color mover = color_other(s->job.to_move);
    for (int d = 0; d <= depth; d++) {
        if (d > 0)
            mover = (enum color)t->seq[d - 1].color;
        tree_backup(t->path[d], vl, mover == BLACK ? black_half : 2 - black_half);
    }
    if (s->p.rave && n_seq >= depth && depth > 0) {
        amaf_update(t, depth, n_seq, black_half);
        if (++t->root_amaf_pending >= ROOT_AMAF_FLUSH)
            search_flush_root_amaf(t);
    }
}
