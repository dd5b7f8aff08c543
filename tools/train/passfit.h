/* passfit — the pass's gammas from games in which players pass.
 *
 * Given the gammas of the board moves, the pass after a move (pass value 1)
 * and after a pass (value 2) each have one gamma, fitted by Coulom's MM update
 * with the trainer's prior (one win and one loss against gamma 1) over every
 * position of the games: a position contributes the total strength of its
 * legal board moves and whether the pass was played. Only the pass changes,
 * so the board moves keep their order and the pass becomes as likely as the
 * records make it where players pass (the end of a game) and where they do
 * not. */
#ifndef HANE_TRAIN_PASSFIT_H
#define HANE_TRAIN_PASSFIT_H

#include <stdbool.h>
#include <stddef.h>

#include "patterns/gammas.h"
#include "tools/train/corpus.h"

struct passfit_report {
    size_t positions, passes[3], first_passes;
    double before[3], after[3];        /* the pass gammas, by pass value */
    /* mean ln P of the played first passes, and of every played move, on the
     * fitting games, with the gammas before and after */
    double first_before, first_after, all_before, all_after;
};

/* Fits t's pass gammas on the games of `c` (loaded). False if memory runs out. */
bool train_pass_fit(const struct corpus *c, struct pat_gammas *t, bool quiet,
                    struct passfit_report *r);

#endif
