/* policy — the playout policy a playouts tool runs, by name, as the engine
 * makes it (engine/search.c): "bt" with the capture floor, or "light". */
#ifndef HANE_TOOLS_PLAYOUTS_POLICY_H
#define HANE_TOOLS_PLAYOUTS_POLICY_H

#include <stdbool.h>

#include "engine/playout.h"

/* Is `name` a policy tool_policy_make knows? */
bool tool_policy_known(const char *name);

struct pat_gammas;

/* Makes policy `name` (bt: with playout table `table`, NULL for the built-in
 * one, which must outlive the policy; every capture's gamma at least
 * `capture`, 0 = the table's own). False if memory runs out; release with
 * out->release. */
bool tool_policy_make(const char *name, const struct pat_gammas *table, double capture,
                      struct playout_policy *out);

#endif
