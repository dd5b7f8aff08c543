/* sgfout — writes one refereed game as an SGF FF[4] file: game info (GM, FF,
 * CA, AP, SZ, KM, RU, PB, PW, DT, RE, TM, OT, GC), then the moves, with the
 * time left after each move (BL/WL, OB/OW) when the game had a clock.
 * Only what a referee needs; the full reader/writer is engine/board/sgf.
 */
#ifndef MATCH_SGFOUT_H
#define MATCH_SGFOUT_H

#include <stdbool.h>
#include <stdio.h>

struct sgfout_move {
    int color;              /* BLACK or WHITE (engine/board/board.h) */
    int x, y;               /* 0-based, y = 0 is the bottom row (GTP row 1); x < 0: pass */
    double time_left;       /* seconds left after the move (when the game has a clock) */
    int stones_left;        /* byo-yomi periods or Canadian stones left; 0 in main time */
};

struct sgfout_game {
    int size;
    double komi;
    const char *black, *white;  /* player names */
    const char *result;         /* RE value, e.g. "B+3.5", "W+R" */
    const char *date;           /* DT, YYYY-MM-DD */
    bool timed;                 /* write TM, OT and the per-move time left */
    double main_time;
    const char *overtime;       /* OT text, may be empty */
    const char *comment;        /* GC: how the game ended, etc.; may be NULL */
    const struct sgfout_move *moves;
    int n_moves;
};

/* Writes `text` as an SGF text value body: "\" and "]" are escaped. */
void sgfout_text(FILE *f, const char *text);

/* Writes the whole game; false if a write failed or the game is malformed
 * (size outside 1..25, a move off the board). */
bool sgfout_write(FILE *f, const struct sgfout_game *g);

#endif
