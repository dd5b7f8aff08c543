/* cmd_time — the clock commands: time_settings, time_left, kgs-time_settings. */
#include <string.h>
#include <strings.h>

#include "gtp/gtp_internal.h"

/* A week: more than any game's clock, small enough to stay exact in a double. */
#define MAX_SECONDS (7.0 * 24 * 3600)

enum gtp_status gtp_cmd_time_settings(struct gtp *g, struct gtp_cmd *c)
{
    double main_time, byo_time;
    long stones;
    if (!gtp_arg_number(c, 0, 0, MAX_SECONDS, "main time in seconds", &main_time, &g->text) ||
        !gtp_arg_number(c, 1, 0, MAX_SECONDS, "byo-yomi time in seconds", &byo_time, &g->text) ||
        !gtp_arg_int(c, 2, 0, 100000, "byo-yomi stones", &stones, &g->text))
        return GTP_FAIL;
    if (!timectl_settings(&g->tc, main_time, byo_time, (int)stones))
        return gtp_fail(g, "syntax error: time settings %g %g %ld refused", main_time, byo_time,
                        stones);
    return GTP_OK;
}

enum gtp_status gtp_cmd_time_left(struct gtp *g, struct gtp_cmd *c)
{
    enum color col;
    double t;
    long stones;
    /* Controllers may report a slightly negative time after lag. */
    if (!gtp_arg_color(c, 0, &col, &g->text) ||
        !gtp_arg_number(c, 1, -MAX_SECONDS, MAX_SECONDS, "time left in seconds", &t, &g->text) ||
        !gtp_arg_int(c, 2, 0, 100000, "stones", &stones, &g->text))
        return GTP_FAIL;
    timectl_left(&g->tc, col, t < 0 ? 0 : t, (int)stones);
    return GTP_OK;
}

/* kgs-time_settings none | absolute M | byoyomi M P N | canadian M P S */
enum gtp_status gtp_cmd_kgs_time_settings(struct gtp *g, struct gtp_cmd *c)
{
    static const struct {
        const char *name;
        enum time_system sys;
        int args;
    } SYSTEMS[] = {
        {"none", TIME_NONE, 0},
        {"absolute", TIME_ABSOLUTE, 1},
        {"byoyomi", TIME_BYOYOMI, 3},
        {"canadian", TIME_CANADIAN, 3},
    };
    char q[200];
    for (size_t i = 0; i < sizeof SYSTEMS / sizeof SYSTEMS[0]; i++) {
        if (strcasecmp(c->argv[0], SYSTEMS[i].name))
            continue;
        if (c->argc != 1 + SYSTEMS[i].args)
            return gtp_fail(g, "syntax error: kgs-time_settings %s takes %d arguments, got %d",
                            SYSTEMS[i].name, SYSTEMS[i].args, c->argc - 1);
        double main_time = 0, period = 0;
        long count = 0;
        if (SYSTEMS[i].args >= 1 &&
            !gtp_arg_number(c, 1, 0, MAX_SECONDS, "main time in seconds", &main_time, &g->text))
            return GTP_FAIL;
        if (SYSTEMS[i].args == 3 &&
            (!gtp_arg_number(c, 2, 0, MAX_SECONDS, "period time in seconds", &period, &g->text) ||
             !gtp_arg_int(c, 3, 0, 100000,
                          SYSTEMS[i].sys == TIME_BYOYOMI ? "periods" : "stones per period",
                          &count, &g->text)))
            return GTP_FAIL;
        timectl_set(&g->tc, SYSTEMS[i].sys, main_time, period, (int)count);
        return GTP_OK;
    }
    gtp_quote(q, sizeof q, c->argv[0], 40);
    return gtp_fail(g, "syntax error: expected a time system (none, absolute, byoyomi, canadian), got '%s'",
                    q);
}
