/* playout — plays a position out to the end with a pluggable move policy and
 * returns its area score; optionally records the moves played (for AMAF/RAVE)
 * and the final owner of every point (for ownership statistics).
 *
 * A policy is a small struct of function pointers plus a data pointer. One
 * policy value serves one thread at a time (its data may hold per-thread
 * incremental state); give each search thread its own. The light policies
 * (uniformly random) are defined here; the Bradley–Terry one (playout_bt.h)
 * fills in the same struct.
 */
#ifndef HANE_PLAYOUT_H
#define HANE_PLAYOUT_H

#include "engine/board/board.h"
#include "engine/board/rng.h"

struct playout_policy {
    const char *name;
    void *data;
    /* Optional (NULL = nothing to do): called once before the first move of
     * a playout on `b`, e.g. to build incremental move weights. */
    void (*begin)(struct playout_policy *pp, const struct board *b);
    /* Required: a legal move for `c` on `b` that does not fill c's own eye,
     * or PASS when there is none. May reorder b->empty (keeping empty_pos in
     * step) but must change nothing else on the board. */
    point (*choose)(struct playout_policy *pp, struct board *b, enum color c, struct rng *r);
    /* Optional: called after each move of the playout has been played. */
    void (*played)(struct playout_policy *pp, const struct board *b, enum color c, point p);
    /* Optional: releases `data`. */
    void (*release)(struct playout_policy *pp);
};

/* One stone played in a playout. */
struct playout_move {
    uint16_t p;
    uint8_t color;
};

/* What a playout should record besides its score. Either part may be off. */
struct playout_record {
    struct playout_move *moves; /* NULL: do not record; else room for max_moves */
    int max_moves;              /* capacity of `moves`; recording stops when full */
    int n_moves;                /* out: stones recorded (passes are not) */
    uint8_t *owner;             /* NULL, or BOARD_MAX_POINTS bytes: out, owner per point
                                 * (BLACK, WHITE, EMPTY for dame, OFFBOARD on the border) */
};

/* The uniformly random policy: every empty point that is legal and not an
 * own eye (board_is_eyelike) is equally likely; PASS when there is none. */
struct playout_policy playout_light(void);

/* The light policy that also refuses a self-atari no nakade needs
 * (board_is_wasted_self_atari): a string of PLAYOUT_SEKI_MIN_STONES or more
 * stones left in atari without capturing, or one of four or five whose
 * shape, once captured, gives the capturer two eyes. In its playouts a
 * seki stays on the board, as in a game between players who know better,
 * so it serves ownership (final_score, final_status_list). Slower than
 * playout_light by the test on moves next to a friendly string.
 *
 * Why six: killing a group by nakade puts at most five of the attacker's
 * stones in atari inside a six-point eye, so the rule does not save dead
 * shapes; what it keeps is a seki, where the first side to fill the last
 * shared liberties but one gives the other its stones. Four and five by
 * shape: a straight four or a bent five captured is two eyes for the
 * capturer, so a string of that shape filling a shared liberty gives a seki
 * away as surely as a big one. */
#define PLAYOUT_SEKI_MIN_STONES 6
struct playout_policy playout_light_seki_safe(void);

/* The rule itself, for every seki-safe policy (light and BT): would `c` at
 * `p`, whose 3x3 code is `code`, be such a self-atari? Only a move next to
 * a friendly string with at most one empty neighbour can be: the code says
 * so before any string is looked at, which spares most moves the walk. */
static inline bool playout_wasted_self_atari(const struct board *b, enum color c, point p,
                                             unsigned code)
{
    return board_code_friends(code, c) && board_code_few_empty(code) &&
           board_is_wasted_self_atari(b, c, p, PLAYOUT_SEKI_MIN_STONES);
}

/* A move cap that random games practically never reach (a few times the
 * board's area): beyond it the position is scored as it stands. */
static inline int playout_default_cap(int size)
{
    return 3 * size * size + 30;
}

/* Plays `b` out from b->to_move, alternating colours, until two consecutive
 * passes (counting a pass already at the end of b) or `max_moves` moves, and
 * returns the area score with komi (Black's view, see board.h). `b` is left
 * at the final position. `rec` may be NULL. */
double playout_run(struct board *b, struct playout_policy *pp, struct rng *r,
                   double komi, int max_moves, struct playout_record *rec);

#endif
