/* eval — move-prediction accuracy of a gamma table on held-out games: top-k
 * rates, the cumulative curve (CSV and a gnuplot PNG) and the mean log
 * probability of the played move. */
#ifndef HANE_TRAIN_EVAL_H
#define HANE_TRAIN_EVAL_H

#include <stdbool.h>
#include <stddef.h>

#include "patterns/gammas.h"
#include "tools/train/corpus.h"

#define EVAL_MAXK 100

/* The parts of the evaluation (phase.h): by move number, and the passes. */
enum { EVAL_PART_OPENING, EVAL_PART_MIDDLE, EVAL_PART_LATE, EVAL_PART_PASSES,
       EVAL_PART_FIRST_PASS, EVAL_NPARTS };
struct eval_part {
    size_t positions;
    double cum[EVAL_MAXK + 1];
    double log_evidence;   /* the sum of ln P(played move) */
};

struct eval_result {
    size_t games, positions;
    /* cum[k]: expected number of positions whose played move ranks within the
     * top k (ties are broken uniformly at random, in expectation) */
    double cum[EVAL_MAXK + 1];
    double log_evidence;   /* mean ln P(played move) */
    struct eval_part part[EVAL_NPARTS];
};

void train_eval(const struct corpus *c, const struct pat_gammas *t, unsigned disabled,
                int threads, struct eval_result *r, bool quiet);

static inline double eval_top(const struct eval_result *r, int k)
{
    return r->positions ? r->cum[k] / (double)r->positions : 0;
}

/* Writes the curve k = 1..EVAL_MAXK as CSV ("k,top_k") and, through gnuplot, as a
 * PNG (skipped with a warning when gnuplot is missing). False on a write error. */
bool eval_write_curve(const struct eval_result *r, const char *csv, const char *png,
                      const char *title);

#endif
