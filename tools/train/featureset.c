/* featureset — the named feature sets of --features. */
#include "tools/train/featureset.h"

#include <stdio.h>
#include <string.h>

#include "patterns/features.h"

/* Coulom 2007 ("Computing Elo Ratings of Move Patterns in the Game of Go")
 * rated pass, capture, extension, atari, self-atari, distance to the border,
 * distance to the previous move and to the one before, Monte-Carlo owner and
 * shape patterns. hane has each of them but the Monte-Carlo owner; its value
 * levels differ in places (docs/notes/patterns.md). */
static const unsigned coulom2007 =
    1u << PAT_F_PASS | 1u << PAT_F_CAPTURE | 1u << PAT_F_EXTEND | 1u << PAT_F_ATARI
    | 1u << PAT_F_SELFATARI | 1u << PAT_F_EDGE | 1u << PAT_F_DIST1 | 1u << PAT_F_DIST2
    | 1u << PAT_F_PAT3 | 1u << PAT_F_LARGE;

bool train_feature_set(const char *name, unsigned *disabled)
{
    if (strcmp(name, "all") == 0)
        return true;
    if (strcmp(name, "coulom2007") == 0) {
        *disabled |= ((1u << PAT_NFEAT) - 1) & ~coulom2007;
        return true;
    }
    fprintf(stderr, "hane-train: --features: unknown set \"%s\" (all, coulom2007)\n", name);
    return false;
}
