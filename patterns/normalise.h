/* normalise — gives a gamma table's scale a meaning without changing what it
 * predicts among board moves.
 *
 * A feature that every board move carries (libs, near, area, weak, reach,
 * stage, pat3; dist1..dist4 whenever that earlier move was a board move) can
 * be scaled by any constant: the board moves' probabilities relative to each
 * other do not change, only the pass, which carries none of them, loses or
 * gains against all of them. Trained on records without passes, MM drifts
 * along exactly these directions (the pass only ever loses), so such a
 * feature's gammas say nothing on their own. Normalising fixes the geometric
 * mean of each such feature's trained gammas to 1 (as Coulom 2007's Elo
 * ratings fix a zero), and multiplies the pass's gammas by the same factors,
 * so every probability stays what it was: exactly when the last four moves
 * were board moves, and up to the skipped dist2..dist4 factor in the few
 * positions with a pass among the second to fourth last moves (a pass then
 * gets its own fit: see hane-train --calibrate-pass). Features a board move
 * may lack (capture, extend, atari, selfatari, large) keep their scale: their
 * absent value's gamma of 1 fixes it already. edge is the exception: area's
 * values repeat its lines, so its scale drifts against area's; when both are
 * rated, edge is folded into area (edge's gammas become 1, area's line 1..3
 * values take them on), which predicts the same. */
#ifndef HANE_PATTERNS_NORMALISE_H
#define HANE_PATTERNS_NORMALISE_H

#include "patterns/gammas.h"

/* Normalises `t` in place; scale[f] (if not NULL) receives the factor feature
 * f's gammas were multiplied by (1 for the features left alone). The
 * factors' vectors are untouched: the interaction does not depend on the
 * gammas. */
void pat_gammas_normalise(struct pat_gammas *t, double scale[PAT_NFEAT]);

/* Is feature f one that every board move carries (dist1..dist4: when that
 * move was a board move)? */
bool pat_feature_always_carried(enum pat_feature f);

#endif
