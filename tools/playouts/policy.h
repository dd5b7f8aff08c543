/* policy — the playout policy a playouts tool runs, by name, as the engine
 * makes it (engine/search.c): "bt" with the capture floor, or "light". */
#ifndef HANE_TOOLS_PLAYOUTS_POLICY_H
#define HANE_TOOLS_PLAYOUTS_POLICY_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/playout.h"

/* Is `name` a policy tool_policy_make knows? */
bool tool_policy_known(const char *name);

struct pat_gammas;

/* The shares of the engine's playout answers (params.h: playout_atari,
 * playout_races, playout_nakade) a bt policy plays, 0 to 1, and
 * playout_atari_ladder; all off (the engine's defaults) when zeroed. */
struct tool_policy_rates {
    double atari, races, nakade;
    bool atari_ladder;
};

/* If `opt` is --atari, --races, --nakade (a number from 0 to 1) or
 * --atari-ladder (0 or 1), stores its value `v` in `r`, sets *ok to whether
 * it is one, and returns true; false (r untouched) for any other option. */
bool tool_policy_rate_option(const char *opt, const char *v, struct tool_policy_rates *r,
                             bool *ok);

/* Prints ", atari R" and the others that are not 0, for a tool's header. */
void tool_policy_rates_print(FILE *f, const struct tool_policy_rates *r);

/* Makes policy `name` (bt: with playout table `table`, NULL for the built-in
 * one, which must outlive the policy; every capture's gamma at least
 * `capture`, 0 = the table's own; the answers' shares `rates`, NULL = none).
 * False if memory runs out; release with out->release. */
bool tool_policy_make(const char *name, const struct pat_gammas *table, double capture,
                      const struct tool_policy_rates *rates, struct playout_policy *out);

#endif
