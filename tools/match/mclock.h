/* mclock — the referee's game clocks: absolute (sudden death), Japanese
 * byo-yomi and Canadian overtime. The referee, not the engine, decides when a
 * flag falls; the engines are told their remaining time with GTP time_left.
 *
 * Time specs (command line and make variables):
 *   none         no clock (engines use their own budget; a per-move timeout
 *                still guards against hangs)
 *   M            M seconds sudden death                          ("60")
 *   M+PxT        M seconds main time, then P byo-yomi periods of T s ("60+5x10")
 *   M+T/S        M seconds main time, then T s for every S stones ("0+1/1" = 1 s/move)
 */
#ifndef MATCH_MCLOCK_H
#define MATCH_MCLOCK_H

#include <stdbool.h>
#include <stddef.h>

enum mclock_system { MCLOCK_NONE, MCLOCK_ABSOLUTE, MCLOCK_BYOYOMI, MCLOCK_CANADIAN };

struct mclock_settings {
    enum mclock_system sys;
    double main_time;       /* seconds */
    double period_time;     /* byo-yomi period / Canadian period, seconds */
    int count;              /* byo-yomi: periods; Canadian: stones per period */
};

/* One player's clock during a game. */
struct mclock {
    struct mclock_settings s;
    double main_left;       /* seconds of main time left */
    double period_left;     /* Canadian: seconds left in the current period */
    int count_left;         /* byo-yomi: periods left; Canadian: stones left in the period */
    double used;            /* total seconds charged (after lag allowance) */
};

/* Parses a time spec as above; false with a message on bad input. */
bool mclock_parse(const char *spec, struct mclock_settings *s, char *err, size_t err_len);

/* Writes the spec back in the syntax mclock_parse reads. */
void mclock_format(const struct mclock_settings *s, char *out, size_t out_len);

void mclock_start(struct mclock *c, const struct mclock_settings *s);

/* The most a move may take from now, in seconds, before the flag falls
 * (infinite for MCLOCK_NONE). The lag allowance is not included. */
double mclock_allowance(const struct mclock *c);

/* Charges a move that took `seconds`, of which up to `lag` are forgiven as
 * transmission and process overhead. Returns false if the flag fell. */
bool mclock_charge(struct mclock *c, double seconds, double lag);

/* Arguments of GTP "time_left COLOR T S" for this clock: during main time
 * T = main time left and S = 0; in byo-yomi, with the KGS convention, T = one
 * period and S = periods left (`kgs` true) or, for engines that only know GTP
 * time_settings (told Canadian with one stone per period), T = one period and
 * S = 1; in Canadian overtime T = period time left and S = stones left. */
void mclock_time_left(const struct mclock *c, bool kgs, double *seconds, int *stones);

/* The command that tells an engine the time system: "kgs-time_settings ..."
 * when `kgs` (the engine lists it), else the closest "time_settings ...".
 * Empty string for MCLOCK_NONE. */
void mclock_settings_command(const struct mclock_settings *s, bool kgs, char *out, size_t out_len);

/* SGF TM (main time) and OT (overtime) property values. */
void mclock_sgf(const struct mclock_settings *s, double *tm, char *ot, size_t ot_len);

#endif
