/* ladder — a small ladder reader for the atari and extension features. */
#include "patterns/features.h"

#include <stdlib.h>

#define LADDER_DEPTH 48     /* defender moves read at most: a ladder across 19x19 */
#define LADDER_BUDGET 160   /* board positions tried per question */
#define LADDER_BOARDS (2 * LADDER_DEPTH + 2)

/* The boards a reading plays on: one pair per ply and one for the first
 * atari, allocated as far as a reading has gone (most end within a few
 * plies), and kept for the next reading. */
struct pat_ladder_scratch {
    struct board *board[LADDER_BOARDS];
};

struct pat_ladder_scratch *pat_ladder_scratch_new(void)
{
    return calloc(1, sizeof(struct pat_ladder_scratch));
}

void pat_ladder_scratch_free(struct pat_ladder_scratch *sc)
{
    if (!sc)
        return;
    for (int i = 0; i < LADDER_BOARDS; i++)
        free(sc->board[i]);
    free(sc);
}

/* Board `i` of the scratch, allocated on first use; NULL if memory runs out. */
static struct board *scratch_board(struct pat_ladder_scratch *sc, int i)
{
    if (!sc->board[i])
        sc->board[i] = malloc(sizeof(struct board));
    return sc->board[i];
}

struct reader {
    struct pat_ladder_scratch *sc;
    int budget;
};

/* Does the attacker capture the defender string at stone `s`, which has one
 * liberty with the defender to move? The defender escapes by capturing an
 * adjacent attacker string in atari, or by extending to three or more
 * liberties; at two liberties the attacker tries both ataris. When the budget,
 * the depth or memory runs out the answer is "escapes" (no claim without
 * proof). */
static bool captured(struct reader *r, const struct board *b, point s, enum color att, int ply)
{
    if (--r->budget < 0 || ply >= LADDER_DEPTH)
        return false;
    enum color def = color_other(att);
    if (board_string_touches_atari(b, s))
        return false;   /* the defender captures an attacking stone and escapes */
    point lib;
    if (board_string_libs(b, s, &lib, 1) != 1)
        return false;
    struct board *e = scratch_board(r->sc, 2 * ply);
    if (!e)
        return false;
    board_copy(e, b);
    if (board_play(e, def, lib) < 0)
        return true;
    int libs = e->str[e->sid[s]].libs;
    if (libs >= 3)
        return false;
    if (libs <= 1)
        return true;
    point two[2];
    board_string_libs(e, s, two, 2);
    struct board *a = scratch_board(r->sc, 2 * ply + 1);
    if (!a)
        return false;
    for (int k = 0; k < 2; k++) {
        board_copy(a, e);
        if (board_play(a, att, two[k]) < 0 || a->str[a->sid[s]].libs != 1)
            continue;
        if (captured(r, a, s, att, ply + 1))   /* deeper plies use other boards */
            return true;
    }
    return false;
}

/* Does `att` capture the string at `s` in a ladder: `s` in atari with its
 * owner to move, or (two_libs) with two liberties and `att` to move? */
static bool read_ladder(struct pat_ladder_scratch *sc, const struct board *b, point s, enum color att,
                        bool two_libs)
{
    struct reader r = { .sc = sc, .budget = LADDER_BUDGET };
    if (!two_libs)
        return captured(&r, b, s, att, 0);
    point two[2];
    board_string_libs(b, s, two, 2);
    struct board *a = scratch_board(sc, 2 * LADDER_DEPTH);
    if (!a)
        return false;
    for (int k = 0; k < 2; k++) {
        board_copy(a, b);
        if (board_play(a, att, two[k]) >= 0 && a->str[a->sid[s]].libs == 1 && captured(&r, a, s, att, 0))
            return true;
    }
    return false;
}

bool pat_ladder_atari_works_in(struct pat_ladder_scratch *sc, const struct board *b, enum color c,
                               point p, point target)
{
    struct board *t = scratch_board(sc, 2 * LADDER_DEPTH + 1);
    if (!t)
        return false;
    board_copy(t, b);
    return board_play(t, c, p) >= 0 && t->color[target] == color_other(c)
           && t->str[t->sid[target]].libs == 1 && read_ladder(sc, t, target, c, false);
}

bool pat_ladder_escape_fails_in(struct pat_ladder_scratch *sc, const struct board *b, enum color c,
                                point p)
{
    struct board *t = scratch_board(sc, 2 * LADDER_DEPTH + 1);
    if (!t)
        return false;
    board_copy(t, b);
    return board_play(t, c, p) >= 0 && t->str[t->sid[p]].libs == 2
           && read_ladder(sc, t, p, color_other(c), true);
}

bool pat_ladder_atari_works(const struct board *b, enum color c, point p, point target)
{
    struct pat_ladder_scratch *sc = pat_ladder_scratch_new();
    bool res = sc && pat_ladder_atari_works_in(sc, b, c, p, target);
    pat_ladder_scratch_free(sc);
    return res;
}

bool pat_ladder_escape_fails(const struct board *b, enum color c, point p)
{
    struct pat_ladder_scratch *sc = pat_ladder_scratch_new();
    bool res = sc && pat_ladder_escape_fails_in(sc, b, c, p);
    pat_ladder_scratch_free(sc);
    return res;
}
