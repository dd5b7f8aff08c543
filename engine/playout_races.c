/* playout_races — races next to the last move (two liberties, and the
 * strings it put in atari); see playout_races.h. */
#include "engine/playout_races.h"

#include <stddef.h>

#include "patterns/features.h"

/* Enough for the liberties libs_after collects before it stops at `max`
 * (at most 3 here): one string's liberties are read up to max + 2, as two
 * of them may be the points left out. */
#define LIBS_READ 5

/* Adds string `sid` to seen[0..*n) (at most four: the strings around a
 * point); false if it was there. */
static bool first_visit(uint16_t seen[4], int *n, uint16_t sid)
{
    for (int j = 0; j < *n; j++)
        if (seen[j] == sid)
            return false;
    seen[(*n)++] = sid;
    return true;
}

/* The liberties of the string that `c` makes by a stone at the empty point
 * `p`, when `filled` (0: none) holds a stone of the other colour that is
 * not on the board: `p` and `filled` are not liberties. Counted up to `max`;
 * a capture by the stone (an enemy string in atari next to `p`, whose one
 * liberty is then `p`) counts as `max`, as it frees points. The string
 * `known` (0: none), whose liberties are `p`, `filled` and `known_lib` (0:
 * none), is not walked: the two-liberty string of the question. */
static int libs_after(const struct board *b, enum color c, point p, point filled, int max,
                      uint16_t known, point known_lib)
{
    const int *o = b->geom->offs;
    point set[4 * LIBS_READ];
    int n = 0;
    uint16_t seen[4];
    int n_seen = 0;
    for (int i = 0; i < 4 && n < max; i++) {
        point q = p + o[i];
        if (q == filled)
            continue;
        enum color qc = (enum color)b->color[q];
        if (qc == EMPTY) {
            board_point_set_add(set, &n, q);
        } else if (qc == c) {
            uint16_t sid = b->sid[q];
            if (!first_visit(seen, &n_seen, sid))
                continue;
            if (sid == known) {
                if (known_lib)
                    board_point_set_add(set, &n, known_lib);
                continue;
            }
            /* Without `p` and `filled`, a string of max + 2 liberties or
             * more gives max on its own: no walk. */
            if (b->str[sid].libs >= max + 2)
                return max;
            point libs[LIBS_READ];
            int k = board_string_libs(b, q, libs, LIBS_READ);
            for (int j = 0; j < k; j++)
                if (libs[j] != p && libs[j] != filled)
                    board_point_set_add(set, &n, libs[j]);
        } else if (qc != OFFBOARD && b->str[b->sid[q]].libs == 1) {
            return max;
        }
    }
    return n < max ? n : max;
}

/* Adds `p` to out unless it is there or out is full. */
static void add(point *out, int *n, point p)
{
    for (int i = 0; i < *n; i++)
        if (out[i] == p)
            return;
    if (*n < PLAYOUT_RACE_MAX)
        out[(*n)++] = p;
}

/* Does a string of colour `c` next to the string at stone `s` have one
 * liberty, other than a string next to `spare` (which a stone there joins)?
 * With `lib_out`, each such string's liberty is added there. */
static bool neighbour_in_atari(const struct board *b, point s, enum color c, point spare,
                               point *lib_out, int *n_out)
{
    const int *o = b->geom->offs;
    bool found = false;
    point q = s;
    do {
        for (int i = 0; i < 4; i++) {
            point r = q + o[i];
            if (b->color[r] != c || b->str[b->sid[r]].libs != 1)
                continue;
            if (spare && board_string_touches(b, b->sid[r], spare))
                continue;
            found = true;
            if (!lib_out)
                return true;
            add(lib_out, n_out, board_atari_lib(b, r));
        }
        q = b->next_stone[q];
    } while (q != s);
    return found;
}

/* Can `c` at `lib` put the string at stone `s` (two liberties, `lib` and
 * `other`) in an atari it cannot escape by extending at `other`? With
 * `by_capture`, nor by capturing a neighbour in atari. */
static bool atari_holds(const struct board *b, enum color c, point s, point lib, point other,
                        bool by_capture)
{
    enum color e = color_other(c);
    /* No escape by extending: at most one liberty after it, no capture
     * (the test that fails most often, first). */
    if (libs_after(b, e, other, lib, 2, b->sid[s], 0) >= 2)
        return false;
    /* The atari stone keeps two liberties and takes nothing (a capture
     * changes the liberties around; the capture gammas have it). */
    const int *o = b->geom->offs;
    for (int i = 0; i < 4; i++) {
        point q = lib + o[i];
        if (b->color[q] == e && b->str[b->sid[q]].libs == 1)
            return false;
    }
    if (libs_after(b, c, lib, 0, 2, 0, 0) < 2)
        return false;
    /* No escape by capturing a neighbour in atari (one the atari stone
     * joins has two liberties by then). */
    return !by_capture || !neighbour_in_atari(b, s, c, lib, NULL, NULL);
}

int playout_race_moves(const struct board *b, enum color c, point last,
                       point out[PLAYOUT_RACE_MAX])
{
    int n = 0;
    if (last <= 0 || (c != BLACK && c != WHITE) || b->color[last] != color_other(c))
        return 0;
    const int *o = b->geom->offs;
    point libs[2];
    if (b->str[b->sid[last]].libs == 2) {
        board_string_libs(b, last, libs, 2);
        for (int k = 0; k < 2; k++)
            if (atari_holds(b, c, last, libs[k], libs[1 - k], true))
                add(out, &n, libs[k]);
    }
    uint16_t seen[4];
    int n_seen = 0;
    for (int i = 0; i < 4; i++) {
        point q = last + o[i];
        if (b->color[q] != c || b->str[b->sid[q]].libs != 2)
            continue;
        uint16_t sid = b->sid[q];
        if (!first_visit(seen, &n_seen, sid))
            continue;
        /* Only a string the opponent can put in an atari that no extension
         * escapes is in danger: extending one that is not wastes the move,
         * and the playouts then misjudge the whole board (self-play figures
         * in docs/notes/against-pachi.md). */
        board_string_libs(b, q, libs, 2);
        if (!atari_holds(b, color_other(c), q, libs[0], libs[1], false) &&
            !atari_holds(b, color_other(c), q, libs[1], libs[0], false))
            continue;
        neighbour_in_atari(b, q, color_other(c), 0, out, &n);
        for (int k = 0; k < 2; k++)
            if (libs_after(b, c, libs[k], 0, 3, sid, libs[1 - k]) >= 3)
                add(out, &n, libs[k]);
    }
    return n;
}

/* playout_atari_moves, with the escape to two liberties read as a ladder
 * when `ladder` is set. */
static int atari_moves(const struct board *b, enum color c, point last,
                       point out[PLAYOUT_RACE_MAX], bool ladder)
{
    int n = 0;
    if (last <= 0 || (c != BLACK && c != WHITE) || b->color[last] != color_other(c))
        return 0;
    const int *o = b->geom->offs;
    uint16_t seen[4];
    int n_seen = 0;
    for (int i = 0; i < 4; i++) {
        point q = last + o[i];
        if (b->color[q] != c || b->str[b->sid[q]].libs != 1)
            continue;
        uint16_t sid = b->sid[q];
        if (!first_visit(seen, &n_seen, sid))
            continue;
        neighbour_in_atari(b, q, color_other(c), 0, out, &n);
        /* Two liberties would leave it to the next atari, which may be a
         * ladder: only an escape to three holds without reading. */
        point lib = board_atari_lib(b, q);
        int libs = libs_after(b, c, lib, 0, 3, sid, 0);
        if (libs >= 3 || (ladder && libs == 2 && !pat_ladder_escape_fails(b, c, lib)))
            add(out, &n, lib);
    }
    return n;
}

int playout_atari_moves(const struct board *b, enum color c, point last,
                        point out[PLAYOUT_RACE_MAX])
{
    return atari_moves(b, c, last, out, false);
}

int playout_atari_moves_ladder(const struct board *b, enum color c, point last,
                               point out[PLAYOUT_RACE_MAX])
{
    return atari_moves(b, c, last, out, true);
}
