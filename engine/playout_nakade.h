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
 * `playout_nakade`.
 *
 * The same holds for a space that holds the attacker's stones, walled in
 * by the owner: up to six points, empty or the attacker's, whose strings
 * then have no liberty outside it. Its vital point, when empty, is where
 * the owner captures and splits the space and where the attacker keeps it
 * one eye. When the vital point is the attacker's already, what matters
 * comes at the end: with two points left and the owner's walls without a
 * liberty elsewhere, the attacker at one of them fills the space but for
 * the other, in atari, and if the stones the owner must then take leave a
 * shape of one eye (three points or fewer, square or pyramid four, bulky or
 * crossed five), the group is dead; this is how the groups walled in by
 * Pachi died (docs/notes/against-pachi.md). */
#ifndef HANE_PLAYOUT_NAKADE_H
#define HANE_PLAYOUT_NAKADE_H

#include "engine/board/board.h"

/* The vital point of the empty region next to the stone at `last` (the
 * previous move), when that region holds 3 to 6 points, touches stones of
 * `last`'s colour only (and the edge), holds every empty neighbour of
 * `last`, and has one of the killable shapes above. Else, with a space
 * that holds the other side's stones: if `last` walls it in (and every
 * neighbour of `last` not its own is in it), the other side's kill there
 * (the vital point, or the sacrifice); if `last` is a stone inside the
 * other side's space, the vital point, where the owner answers. Else 0. A
 * pass, an empty `last` or 0 gives 0. */
point playout_nakade_point(const struct board *b, point last);

/* Is the empty point `p` the vital point of its region, a region as above
 * (3 to 6 points, touching stones of one colour only, a killable shape),
 * or the vital point or a killing sacrifice of a space of either colour
 * that holds the other's stones? For the tree, which lets such moves in
 * past its window: they kill, or make the eye that lives. */
bool playout_nakade_is_vital(const struct board *b, point p);

#endif
