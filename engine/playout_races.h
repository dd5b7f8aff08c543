/* playout_races — two-liberty capturing races next to the last move, for the
 * playouts.
 *
 * The BT playouts draw each move from pattern gammas learnt on professional
 * games, where a two-liberty race is read out before anyone plays into it.
 * They hardly ever play the atari that kills a string with two liberties
 * outright, or extend a string of their own that the opponent has just
 * shortened, so a race that one side wins by a move comes out either way
 * (see docs/notes/against-pachi.md). Pachi's playouts check the strings
 * next to the last move that have two liberties (Baudiš & Gailly 2011):
 * an atari the opponent's string cannot escape, or a move that gives one's
 * own string liberties back or captures. hane's do the same with
 * `playout_races`. */
#ifndef HANE_PLAYOUT_RACES_H
#define HANE_PLAYOUT_RACES_H

#include "engine/board/board.h"

/* The most moves playout_race_moves returns. */
#define PLAYOUT_RACE_MAX 8

/* The race moves of `c` (to play) after the other colour's move `last`,
 * into out[0..PLAYOUT_RACE_MAX), each once; returns how many:
 * - the string at `last`, if it has two liberties: an atari on one of them
 *   that it cannot escape (the stone played keeps two liberties and takes
 *   nothing, the string has no neighbour in atari to capture, and its
 *   extension at the other liberty has at most one liberty and captures
 *   nothing);
 * - each string of `c` next to `last` with two liberties that is in danger
 *   (the other colour has an atari on it that no extension escapes): the
 *   liberty of a neighbouring enemy string in atari (a capture), and each
 *   of its own two liberties where it extends to three or more, or
 *   captures.
 * Moves are legal (simple ko aside). A pass, 0, or an empty `last` gives 0. */
int playout_race_moves(const struct board *b, enum color c, point last,
                       point out[PLAYOUT_RACE_MAX]);

/* The answers of `c` (to play) to the other colour's move `last` that put a
 * string of `c` in atari (or left one there), into out[0..PLAYOUT_RACE_MAX),
 * each once; returns how many: for each string of `c` next to `last` with
 * one liberty, the liberty of each neighbouring enemy string in atari (the
 * capture that saves it), and its own liberty when the extension there has
 * three liberties or more (or captures). The BT draw weighs such a capture
 * (gamma 50 to 75) against every other point of the board, so on 19x19 it
 * seldom comes at once, and a race of two strings in atari goes to
 * whoever's capture is drawn first, not to the side to move
 * (docs/notes/against-pachi.md).
 * Moves are legal (simple ko aside); a pass, 0, or an empty `last` gives 0. */
int playout_atari_moves(const struct board *b, enum color c, point last,
                        point out[PLAYOUT_RACE_MAX]);

/* The same, and the extension to exactly two liberties when the ladder
 * reader (pat_ladder_escape_fails) finds that the ladder does not capture
 * it, as Pachi's playouts escape an atari unless it is a ladder (Baudiš &
 * Gailly 2011). Without it the playouts give a string in atari that could
 * run out up, and the groups it cuts off live (docs/notes/against-pachi.md,
 * "Whose playouts see it"). The reading copies the board. */
int playout_atari_moves_ladder(const struct board *b, enum color c, point last,
                               point out[PLAYOUT_RACE_MAX]);

#endif
