/* timectl — clocks and the per-move time budget. */
#include "engine/timectl.h"

#include <math.h>
#include <string.h>

/* The least a move may think even when the clock is nearly empty: enough for a
 * few hundred playouts, far below any period a server allows. */
#define MIN_THINK 0.02

static void reset_clocks(struct time_control *tc)
{
    for (int c = 0; c < 3; c++) {
        struct time_clock *k = &tc->clock[c];
        k->main_left = tc->main_time;
        k->period_left = tc->period_time;
        k->stones_left = tc->system == TIME_CANADIAN ? tc->period_stones : tc->periods;
        k->known = false;
    }
}

void timectl_init(struct time_control *tc)
{
    memset(tc, 0, sizeof *tc);
    tc->system = TIME_NONE;
}

bool timectl_settings(struct time_control *tc, double main_time, double byo_time, int byo_stones)
{
    if (!(main_time >= 0) || !(byo_time >= 0) || byo_stones < 0 || isinf(main_time) ||
        isinf(byo_time))
        return false;
    if (byo_time > 0 && byo_stones == 0)
        timectl_set(tc, TIME_NONE, 0, 0, 0);       /* GTP: no time limit */
    else if (byo_time == 0 && main_time == 0)
        timectl_set(tc, TIME_NONE, 0, 0, 0);       /* "0 0 0": controllers mean no limit */
    else if (byo_time == 0)
        timectl_set(tc, TIME_ABSOLUTE, main_time, 0, 0);
    else
        timectl_set(tc, TIME_CANADIAN, main_time, byo_time, byo_stones);
    return true;
}

void timectl_set(struct time_control *tc, enum time_system sys, double main_time,
                 double period_time, int periods_or_stones)
{
    tc->system = sys;
    tc->main_time = main_time > 0 ? main_time : 0;
    tc->period_time = period_time > 0 ? period_time : 0;
    tc->period_stones = sys == TIME_CANADIAN ? periods_or_stones : 0;
    tc->periods = sys == TIME_BYOYOMI ? periods_or_stones : 0;
    /* A byo-yomi or Canadian system with no periods is absolute time. */
    if ((sys == TIME_BYOYOMI || sys == TIME_CANADIAN) &&
        (periods_or_stones <= 0 || period_time <= 0))
        tc->system = TIME_ABSOLUTE;
    reset_clocks(tc);
}

void timectl_left(struct time_control *tc, enum color c, double seconds, int stones)
{
    if (c != BLACK && c != WHITE)
        return;
    struct time_clock *k = &tc->clock[c];
    if (!(seconds >= 0) || isinf(seconds))
        seconds = 0;
    k->known = true;
    if (stones <= 0 || tc->system == TIME_ABSOLUTE || tc->system == TIME_NONE) {
        /* GTP: stones 0 means the time is main time. */
        k->main_left = seconds;
        k->period_left = tc->period_time;
        k->stones_left = tc->system == TIME_CANADIAN ? tc->period_stones : tc->periods;
    } else {
        k->main_left = 0;
        k->period_left = seconds;
        k->stones_left = stones;
    }
}

void timectl_spent(struct time_control *tc, enum color c, double seconds)
{
    if (tc->system == TIME_NONE || (c != BLACK && c != WHITE) || !(seconds >= 0))
        return;
    struct time_clock *k = &tc->clock[c];
    if (k->main_left > 0) {
        if (seconds <= k->main_left) {
            k->main_left -= seconds;
            return;
        }
        seconds -= k->main_left;
        k->main_left = 0;
        if (tc->system == TIME_ABSOLUTE)
            return;
    } else if (tc->system == TIME_ABSOLUTE) {
        return;
    }
    if (tc->system == TIME_BYOYOMI) {
        /* Each overrun of a full period costs one period; the next starts full. */
        while (seconds > tc->period_time && k->stones_left > 1) {
            seconds -= tc->period_time;
            k->stones_left--;
        }
        k->period_left = tc->period_time;
    } else {                                   /* Canadian */
        k->period_left -= seconds;
        if (--k->stones_left <= 0 && k->period_left > 0) {
            k->period_left = tc->period_time;
            k->stones_left = tc->period_stones;
        }
        if (k->period_left < 0)
            k->period_left = 0;
    }
}

/* Moves this side still expects to play: a game lasts about 0.8 moves per point
 * (both colours), and however late it is we assume a reserve of moves to come,
 * so an unexpectedly long game never runs the clock dry. */
static double moves_to_go(int moves_played, int board_points)
{
    double total = 0.8 * board_points;
    double left = (total - moves_played) / 2;
    double reserve = board_points / 5.0 + 5;
    return left > reserve ? left : reserve;
}

/* Weight of a move by game phase: 0.6 in the opening and the late endgame,
 * peaking at 1.2 in the middle game where decisions matter most; its mean over
 * the expected game is 1, so the plan still adds up to the clock. */
static double phase_factor(int moves_played, int board_points)
{
    double ph = moves_played / (0.8 * board_points);
    if (ph > 1)
        ph = 1;
    return 0.6 + 2.4 * ph * (1 - ph);
}

static double clampd(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

bool timectl_saves_bank(const struct time_control *tc, enum color c)
{
    if (tc->system == TIME_NONE || (c != BLACK && c != WHITE))
        return false;
    if (tc->system == TIME_ABSOLUTE || tc->system == TIME_CANADIAN)
        return true;
    return tc->clock[c].main_left > 0;
}

void timectl_budget(const struct time_control *tc, const struct params *p, enum color c,
                    int moves_played, int board_points, double *soft, double *hard,
                    int64_t *playouts)
{
    *soft = *hard = 0;
    *playouts = 0;
    if (tc->system == TIME_NONE || (c != BLACK && c != WHITE)) {
        *playouts = p->playouts;
        *soft = *hard = p->time_per_move;
        if (*playouts <= 0 && *soft <= 0)
            *playouts = 10000;                 /* neither set: a sane default */
        return;
    }
    const struct time_clock *k = &tc->clock[c];
    double margin = p->time_margin;
    double ml = moves_to_go(moves_played, board_points);
    double f = phase_factor(moves_played, board_points);
    double s, h;
    if (tc->system == TIME_ABSOLUTE || k->main_left > 0) {
        double avail = k->main_left - margin;
        if (avail < 0)
            avail = 0;
        /* 0.8: the search stretches some moves towards `hard` when the best
         * move is unclear; planning at 80% leaves room for that. */
        s = 0.8 * avail / ml * f;
        h = fmin(s * 2, avail * 0.2);
        double over = 0;  /* what the period system allows past the main time */
        if (tc->system == TIME_BYOYOMI)
            over = tc->period_time - margin;
        else if (tc->system == TIME_CANADIAN)
            over = (tc->period_time - margin) / (tc->period_stones > 0 ? tc->period_stones : 1);
        if (over > 0) {
            s += 0.5 * over;
            h = fmax(h, fmin(s * 2, k->main_left + over - margin));
            h = fmin(h, k->main_left + over - margin);
        }
    } else if (tc->system == TIME_BYOYOMI) {
        double left = k->period_left > 0 ? k->period_left : tc->period_time;
        h = left - margin - 0.2;
        s = h * 0.7;
    } else {                                   /* Canadian period */
        /* Every stone still to play in the period keeps its own margin and at
         * least 60% of an even share, so one long move cannot starve the rest. */
        int st = k->stones_left > 0 ? k->stones_left : 1;
        /* A fast period (5 s for 25 stones) cannot afford the full margin per stone. */
        double m = fmin(margin, 0.3 * tc->period_time / (tc->period_stones > 0 ? tc->period_stones : 1));
        double per = k->period_left / st - m;
        s = per * 0.85;
        h = fmin(2 * per, k->period_left - st * m - (st - 1) * 0.6 * per);
    }
    h = clampd(h, MIN_THINK, 1e9);
    s = clampd(s, MIN_THINK, h);
    *soft = s;
    *hard = h;
}
