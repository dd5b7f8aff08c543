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
    /* At p = 0 (1) the lower (upper) end is exactly 0 (1); rounding would
     * leave a hair that turns into an absurd finite Elo bound. */
    if (*lo < 0 || score <= 0)
        *lo = 0;
    if (*hi > 1 || score >= n)
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
