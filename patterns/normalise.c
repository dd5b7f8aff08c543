/* normalise — the geometric mean of the always-carried features' gammas to 1. */
#include "patterns/normalise.h"

#include <math.h>

bool pat_feature_always_carried(enum pat_feature f)
{
    switch (f) {
    case PAT_F_LIBS: case PAT_F_NEAR: case PAT_F_AREA: case PAT_F_WEAK: case PAT_F_REACH:
    case PAT_F_STAGE: case PAT_F_PAT3:
    case PAT_F_DIST1: case PAT_F_DIST2: case PAT_F_DIST3: case PAT_F_DIST4:
        return true;
    default:
        return false;
    }
}

static bool rated(const struct pat_gammas *t, int f)
{
    for (int v = 1; v < t->n_values[f]; v++)
        if (t->gamma[f][v] != 1.0f)
            return true;
    return false;
}

/* edge rates lines 1..3, and area's value begins with the same line (1..5):
 * edge[l] times c and area's line-l values divided by c predict the same, so
 * MM drifts along that direction too (edge reached 3e7 in the 24 Nov table).
 * Folding edge into area keeps every probability and leaves edge at 1. */
static void fold_edge_into_area(struct pat_gammas *t)
{
    if (!rated(t, PAT_F_AREA) || !rated(t, PAT_F_EDGE))
        return;
    for (int line = 1; line <= 3 && line < t->n_values[PAT_F_EDGE]; line++) {
        for (int near = 1; near <= 5; near++) {
            int v = 1 + (line - 1) * 5 + (near - 1);
            if (v < t->n_values[PAT_F_AREA])
                t->gamma[PAT_F_AREA][v] *= t->gamma[PAT_F_EDGE][line];
        }
        t->gamma[PAT_F_EDGE][line] = 1.0f;
    }
}

void pat_gammas_normalise(struct pat_gammas *t, double scale[PAT_NFEAT])
{
    fold_edge_into_area(t);
    /* pass value 1 follows a board move (or none), value 2 a pass: only the
     * first has dist1 carried by every board move */
    double pass_after_move = 1, pass_after_pass = 1;
    for (int f = 0; f < PAT_NFEAT; f++) {
        double s = 1;
        if (pat_feature_always_carried((enum pat_feature)f)) {
            /* over the trained values: a gamma of exactly 1 was never moved
             * by MM (no data), and would pull the mean towards the old scale */
            double lsum = 0;
            int n = 0;
            for (int v = 1; v < t->n_values[f]; v++)
                if (t->gamma[f][v] != 1.0f) {
                    lsum += log(t->gamma[f][v]);
                    n++;
                }
            if (n)
                s = exp(-lsum / n);
            for (int v = 1; v < t->n_values[f]; v++)
                t->gamma[f][v] = (float)(t->gamma[f][v] * s);
            pass_after_move *= s;
            if (f != PAT_F_DIST1)
                pass_after_pass *= s;
        }
        if (scale)
            scale[f] = s;
    }
    if (t->n_values[PAT_F_PASS] > 1)
        t->gamma[PAT_F_PASS][1] = (float)(t->gamma[PAT_F_PASS][1] * pass_after_move);
    if (t->n_values[PAT_F_PASS] > 2)
        t->gamma[PAT_F_PASS][2] = (float)(t->gamma[PAT_F_PASS][2] * pass_after_pass);
}
