/* timectl — how long to think: a playout budget, a fixed time per move, or a
 * game clock (absolute, byo-yomi, Canadian) set by GTP time_settings,
 * kgs-time_settings and time_left. Decides a soft and a hard limit for each
 * move; the search may stop between them when the best move cannot change.
 * The clock holds only what the controller sets; the budget without a clock
 * and the margin kept back are parameters (params.h), read at each move, so
 * that a parameter changed between moves needs no copying here.
 */
#ifndef HANE_TIMECTL_H
#define HANE_TIMECTL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/board/board.h"
#include "engine/params.h"

enum time_system { TIME_NONE, TIME_ABSOLUTE, TIME_BYOYOMI, TIME_CANADIAN };

struct time_clock {
    double main_left;       /* seconds of main time left */
    double period_left;     /* seconds left in the current byo-yomi/Canadian period */
    int stones_left;        /* Canadian: stones to play in this period; byo-yomi: periods left */
    bool known;             /* set by time_left */
};

struct time_control {
    enum time_system system;
    double main_time;       /* seconds */
    double period_time;     /* byo-yomi period or Canadian period, seconds */
    int period_stones;      /* Canadian stones per period */
    int periods;            /* byo-yomi periods */
    struct time_clock clock[3];  /* by colour */
};

/* No clock: each move gets the parameters' playouts or time_per_move. */
void timectl_init(struct time_control *tc);

/* GTP time_settings main_time byo_yomi_time byo_yomi_stones (Canadian; byo 0 = absolute;
 * byo_time > 0 with stones 0 = no time limit). False if a value is negative. */
bool timectl_settings(struct time_control *tc, double main_time, double byo_time, int byo_stones);
/* kgs-time_settings none | absolute M | byoyomi M P N | canadian M P S */
void timectl_set(struct time_control *tc, enum time_system sys, double main_time,
                 double period_time, int periods_or_stones);
/* GTP time_left colour time stones. */
void timectl_left(struct time_control *tc, enum color c, double seconds, int stones);

/* Books `seconds` of thinking by `c` on its clock (the search calls it after each
 * genmove), so the clock stays roughly right even when the controller never sends
 * time_left; a later time_left overrides it. No-op without a clock. */
void timectl_spent(struct time_control *tc, enum color c, double seconds);

/* Would time that `c` saves on its next move be there for later moves? Yes
 * in main time and in a Canadian period; no with a fixed time or playouts
 * per move and in a byo-yomi period (what a move leaves of those is lost). */
bool timectl_saves_bank(const struct time_control *tc, enum color c);

/* Limits for the next move of `c`: soft (aim) and hard (never exceed) seconds, or
 * both 0 when the budget is playouts. Without a clock they are p's playouts
 * and time_per_move; with one, p's time_margin is kept back. `moves_played`
 * and `board_points` let the manager spend more in the middle game. */
void timectl_budget(const struct time_control *tc, const struct params *p, enum color c,
                    int moves_played, int board_points, double *soft, double *hard,
                    int64_t *playouts);

#endif
