/* policy — the playout policy of the playouts tools, by name. */
#include "tools/playouts/policy.h"

#include <string.h>

#include "engine/playout_bt.h"
#include "tools/common/cli_num.h"

bool tool_policy_known(const char *name)
{
    return strcmp(name, "bt") == 0 || strcmp(name, "light") == 0;
}

bool tool_policy_rate_option(const char *opt, const char *v, struct tool_policy_rates *r,
                             bool *ok)
{
    double *slot = strcmp(opt, "--atari") == 0    ? &r->atari
                   : strcmp(opt, "--races") == 0  ? &r->races
                   : strcmp(opt, "--nakade") == 0 ? &r->nakade
                                                  : NULL;
    if (strcmp(opt, "--atari-ladder") == 0) {
        long on = 0;
        *ok = cli_parse_long(v, 0, 1, &on);
        r->atari_ladder = on == 1;
        return true;
    }
    if (!slot)
        return false;
    *ok = cli_parse_real(v, 0, 1, slot);
    return true;
}

void tool_policy_rates_print(FILE *f, const struct tool_policy_rates *r)
{
    if (r->atari > 0)
        fprintf(f, ", atari %g", r->atari);
    if (r->races > 0)
        fprintf(f, ", races %g", r->races);
    if (r->nakade > 0)
        fprintf(f, ", nakade %g", r->nakade);
    if (r->atari_ladder)
        fprintf(f, ", atari ladder");
}

bool tool_policy_make(const char *name, const struct pat_gammas *table, double capture,
                      const struct tool_policy_rates *rates, struct playout_policy *out)
{
    if (strcmp(name, "bt") != 0) {
        *out = playout_light();
        return true;
    }
    if (!playout_bt_new(out, table ? table : playout_bt_default_gammas()))
        return false;
    playout_bt_set_capture_floor(out, capture);
    if (rates) {
        playout_bt_set_atari(out, rates->atari);
        playout_bt_set_races(out, rates->races);
        playout_bt_set_nakade(out, rates->nakade);
        playout_bt_set_atari_ladder(out, rates->atari_ladder);
    }
    return true;
}
