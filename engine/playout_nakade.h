/* playout_nakade — the vital point of a small eye space, for the playouts.
 *
 * An eye space of three to six points whose shape lets its owner make only
 * one eye if the other side plays first at one point (straight or bent
 * three, pyramid four, bulky and crossed five, rabbity six) is dead once a
 * stone stands there. A professional's move there is rare, so the BT
 * playouts, whose gammas come from professional games, seldom play it, and
 * a group that the placement kills outright lives in many of them (see
 * docs/notes/against-pachi.md). Pachi's playouts answer such a space at the
 * vital point most of the time (Baudiš & Gailly 2011); so do hane's with
 * `playout_nakade`. */
#ifndef HANE_PLAYOUT_NAKADE_H
#define HANE_PLAYOUT_NAKADE_H

#include "engine/board/board.h"

/* The vital point of the empty region next to the stone at `last` (the
 * previous move), when that region holds 3 to 6 points, touches stones of
 * `last`'s colour only (and the edge), holds every empty neighbour of
 * `last`, and has one of the killable shapes above; else 0. A pass, an
 * empty `last` or 0 gives 0. */
point playout_nakade_point(const struct board *b, point last);

/* Is the empty point `p` the vital point of its region, a region as above
 * (3 to 6 points, touching stones of one colour only, a killable shape)?
 * For the tree, which lets such moves in past its window: they kill, or
 * make the eye that lives. */
bool playout_nakade_is_vital(const struct board *b, point p);

#endif
