/* policy — the playout policy of the playouts tools, by name. */
#include "tools/playouts/policy.h"

#include <string.h>

#include "engine/playout_bt.h"

bool tool_policy_known(const char *name)
{
    return strcmp(name, "bt") == 0 || strcmp(name, "light") == 0;
}

bool tool_policy_make(const char *name, const struct pat_gammas *table, double capture,
                      struct playout_policy *out)
{
    if (strcmp(name, "bt") != 0) {
        *out = playout_light();
        return true;
    }
    if (!playout_bt_new(out, table ? table : playout_bt_default_gammas()))
        return false;
    playout_bt_set_capture_floor(out, capture);
    return true;
}
