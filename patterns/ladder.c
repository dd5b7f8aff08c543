/* ladder — a small ladder reader for the atari and extension features. */
#include "patterns/features.h"

#include <stdlib.h>

#define LADDER_DEPTH 48     /* defender moves read at most: a ladder across 19x19 */
#define LADDER_BUDGET 160   /* board positions tried per question */

struct reader {
    struct board *stack;    /* one scratch board per ply */
    int budget;
};

/* Does the attacker capture the defender string at stone `s`, which has one
 * liberty with the defender to move? The defender escapes by capturing an
 * adjacent attacker string in atari, or by extending to three or more
 * liberties; at two liberties the attacker tries both ataris. When the budget
 * or depth runs out the answer is "escapes" (no claim without proof). */
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
    struct board *e = &r->stack[2 * ply];
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
    struct board *a = &r->stack[2 * ply + 1];
    for (int k = 0; k < 2; k++) {
        board_copy(a, e);
        if (board_play(a, att, two[k]) < 0 || a->str[a->sid[s]].libs != 1)
            continue;
        if (captured(r, a, s, att, ply + 1))   /* deeper plies use other boards */
            return true;
    }
    return false;
}

static bool with_reader(const struct board *b, point s, enum color att, bool two_libs)
{
    struct reader r = { .budget = LADDER_BUDGET };
    r.stack = malloc(sizeof *r.stack * (2 * LADDER_DEPTH + 2));
    if (!r.stack)
        return false;
    bool res = false;
    if (!two_libs) {
        res = captured(&r, b, s, att, 0);
    } else {
        /* attacker to move against a string with two liberties */
        point two[2];
        board_string_libs(b, s, two, 2);
        struct board *a = &r.stack[2 * LADDER_DEPTH];
        for (int k = 0; k < 2 && !res; k++) {
            board_copy(a, b);
            if (board_play(a, att, two[k]) >= 0 && a->str[a->sid[s]].libs == 1)
                res = captured(&r, a, s, att, 0);
        }
    }
    free(r.stack);
    return res;
}

bool pat_ladder_atari_works(const struct board *b, enum color c, point p, point target)
{
    struct board *t = malloc(sizeof *t);
    if (!t)
        return false;
    board_copy(t, b);
    bool res = board_play(t, c, p) >= 0 && t->color[target] == color_other(c)
               && t->str[t->sid[target]].libs == 1 && with_reader(t, target, c, false);
    free(t);
    return res;
}

bool pat_ladder_escape_fails(const struct board *b, enum color c, point p)
{
    struct board *t = malloc(sizeof *t);
    if (!t)
        return false;
    board_copy(t, b);
    bool res = board_play(t, c, p) >= 0 && t->str[t->sid[p]].libs == 2
               && with_reader(t, p, color_other(c), true);
    free(t);
    return res;
}
