/* cli_args — the walk over argv that hane-balance, hane-calibrate and
 * hane-playouts share: options, each "--NAME VALUE", stand anywhere among the
 * operands (records, vertices), and "--help" or "-h" prints the usage on
 * stdout and exits 0. Which options exist is the caller's to decide.
 * Header-only, like cli_num.h and cli_usage.h. */
#ifndef HANE_CLI_ARGS_H
#define HANE_CLI_ARGS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/common/cli_usage.h"

/* The word at argv[*i], *i moved past it (and past its value). An operand
 * comes back with *value NULL, an option with *value its argument; an option
 * with nothing after it is a usage error. NULL once argv is done. */
static inline char *cli_args_next(const char *prog, void (*print_usage)(FILE *), int argc,
                                  char **argv, int *i, const char **value)
{
    *value = NULL;
    if (*i >= argc)
        return NULL;
    char *a = argv[(*i)++];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
        print_usage(stdout);
        exit(0);
    }
    if (a[0] != '-' || a[1] != '-')
        return a;
    if (*i >= argc)
        cli_usage_exit(prog, print_usage, "missing value after", a);
    *value = argv[(*i)++];
    return a;
}

/* The next option, as cli_args_next, with the operands met on the way
 * appended to operands[*n_operands] in their order: with operands = argv + 1
 * the records gather at the front of argv. NULL once argv is done. */
static inline char *cli_args_next_option(const char *prog, void (*print_usage)(FILE *),
                                         int argc, char **argv, int *i, const char **value,
                                         char **operands, int *n_operands)
{
    char *a;
    while ((a = cli_args_next(prog, print_usage, argc, argv, i, value)) && !*value)
        operands[(*n_operands)++] = a;
    return a;
}

/* "PROG: bad value 'V' for OPTION", then the usage; exit status 2. */
static inline _Noreturn void cli_bad_value(const char *prog, void (*print_usage)(FILE *),
                                           const char *option, const char *v)
{
    fprintf(stderr, "%s: bad value '%s' for %s\n", prog, v, option);
    cli_usage_exit(prog, print_usage, NULL, NULL);
}

#endif
