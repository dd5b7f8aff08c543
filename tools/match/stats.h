/* stats — the statistics of a match: Wilson score interval for a win rate
 * and the Elo difference it implies (logistic model, 400-point scale).
 */
#ifndef MATCH_STATS_H
#define MATCH_STATS_H

/* z for a two-sided 95% interval. */
#define STATS_Z95 1.959963984540054

/* Wilson score interval for `score` successes in `n` trials (a draw counts
 * as half a success) at normal quantile `z`. For n = 0 the interval is [0, 1].
 * Unlike the normal approximation it stays inside [0, 1] and is not empty at
 * 0% or 100%. */
void stats_wilson(double score, int n, double z, double *lo, double *hi);

/* Elo difference of a player who scores `p` (0..1) against another:
 * -400 log10(1/p - 1). -INFINITY at 0, +INFINITY at 1. */
double stats_elo(double p);

#endif
