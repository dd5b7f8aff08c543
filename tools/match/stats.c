/* stats — Wilson interval and Elo; see stats.h. */
#include "tools/match/stats.h"

#include <math.h>

void stats_wilson(double score, int n, double z, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double p = score / n;
    double z2n = z * z / n;
    double center = (p + z2n / 2) / (1 + z2n);
    double half = z / (1 + z2n) * sqrt(p * (1 - p) / n + z2n / (4.0 * n));
    *lo = center - half;
    *hi = center + half;
    /* Rounding can push the ends a hair outside [0, 1] at p = 0 or 1. */
    if (*lo < 0)
        *lo = 0;
    if (*hi > 1)
        *hi = 1;
}

double stats_elo(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}
