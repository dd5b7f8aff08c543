/* names — the tools' tables of enum names: the index of a name given on the
 * command line or in a file. Header-only, like cli_num.h. */
#ifndef HANE_TOOLS_COMMON_NAMES_H
#define HANE_TOOLS_COMMON_NAMES_H

#include <string.h>

/* The index of `s` in names[0..n) (exact match), or -1. */
static inline int names_find(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

#endif
