/* main — bin/hane: reads parameters from the command line (key=value and
 * config=FILE, applied in order so later ones win) and speaks GTP on stdin and
 * stdout. stdout carries nothing but GTP replies; diagnostics go to stderr.
 */
#include <stdio.h>

#include "gtp/gtp.h"
#include "gtp/gtp_internal.h"

int main(int argc, char **argv)
{
    struct params p;
    int rc = gtp_main_args("hane", argc, argv, &p, NULL);
    if (rc >= 0)
        return rc;
    char err[600];
    struct gtp *g = gtp_new(&p, stdout, NULL, err, sizeof err);
    if (!g) {
        fprintf(stderr, "hane: %s\n", err);
        return 1;
    }
    bool ok = gtp_run(g, stdin);
    gtp_free(g);
    return ok ? 0 : 1;
}
