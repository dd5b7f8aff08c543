/* mclock — the referee's game clocks; see mclock.h. */
#include "tools/match/mclock.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a non-negative whole number of seconds or stones (GTP time commands
 * carry integers, so the specs do too); advances *s. */
static bool read_count(const char **s, long max, long *out)
{
    const char *p = *s;
    if (*p < '0' || *p > '9')
        return false;
    errno = 0;
    char *end;
    long v = strtol(p, &end, 10);
    if (errno || v < 0 || v > max)
        return false;
    *out = v;
    *s = end;
    return true;
}

bool mclock_parse(const char *spec, struct mclock_settings *s, char *err, size_t err_len)
{
    memset(s, 0, sizeof *s);
    if (strcmp(spec, "none") == 0 || strcmp(spec, "") == 0) {
        s->sys = MCLOCK_NONE;
        return true;
    }
    const long max_seconds = 10L * 24 * 3600;   /* ten days: anything longer is a typo */
    const char *p = spec;
    long main_time, period, count;
    if (!read_count(&p, max_seconds, &main_time))
        goto bad;
    if (*p == '\0') {
        if (main_time == 0) {
            snprintf(err, err_len, "time \"%s\": sudden death needs a positive main time", spec);
            return false;
        }
        s->sys = MCLOCK_ABSOLUTE;
        s->main_time = (double)main_time;
        return true;
    }
    if (*p++ != '+')
        goto bad;
    if (!read_count(&p, max_seconds, &period))
        goto bad;
    if (*p == 'x') {
        /* M+PxT: P periods of T seconds */
        p++;
        long periods = period;
        if (!read_count(&p, max_seconds, &period) || *p != '\0')
            goto bad;
        if (periods < 1 || periods > INT_MAX || period < 1) {
            snprintf(err, err_len, "time \"%s\": byo-yomi needs at least 1 period of at least 1 s", spec);
            return false;
        }
        s->sys = MCLOCK_BYOYOMI;
        s->count = (int)periods;
    } else if (*p == '/') {
        /* M+T/S: T seconds for S stones */
        p++;
        if (!read_count(&p, INT_MAX, &count) || *p != '\0')
            goto bad;
        if (count < 1 || period < 1) {
            snprintf(err, err_len, "time \"%s\": Canadian overtime needs at least 1 s for at least 1 stone", spec);
            return false;
        }
        s->sys = MCLOCK_CANADIAN;
        s->count = (int)count;
    } else {
        goto bad;
    }
    s->main_time = (double)main_time;
    s->period_time = (double)period;
    return true;
bad:
    snprintf(err, err_len,
             "time \"%s\" not understood %s%s%s: expected none, M (sudden death), "
             "M+PxT (byo-yomi) or M+T/S (Canadian), whole seconds", spec,
             *p ? "at \"" : "at its end", p, *p ? "\"" : "");
    return false;
}

void mclock_format(const struct mclock_settings *s, char *out, size_t out_len)
{
    switch (s->sys) {
    case MCLOCK_NONE:
        snprintf(out, out_len, "none");
        break;
    case MCLOCK_ABSOLUTE:
        snprintf(out, out_len, "%.0f", s->main_time);
        break;
    case MCLOCK_BYOYOMI:
        snprintf(out, out_len, "%.0f+%dx%.0f", s->main_time, s->count, s->period_time);
        break;
    case MCLOCK_CANADIAN:
        snprintf(out, out_len, "%.0f+%.0f/%d", s->main_time, s->period_time, s->count);
        break;
    }
}

void mclock_start(struct mclock *c, const struct mclock_settings *s)
{
    memset(c, 0, sizeof *c);
    c->s = *s;
    c->main_left = s->main_time;
    c->period_left = s->period_time;
    c->count_left = s->count;
}

double mclock_allowance(const struct mclock *c)
{
    switch (c->s.sys) {
    case MCLOCK_ABSOLUTE:
        return c->main_left;
    case MCLOCK_BYOYOMI:
        return c->main_left + c->count_left * c->s.period_time;
    case MCLOCK_CANADIAN:
        return c->main_left + c->period_left;
    case MCLOCK_NONE:
        break;
    }
    return INFINITY;
}

bool mclock_charge(struct mclock *c, double seconds, double lag)
{
    double t = seconds - lag;
    if (t < 0)
        t = 0;
    c->used += t;
    if (c->s.sys == MCLOCK_NONE)
        return true;
    if (t <= c->main_left) {
        c->main_left -= t;
        return true;
    }
    t -= c->main_left;
    c->main_left = 0;
    switch (c->s.sys) {
    case MCLOCK_ABSOLUTE:
        return false;
    case MCLOCK_BYOYOMI: {
        /* A move within one period costs nothing; each further started
         * period costs one. (0, T] -> 0 lost, (T, 2T] -> 1 lost, ... */
        int lost = t > 0 ? (int)ceil(t / c->s.period_time) - 1 : 0;
        if (lost >= c->count_left) {
            c->count_left = 0;
            return false;
        }
        c->count_left -= lost;
        return true;
    }
    case MCLOCK_CANADIAN:
        if (t > c->period_left) {
            c->period_left = 0;
            return false;
        }
        c->period_left -= t;
        if (--c->count_left == 0) {
            c->period_left = c->s.period_time;
            c->count_left = c->s.count;
        }
        return true;
    case MCLOCK_NONE:
        break;
    }
    return true;
}

void mclock_time_left(const struct mclock *c, bool kgs, double *seconds, int *stones)
{
    *seconds = 0;
    *stones = 0;
    switch (c->s.sys) {
    case MCLOCK_NONE:
        return;
    case MCLOCK_ABSOLUTE:
        *seconds = c->main_left;
        return;
    case MCLOCK_BYOYOMI:
        if (c->main_left > 0) {
            *seconds = c->main_left;
        } else {
            *seconds = c->s.period_time;
            *stones = kgs ? c->count_left : 1;
        }
        return;
    case MCLOCK_CANADIAN:
        if (c->main_left > 0) {
            *seconds = c->main_left;
        } else {
            *seconds = c->period_left;
            *stones = c->count_left;
        }
        return;
    }
}

void mclock_settings_command(const struct mclock_settings *s, bool kgs, char *out, size_t out_len)
{
    int m = (int)s->main_time, t = (int)s->period_time;
    switch (s->sys) {
    case MCLOCK_NONE:
        snprintf(out, out_len, "%s", "");
        break;
    case MCLOCK_ABSOLUTE:
        if (kgs)
            snprintf(out, out_len, "kgs-time_settings absolute %d", m);
        else
            snprintf(out, out_len, "time_settings %d 0 0", m);
        break;
    case MCLOCK_BYOYOMI:
        /* Plain GTP has no byo-yomi; one stone per period is the same
         * limit for every single move, if more cautious about the rest. */
        if (kgs)
            snprintf(out, out_len, "kgs-time_settings byoyomi %d %d %d", m, t, s->count);
        else
            snprintf(out, out_len, "time_settings %d %d 1", m, t);
        break;
    case MCLOCK_CANADIAN:
        if (kgs)
            snprintf(out, out_len, "kgs-time_settings canadian %d %d %d", m, t, s->count);
        else
            snprintf(out, out_len, "time_settings %d %d %d", m, t, s->count);
        break;
    }
}

void mclock_sgf(const struct mclock_settings *s, double *tm, char *ot, size_t ot_len)
{
    *tm = s->main_time;
    switch (s->sys) {
    case MCLOCK_BYOYOMI:
        snprintf(ot, ot_len, "%dx%.0f byo-yomi", s->count, s->period_time);
        break;
    case MCLOCK_CANADIAN:
        snprintf(ot, ot_len, "%d/%.0f Canadian", s->count, s->period_time);
        break;
    default:
        snprintf(ot, ot_len, "%s", "");
        break;
    }
}
