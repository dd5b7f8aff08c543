/* cli_num — strict number arguments for the command-line tools (hane-match,
 * hane-train, hane-bench and the ports): the whole word must be the number, in range, or
 * the caller prints its usage error. Header-only: two small functions that
 * several programs share, with no library of their own to link. */
#ifndef HANE_CLI_NUM_H
#define HANE_CLI_NUM_H

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

/* A decimal integer in [lo, hi] ("12", "-3"; not "12x", "", " 12"). */
static inline bool cli_parse_long(const char *s, long lo, long hi, long *out)
{
    if (isspace((unsigned char)*s))     /* strtol would skip it */
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* A decimal integer in [lo, hi] of the whole unsigned 64-bit range (seeds);
 * no sign ("-1" is refused, not wrapped round). */
static inline bool cli_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!isdigit((unsigned char)*s))
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* A finite number in [lo, hi] ("0.5", "1e3"; not "nan", "inf", "1,5"). */
static inline bool cli_parse_real(const char *s, double lo, double hi, double *out)
{
    if (isspace((unsigned char)*s))
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !isfinite(v) || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

#endif
