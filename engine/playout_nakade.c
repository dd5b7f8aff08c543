/* playout_nakade — the vital point of a small eye space; see playout_nakade.h. */
#include "engine/playout_nakade.h"

#define NAKADE_MAX 6

/* Floods the empty region of `first` into reg (at most NAKADE_MAX points),
 * giving up (0) as soon as it is larger or touches a stone of a colour other
 * than *owner; an *owner of EMPTY becomes the colour of the first stone met.
 * In an open position that is within a few points. Returns the size. */
static int flood(const struct board *b, point first, enum color *owner, point reg[NAKADE_MAX])
{
    const int *o = b->geom->offs;
    int n = 0;
    reg[n++] = first;
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < 4; i++) {
            point q = reg[k] + o[i];
            enum color qc = (enum color)b->color[q];
            if (qc == EMPTY) {
                bool seen = false;
                for (int j = 0; j < n && !seen; j++)
                    seen = reg[j] == q;
                if (!seen) {
                    if (n == NAKADE_MAX)
                        return 0;
                    reg[n++] = q;
                }
            } else if (qc != OFFBOARD) {
                if (*owner == EMPTY)
                    *owner = qc;
                else if (qc != *owner)
                    return 0;
            }
        }
    }
    return *owner == EMPTY ? 0 : n;
}

point playout_nakade_point(const struct board *b, point last)
{
    if (last <= 0)
        return 0;
    enum color owner = (enum color)b->color[last];
    if (owner != BLACK && owner != WHITE)
        return 0;
    const int *o = b->geom->offs;
    point first = 0;
    for (int i = 0; i < 4 && !first; i++)
        if (b->color[last + o[i]] == EMPTY)
            first = last + o[i];
    if (!first)
        return 0;
    point reg[NAKADE_MAX];
    int n = flood(b, first, &owner, reg);
    /* Every empty neighbour of `last` is in the region (else `last` stands
     * between two spaces, and neither is a single eye space it closed). */
    for (int i = 0; i < 4 && n > 0; i++) {
        point q = last + o[i];
        if (b->color[q] != EMPTY)
            continue;
        bool in = false;
        for (int j = 0; j < n && !in; j++)
            in = reg[j] == q;
        if (!in)
            return 0;
    }
    return board_nakade_vital(b, reg, n);
}

bool playout_nakade_is_vital(const struct board *b, point p)
{
    if (p <= 0 || b->color[p] != EMPTY)
        return false;
    enum color owner = EMPTY;
    point reg[NAKADE_MAX];
    int n = flood(b, p, &owner, reg);
    return n > 0 && board_nakade_vital(b, reg, n) == p;
}
