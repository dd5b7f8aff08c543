/* cli_usage — the usage error of the command-line tools that take a message
 * and the argument at fault (hane-balance, hane-calibrate, hane-playouts):
 * "PROG: MSG 'ARG'" on stderr, then the program's usage text, exit status 2.
 * Header-only, like cli_num.h: the programs have no library of their own. */
#ifndef HANE_CLI_USAGE_H
#define HANE_CLI_USAGE_H

#include <stdio.h>
#include <stdlib.h>

/* msg may be NULL (usage text only), arg NULL (no quoted argument). */
static inline _Noreturn void cli_usage_exit(const char *prog, void (*print_usage)(FILE *),
                                            const char *msg, const char *arg)
{
    if (msg)
        fprintf(stderr, "%s: %s%s%s%s\n", prog, msg, arg ? " '" : "", arg ? arg : "",
                arg ? "'" : "");
    print_usage(stderr);
    exit(2);
}

#endif
