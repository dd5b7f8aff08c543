/* replies — "last good reply with forgetting" (Baier & Drake 2010, LGRF-2):
 * playouts that remember, for the position being searched, which answer to a
 * move (or to a pair of moves) won the last time it was played.
 *
 * Why: the playout policy is the same everywhere on the board, so it misjudges
 * the same local fight the same way in every playout (a capturing race that
 * the side to answer always loses in the playouts, say), however long the
 * search runs. The reply table is knowledge about this game that the
 * playouts gather as they go: the winner's answers are stored, the loser's
 * are forgotten, and the policy plays a stored answer when it is legal.
 *
 * Tables: for each colour, the reply to the opponent's last move, and the
 * reply to the pair (own move before it, opponent's last move); 0 = none.
 * Shared by all the search's workers: entries are relaxed atomics, and a
 * lost or torn-free race only means one answer more or less remembered.
 */
#ifndef HANE_REPLIES_H
#define HANE_REPLIES_H

#include <stdatomic.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/playout.h"

struct replies {
    _Atomic uint16_t one[2][BOARD_MAX_POINTS];
    _Atomic uint16_t two[2][BOARD_MAX_POINTS * BOARD_MAX_POINTS];
};

/* A cleared table (about 2 MB), or NULL if memory runs out. */
struct replies *replies_new(void);
void replies_free(struct replies *r);
void replies_clear(struct replies *r);

/* The stored answer of `c` to the opponent's move `prev`, preceded by c's own
 * move `prev2` (0 or PASS when unknown): the two-move answer if there is
 * one, else the one-move answer, else 0. Legality is the caller's test. */
static inline point replies_get(const struct replies *r, enum color c, point prev2, point prev)
{
    if (prev <= 0)
        return 0;
    int ci = c - 1;
    if (prev2 > 0) {
        point q = atomic_load_explicit(&r->two[ci][prev2 * BOARD_MAX_POINTS + prev],
                                       memory_order_relaxed);
        if (q)
            return q;
    }
    return atomic_load_explicit(&r->one[ci][prev], memory_order_relaxed);
}

/* Learns from one finished simulation: the moves `seq[0..n)` (tree part and
 * playout; a pass is p = 0) played after the position whose last two moves
 * were `before2` (by the colour that moves in seq[0]) and `before` (by the
 * other), with `winner` BLACK or WHITE (EMPTY for a draw: nothing learnt).
 * Every answer of the winner is stored; an answer of the loser that is the
 * stored one is forgotten. A move answers the previous one only when the
 * colours alternate (playout records leave passes out). */
void replies_learn(struct replies *r, point before2, point before,
                   const struct playout_move *seq, int n, enum color winner);

#endif
