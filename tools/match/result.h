/* result — game results as text: GTP final_score replies ("B+3.5", "W+12",
 * "0") and SGF RE values ("B+R", "W+T", "B+F", "0", "Void"), parsed and
 * written in one place so the referee, the SGF files and the summaries agree.
 */
#ifndef MATCH_RESULT_H
#define MATCH_RESULT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board/board.h"

enum result_how {
    RESULT_POINTS,      /* counted: margin in points */
    RESULT_RESIGN,      /* R */
    RESULT_TIME,        /* T: the loser's flag fell */
    RESULT_FORFEIT,     /* F: illegal move, crash, hang */
    RESULT_VOID,        /* no result */
};

struct result {
    int winner;             /* BLACK, WHITE, or EMPTY for a draw (jigo); EMPTY for void */
    double margin;          /* points, for RESULT_POINTS (0 for a draw) */
    enum result_how how;
};

/* Parses a score or result: "B+3.5", "W+12", "B+R", "W+Resign", "B+T",
 * "W+Time", "B+F", "W+Forfeit", "0", "Jigo", "Draw", "Void" (case does not
 * matter; blanks around are ignored). False on anything else, and for a
 * margin that is negative, zero or not a number. */
bool result_parse(const char *text, struct result *r);

/* The SGF RE value: "B+3.5", "W+R", "W+T", "B+F", "0", "Void". */
void result_format(const struct result *r, char *out, size_t out_len);

/* Same result: same winner and kind, and for counted games the same margin. */
bool result_same(const struct result *a, const struct result *b);

#endif
