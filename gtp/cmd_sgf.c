/* cmd_sgf — loadsgf and printsgf through engine/board/sgf_game.h. */
#include <stdlib.h>
#include <string.h>

#include "engine/board/sgf_game.h"
#include "gtp/gtp_internal.h"

/* loadsgf FILE [MOVE_NUMBER | VERTEX]: the position before move number N,
 * or (GNU Go's form, which its regression suites use) before the first move
 * played at VERTEX; the whole game when neither is given or the vertex is
 * never played. The file is read into a new game; the current one is
 * replaced only when that worked. A file without KM says nothing about
 * komi, so the komi set before (by `komi`) stays. */
enum gtp_status gtp_cmd_loadsgf(struct gtp *g, struct gtp_cmd *c)
{
    long move = 0;
    char q[400];
    gtp_quote(q, sizeof q, c->argv[0], 200);
    bool by_vertex = c->argc > 1 && !(c->argv[1][0] >= '0' && c->argv[1][0] <= '9') &&
                     c->argv[1][0] != '-' && c->argv[1][0] != '+';
    if (c->argc > 1 && !by_vertex &&
        !gtp_arg_int(c, 1, 1, 100000000, "move number", &move, &g->text))
        return GTP_FAIL;
    if (g->opt.sandbox)
        return gtp_fail(g, "cannot load file '%s': files are disabled", q);
    struct game tmp;
    struct sgf_error err;
    memset(&err, 0, sizeof err);
    struct sgf_tree *t = sgf_read_file(c->argv[0], &err);
    struct sgf_game_info info;
    bool ok = t && sgf_game_load(t, c->argv[0], (int)move, &tmp, &info, &err);
    if (ok && by_vertex) {
        /* The vertex is read on the file's board; the game is then loaded
         * again from the same tree, up to the first move there (moves are
         * numbered from 1). */
        point p;
        if (!gtp_arg_vertex(c, 1, &tmp.board, &p, &g->text)) {
            game_free(&tmp);
            sgf_free(t);
            return GTP_FAIL;
        }
        int at = 0;
        for (int i = 0; i < tmp.n_moves && !at; i++)
            if (tmp.moves[i].p == p)
                at = i + 1;
        if (at) {
            game_free(&tmp);
            ok = sgf_game_load(t, c->argv[0], at, &tmp, &info, &err);
        }
    }
    sgf_free(t);
    if (!ok) {
        char e[sizeof err.text * 4 + 8];
        gtp_quote(e, sizeof e, err.text, sizeof err.text);
        if (err.reason && !strcmp(err.reason, "memory"))
            return gtp_fail(g, "out of memory: cannot load file '%s': %s", q, e);
        return gtp_fail(g, "cannot load file '%s': %s", q, e);
    }
    if (!info.has_komi)
        tmp.komi = g->game.komi;
    game_free(&g->game);
    g->game = tmp;
    return GTP_OK;
}

/* printsgf: the game so far as SGF (setup, moves) in the reply. */
enum gtp_status gtp_cmd_printsgf(struct gtp *g, struct gtp_cmd *c)
{
    size_t len = 0;
    char *s = sgf_game_write(&g->game, NULL, &len);
    if (!s)
        return gtp_fail(g, "out of memory: cannot write SGF");
    gtp_printf(g, "%s", s);
    free(s);
    return GTP_OK;
}
