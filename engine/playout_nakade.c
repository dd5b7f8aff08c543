/* playout_nakade — the vital point of a small eye space; see playout_nakade.h. */
#include "engine/playout_nakade.h"

#include <stddef.h>

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

/* The eye space of `owner` that holds `first` (an empty point or a stone
 * of the other colour): the points reached through empty points and the
 * other colour's stones, stopped by owner's stones and the edge, into reg
 * (at most NAKADE_MAX points; 0 if larger). Strings of the other colour in
 * it are wholly in it, their liberties all inside. *stones counts them. */
static int flood_space(const struct board *b, point first, enum color owner,
                       point reg[NAKADE_MAX], int *stones)
{
    const int *o = b->geom->offs;
    int n = 0;
    *stones = 0;
    reg[n++] = first;
    for (int k = 0; k < n; k++) {
        *stones += b->color[reg[k]] != EMPTY;
        for (int i = 0; i < 4; i++) {
            point q = reg[k] + o[i];
            enum color qc = (enum color)b->color[q];
            if (qc == owner || qc == OFFBOARD)
                continue;
            bool seen = false;
            for (int j = 0; j < n && !seen; j++)
                seen = reg[j] == q;
            if (!seen) {
                if (n == NAKADE_MAX)
                    return 0;
                reg[n++] = q;
            }
        }
    }
    return n;
}

/* Does some string of `owner` around the space `reg` have a liberty that is
 * not in `keep` (the space's empty points, all of them or those given), or
 * fewer than `min_libs` liberties? The walls are the owner's strings next
 * to the space; with `keep` NULL only the count is asked. */
static bool wall_fails(const struct board *b, enum color owner, const point *reg, int n,
                       int min_libs, const point *keep, int n_keep)
{
    const int *o = b->geom->offs;
    for (int k = 0; k < n; k++)
        for (int i = 0; i < 4; i++) {
            point q = reg[k] + o[i];
            if (b->color[q] != (int)owner)
                continue;
            uint16_t sid = b->sid[q];
            int libs = b->str[sid].libs;
            if (libs < min_libs)
                return true;
            if (!keep)
                continue;
            int inside = 0;
            for (int j = 0; j < n_keep; j++)
                inside += board_string_touches(b, sid, keep[j]);
            if (inside != libs)
                return true;
        }
    return false;
}

/* The vital point of the space `reg` (empty points and the attacker's
 * stones, the attacker being the colour other than `owner`), when the
 * shape has one and it is empty: there the owner captures what is inside
 * and splits the space, and the attacker keeps it one eye, as in an empty
 * space. A wall in atari makes it a race for that string first: 0. */
static point space_vital(const struct board *b, enum color owner, const point *reg, int n)
{
    point v = board_nakade_vital(b, reg, n);
    if (!v || b->color[v] != EMPTY || wall_fails(b, owner, reg, n, 2, NULL, 0))
        return 0;
    return v;
}

/* The sacrifices that kill in the space `reg`, into out (at most two);
 * returns how many. The space has two empty points p and q, and the
 * attacker at p joins every stone inside into one string that fills the
 * space but for q: in atari, and the owner's walls too, when they have no
 * liberty but p and q. The owner must take it at q, and the space the
 * stones leave is one eye once the attacker plays again, if its shape is
 * one the owner cannot make two eyes in (three points or fewer, the square
 * and pyramid four, the bulky and crossed five). Conservative: a wall with
 * a liberty elsewhere (another eye, or a race still to run outside) or in
 * atari (a capture first) gives none, since then the stones given up may
 * kill nothing. */
static int space_sacrifices(const struct board *b, enum color owner, const point *reg, int n,
                            point out[2])
{
    point e[2];
    int ne = 0;
    for (int k = 0; k < n; k++)
        if (b->color[reg[k]] == EMPTY) {
            if (ne == 2)
                return 0;
            e[ne++] = reg[k];
        }
    if (ne != 2 || wall_fails(b, owner, reg, n, 2, e, 2))
        return 0;
    const int *o = b->geom->offs;
    int found = 0;
    for (int t = 0; t < 2; t++) {
        point p = e[t], q = e[1 - t];
        /* The string p would make: the space but q, if it is connected. */
        point s[NAKADE_MAX];
        int ns = 0;
        s[ns++] = p;
        for (int k = 0; k < ns; k++)
            for (int i = 0; i < 4; i++) {
                point r = s[k] + o[i];
                bool in = false, seen = false;
                for (int j = 0; j < n && !in; j++)
                    in = reg[j] == r;
                for (int j = 0; j < ns && !seen; j++)
                    seen = s[j] == r;
                if (in && !seen && r != q)
                    s[ns++] = r;
            }
        if (ns == n - 1 && (ns <= 2 || board_is_nakade_shape(b, s, ns)))
            out[found++] = p;
    }
    return found;
}

/* The answer in a space that holds the attacker's stones, after the move
 * at `last` (a stone of `mover`): if `mover` walls the space in next to
 * `last`, the attacker's kill (the vital point, or else a sacrifice); if
 * `last` is a stone of the attacker inside the owner's space, the owner's
 * vital point. */
static point stones_space_answer(const struct board *b, point last, enum color mover)
{
    const int *o = b->geom->offs;
    point reg[NAKADE_MAX], first = 0;
    int stones = 0;
    for (int i = 0; i < 4 && !first; i++)
        if (b->color[last + o[i]] != (int)mover && b->color[last + o[i]] != OFFBOARD)
            first = last + o[i];
    int n = first ? flood_space(b, first, mover, reg, &stones) : 0;
    /* Every neighbour of `last` that is not its own is in the space, as
     * for the empty spaces below. */
    for (int i = 0; i < 4 && n > 0; i++) {
        point q = last + o[i];
        bool in = b->color[q] == (int)mover || b->color[q] == OFFBOARD;
        for (int j = 0; j < n && !in; j++)
            in = reg[j] == q;
        if (!in)
            n = 0;
    }
    if (n >= 3 && stones > 0) {
        point v = space_vital(b, mover, reg, n), kill[2];
        if (v)
            return v;
        if (space_sacrifices(b, mover, reg, n, kill) > 0)
            return kill[0];
    }
    n = flood_space(b, last, color_other(mover), reg, &stones);
    return n >= 3 ? space_vital(b, color_other(mover), reg, n) : 0;
}

point playout_nakade_point(const struct board *b, point last)
{
    if (last <= 0)
        return 0;
    enum color owner = (enum color)b->color[last];
    if (owner != BLACK && owner != WHITE)
        return 0;
    const int *o = b->geom->offs;
    enum color mover = owner;
    point first = 0;
    for (int i = 0; i < 4 && !first; i++)
        if (b->color[last + o[i]] == EMPTY)
            first = last + o[i];
    point reg[NAKADE_MAX];
    int n = first ? flood(b, first, &owner, reg) : 0;
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
            n = 0;
    }
    point v = n > 0 ? board_nakade_vital(b, reg, n) : 0;
    return v ? v : stones_space_answer(b, last, mover);
}

bool playout_nakade_is_vital(const struct board *b, point p)
{
    if (p <= 0 || b->color[p] != EMPTY)
        return false;
    enum color owner = EMPTY;
    point reg[NAKADE_MAX];
    int n = flood(b, p, &owner, reg);
    if (n > 0 && board_nakade_vital(b, reg, n) == p)
        return true;
    /* A space of either colour that holds the other's stones. */
    for (enum color c = BLACK; c <= WHITE; c++) {
        int stones;
        n = flood_space(b, p, c, reg, &stones);
        if (n < 3 || stones == 0)
            continue;
        point kill[2];
        int k = space_sacrifices(b, c, reg, n, kill);
        if (space_vital(b, c, reg, n) == p || (k > 0 && kill[0] == p) || (k > 1 && kill[1] == p))
            return true;
    }
    return false;
}
