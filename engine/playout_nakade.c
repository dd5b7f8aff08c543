/* playout_nakade — the vital point of a small eye space; see playout_nakade.h. */
#include "engine/playout_nakade.h"

#include <stddef.h>

#define NAKADE_MAX 6

/* Floods the empty region of `first` into reg (at most NAKADE_MAX points),
 * giving up as soon as it is larger (-1) or touches a stone of a colour
 * other than *owner (0); an *owner of EMPTY becomes the colour of the first
 * stone met. In an open position that is within a few points. Returns the
 * size. */
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
                        return -1;
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
 * other colour's stones, stopped by owner's stones, the edge and `avoid`
 * (0: none), into reg (at most NAKADE_MAX points; 0 if larger). Strings of
 * the other colour in it are wholly in it, their liberties all inside.
 * *stones counts them. */
static int flood_space(const struct board *b, point first, enum color owner, point avoid,
                       point reg[NAKADE_MAX], int *stones)
{
    const int *o = b->geom->offs;
    uint64_t seen[(BOARD_MAX_POINTS + 63) / 64] = { 0 };
    int n = 0;
    *stones = 0;
    reg[n++] = first;
    seen[first / 64] |= 1ull << (first % 64);
    if (avoid > 0)
        seen[avoid / 64] |= 1ull << (avoid % 64);
    for (int k = 0; k < n; k++) {
        *stones += b->color[reg[k]] != EMPTY;
        for (int i = 0; i < 4; i++) {
            point q = reg[k] + o[i];
            enum color qc = (enum color)b->color[q];
            if (qc == owner || qc == OFFBOARD || (seen[q / 64] >> (q % 64) & 1))
                continue;
            if (n == NAKADE_MAX)
                return 0;
            seen[q / 64] |= 1ull << (q % 64);
            reg[n++] = q;
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
    int found = 0;
    for (int t = 0; t < 2; t++) {
        point p = e[t], q = e[1 - t];
        /* The string p would make: the space but q, if it is connected
         * (the space flooded again from p, with q kept out). */
        point s[NAKADE_MAX];
        int stones, ns = flood_space(b, p, owner, q, s, &stones);
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
static point stones_space_answer(const struct board *b, point last, enum color mover, bool big)
{
    const int *o = b->geom->offs;
    point reg[NAKADE_MAX], first = 0;
    int stones = 0, open = 0, deg = 0;
    for (int i = 0; i < 4; i++) {
        point q = last + o[i];
        int c = b->color[q];
        if (c != (int)mover && c != OFFBOARD) {
            open++;
            if (!first)
                first = q;
            /* A string in the space brings its liberties in with it. */
            if (c != EMPTY && b->str[b->sid[q]].stones + b->str[b->sid[q]].libs > NAKADE_MAX)
                big = true;
        }
        deg += c == EMPTY || c == (int)mover;
    }
    /* No flood when the space would be too large: empty points next to
     * `last` already more than NAKADE_MAX (`big`), a string with its
     * liberties too, or four open sides (a space that holds them, around
     * `last`, has three diagonal points besides, seven in all). Most moves
     * end here. */
    int n = first && open < 4 && !big ? flood_space(b, first, mover, 0, reg, &stones) : 0;
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
    /* `last` with three or more neighbours in the other's space is its
     * vital point (no killable shape has two such points), or the shape
     * has none: either way no answer, and no flood; nor when its string
     * and liberties alone are too many. */
    uint16_t sid = b->sid[last];
    if (deg >= 3 || b->str[sid].stones + b->str[sid].libs > NAKADE_MAX)
        return 0;
    n = flood_space(b, last, color_other(mover), 0, reg, &stones);
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
    bool big = n < 0;
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
    return v ? v : stones_space_answer(b, last, mover, big);
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
    /* A space of either colour that holds the other's stones (none when
     * the empty points alone are too many). */
    if (n < 0)
        return false;
    for (enum color c = BLACK; c <= WHITE; c++) {
        int stones;
        n = flood_space(b, p, c, 0, reg, &stones);
        if (n < 3 || stones == 0)
            continue;
        /* p is the flood's first point, so it comes first among the
         * sacrifices when it is one. */
        point kill[2];
        if (space_vital(b, c, reg, n) == p ||
            (space_sacrifices(b, c, reg, n, kill) > 0 && kill[0] == p))
            return true;
    }
    return false;
}
