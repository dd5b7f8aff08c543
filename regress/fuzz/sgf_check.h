/* sgf_check — the invariants the SGF fuzz harness checks on every input, shared
 * with the unit test that replays the kept crashers (regress/sgf/crashers/).
 *
 * For any bytes: the reader returns a tree or an error with a position and a
 * message naming the input. For a tree: write -> parse gives an equal tree and
 * writing that gives the same text, unless the written text is shorter than
 * the input and over the reader's memory budget for its size (the writer
 * drops blanks, so "; ; ;" costs more per byte once written as ";;;"). When its main line loads as a game (with
 * a move limit taken from the input): the board's invariants hold, and the
 * game written as SGF loads back to the same position.
 *
 * Header-only (static functions) so both binaries compile it without a
 * library of test helpers.
 */
#ifndef HANE_SGF_CHECK_H
#define HANE_SGF_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/game.h"
#include "engine/board/sgf.h"
#include "engine/board/sgf_game.h"
#include "engine/board/sgf_internal.h"

/* Returns true if every invariant holds; otherwise false with the broken one
 * described in `why`. */
static bool sgf_check_one(const uint8_t *data, size_t size, char *why, size_t why_len)
{
    struct sgf_error err;
    memset(&err, 0, sizeof err);
    struct sgf_tree *t = sgf_parse((const char *)data, size, "in", &err);
    if (!t) {
        if (strncmp(err.text, "in:", 3) != 0 || err.line < 1 || err.col < 1 || !err.reason) {
            snprintf(why, why_len, "bad error report: '%.200s'", err.text);
            return false;
        }
        return true;
    }
    /* Every value decodes within bounds, into buffers of any size. */
    for (const struct sgf_node *n = t->games; n; n = sgf_preorder_next(n))
        for (const struct sgf_prop *p = n->props; p; p = p->next)
            for (const struct sgf_value *v = p->values; v; v = v->next) {
                char small[3];
                size_t a_len, b_off;
                size_t k = sgf_text(v, small, sizeof small);
                if (k > v->len || sgf_text(v, NULL, 0) != k || strlen(small) > 2
                    || (sgf_compose(v, &a_len, &b_off) && (a_len >= v->len || b_off != a_len + 1))) {
                    snprintf(why, why_len, "value decoding out of bounds in %s", p->id);
                    sgf_free(t);
                    return false;
                }
            }
    bool ok = false;
    size_t len1 = 0, len2 = 0;
    char *s1 = sgf_write(t, &len1), *s2 = NULL;
    struct sgf_tree *t2 = s1 ? sgf_parse(s1, len1, "out", &err) : NULL;
    struct game g, g2;
    bool have_g = false, have_g2 = false;
    if (!t2 && s1 && len1 < size && err.reason && !strcmp(err.reason, "limit")) {
        ok = true;
        goto out;
    }
    if (!t2) {
        snprintf(why, why_len, "written tree does not parse: %.200s", s1 ? err.text : "no output");
        goto out;
    }
    if (!sgf_equal(t, t2)) {
        snprintf(why, why_len, "written tree differs from the original");
        goto out;
    }
    s2 = sgf_write(t2, &len2);
    if (!s2 || len1 != len2 || memcmp(s1, s2, len1) != 0) {
        snprintf(why, why_len, "writing twice gives different text");
        goto out;
    }

    int limit = size > 0 ? data[size - 1] % 64 : 0;
    struct sgf_game_info info;
    if (!sgf_game_load(t, "in", limit, &g, &info, &err)) {
        if (strncmp(err.text, "in:", 3) != 0 || !err.reason) {
            snprintf(why, why_len, "bad load error report: '%.200s'", err.text);
            goto out;
        }
        ok = true;
        goto out;
    }
    have_g = true;
    char bwhy[200];
    if (!board_check(&g.board, bwhy, sizeof bwhy)) {
        snprintf(why, why_len, "board invariant after load: %s", bwhy);
        goto out;
    }
    free(s1);
    s1 = sgf_game_write(&g, info.result, &len1);
    sgf_free(t2);
    t2 = s1 ? sgf_parse(s1, len1, "game", &err) : NULL;
    if (!t2 && s1 && err.reason && !strcmp(err.reason, "limit")) {
        ok = true;   /* e.g. passes written "tt" read back as "" */
        goto out;
    }
    if (!t2) {
        snprintf(why, why_len, "written game does not parse: %.200s", s1 ? err.text : "no output");
        goto out;
    }
    if (!sgf_game_load(t2, "game", 0, &g2, NULL, &err)) {
        snprintf(why, why_len, "written game does not load: %.200s", err.text);
        goto out;
    }
    have_g2 = true;
    if (g.board.size != g2.board.size || g.board.hash != g2.board.hash
        || g.n_moves != g2.n_moves || g.komi != g2.komi
        || memcmp(g.board.color, g2.board.color, sizeof g.board.color) != 0) {
        snprintf(why, why_len, "written game replays to another position");
        goto out;
    }
    ok = true;
out:
    if (have_g)
        game_free(&g);
    if (have_g2)
        game_free(&g2);
    free(s1);
    free(s2);
    sgf_free(t);
    sgf_free(t2);
    return ok;
}

#endif
