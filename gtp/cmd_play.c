/* cmd_play — play, the genmove family, undo and the handicap commands. */
#include <stdlib.h>
#include <string.h>

#include "gtp/gtp_internal.h"

static bool board_empty(const struct game *g)
{
    return g->n_moves == 0 && g->board.n_empty == g->board.size * g->board.size;
}

enum gtp_status gtp_cmd_play(struct gtp *g, struct gtp_cmd *c)
{
    enum color col;
    point p;
    if (!gtp_arg_color(c, 0, &col, &g->text) ||
        !gtp_arg_vertex(c, 1, &g->game.board, &p, &g->text))
        return GTP_FAIL;
    enum game_err e = game_play(&g->game, col, p);
    if (e != GAME_OK) {
        char v[8];
        return gtp_fail(g, "%s (%s %s)", game_err_str(e), col == BLACK ? "black" : "white",
                        gtp_vertex_str(&g->game.board, p, v));
    }
    return GTP_OK;
}

enum genmove_kind { GENMOVE_PLAY, GENMOVE_REG, GENMOVE_CLEANUP };

/* The move of a search, made legal: a search bug must not cost the game or
 * desynchronise the GUI. */
static point checked_move(struct gtp *g, enum color col, point m)
{
    if (m != RESIGN && game_check_move(&g->game, col, m) != GAME_OK) {
        char v[8];
        fprintf(stderr, "hane: the search chose the illegal move %s (%s); passing instead\n",
                gtp_vertex_str(&g->game.board, m, v), game_err_str(game_check_move(&g->game, col, m)));
        return PASS;
    }
    return m;
}

/* The genmove family's one path: search for `col` by the rule of `kind`
 * (reporting through fn every interval_ms when fn is set; choosing among
 * the points set in `only` when it is not NULL: restricted_genmove, a
 * GENMOVE_REG, which never resigns), make the move legal, play it unless it
 * is GENMOVE_REG or a resignation, and ponder. A GENMOVE_REG search starts
 * from `reg_seed`, or from the `seed` parameter (1 when that is 0) when
 * reg_seed is 0. */
static point generate(struct gtp *g, enum color col, enum genmove_kind kind, int interval_ms,
                      search_report_fn fn, const uint8_t *only, uint64_t reg_seed)
{
    struct time_control scratch;
    struct time_control *tc = gtp_time(g, &scratch);
    /* Regression tests must not depend on what was searched before. */
    uint64_t seed = gtp_params(g)->seed;
    if (kind == GENMOVE_REG)
        search_reseed(g->search, reg_seed ? reg_seed : seed ? seed : 1);
    struct search_result r;
    if (kind == GENMOVE_CLEANUP)
        r = search_genmove_cleanup(g->search, &g->game, col, tc);
    else if (only)
        r = search_genmove_restricted(g->search, &g->game, col, tc, only);
    else if (kind == GENMOVE_REG)
        r = search_genmove_reg(g->search, &g->game, col, tc);
    else
        r = search_genmove_analyze(g->search, &g->game, col, tc, interval_ms, fn, g);
    point m = checked_move(g, col, r.move);
    if (kind == GENMOVE_REG || m == RESIGN)
        return m;
    game_play(&g->game, col, m);
    if (gtp_params(g)->ponder) {
        search_ponder_start(g->search, &g->game, color_other(col));
        g->pondering = true;
    }
    return m;
}

point gtp_genmove_play(struct gtp *g, enum color col, int interval_ms, search_report_fn fn)
{
    return generate(g, col, GENMOVE_PLAY, interval_ms, fn, NULL, 0);
}

/* The reply of the genmove family: the move's vertex, "pass" or "resign". */
static enum gtp_status reply_move(struct gtp *g, point m)
{
    char v[8];
    gtp_printf(g, "%s", gtp_vertex_str(&g->game.board, m, v));
    return GTP_OK;
}

static enum gtp_status genmove(struct gtp *g, struct gtp_cmd *c, enum genmove_kind kind)
{
    enum color col;
    if (!gtp_arg_color(c, 0, &col, &g->text))
        return GTP_FAIL;
    /* Room for the move before the search, so that playing it cannot fail. */
    if (kind != GENMOVE_REG && !game_reserve(&g->game, g->game.n_moves + 1))
        return gtp_fail(g, "out of memory: no room in the game record for a move");
    return reply_move(g, generate(g, col, kind, 0, NULL, NULL, 0));
}

enum gtp_status gtp_cmd_genmove(struct gtp *g, struct gtp_cmd *c)
{
    return genmove(g, c, GENMOVE_PLAY);
}

enum gtp_status gtp_cmd_reg_genmove(struct gtp *g, struct gtp_cmd *c)
{
    return genmove(g, c, GENMOVE_REG);
}

enum gtp_status gtp_cmd_genmove_cleanup(struct gtp *g, struct gtp_cmd *c)
{
    return genmove(g, c, GENMOVE_CLEANUP);
}

/* GNU Go's regression command (its suites use it as much as reg_genmove):
 * reg_genmove with the random seed given, when one is. */
enum gtp_status gtp_cmd_gg_genmove(struct gtp *g, struct gtp_cmd *c)
{
    enum color col;
    long seed = 0;
    if (!gtp_arg_color(c, 0, &col, &g->text))
        return GTP_FAIL;
    if (c->argc > 1 && !gtp_arg_int(c, 1, 0, 2147483647L, "random seed", &seed, &g->text))
        return GTP_FAIL;
    return reply_move(g, generate(g, col, GENMOVE_REG, 0, NULL, NULL, (uint64_t)seed));
}

/* GNU Go's regression command: the move reg_genmove would choose if only
 * the listed points were allowed, not played; pass if none can be played. */
enum gtp_status gtp_cmd_restricted_genmove(struct gtp *g, struct gtp_cmd *c)
{
    enum color col;
    if (!gtp_arg_color(c, 0, &col, &g->text))
        return GTP_FAIL;
    uint8_t only[BOARD_MAX_POINTS] = {0};
    for (int i = 1; i < c->argc; i++) {
        point p;
        if (!gtp_arg_vertex(c, i, &g->game.board, &p, &g->text))
            return GTP_FAIL;
        if (p == PASS)
            return gtp_fail(g, "syntax error: restricted_genmove takes points, not pass "
                            "(argument %d)", i + 1);
        only[p] = 1;
    }
    return reply_move(g, generate(g, col, GENMOVE_REG, 0, NULL, only, 0));
}

enum gtp_status gtp_cmd_undo(struct gtp *g, struct gtp_cmd *c)
{
    if (!game_undo(&g->game))
        return gtp_fail(g, "cannot undo: no move to take back");
    return GTP_OK;
}

static void print_points(struct gtp *g, const point *pts, int n)
{
    char v[8];
    for (int i = 0; i < n; i++)
        gtp_printf(g, "%s%s", i ? " " : "", gtp_vertex_str(&g->game.board, pts[i], v));
}

/* Most stones fixed_handicap can place on this size (0 if none). */
static int max_fixed(const struct board *b)
{
    point pts[BOARD_MAX_POINTS];
    for (int n = 9; n >= 2; n--)
        if (board_fixed_handicap(b, n, pts))
            return n;
    return 0;
}

enum gtp_status gtp_cmd_fixed_handicap(struct gtp *g, struct gtp_cmd *c)
{
    long n;
    if (!gtp_strtol(c->argv[0], &n)) {
        char q[200];
        gtp_quote(q, sizeof q, c->argv[0], 40);
        return gtp_fail(g, "syntax error: expected a number of stones, got '%s'", q);
    }
    if (!board_empty(&g->game))
        return gtp_fail(g, "board not empty");
    point placed[BOARD_MAX_POINTS];
    int max = max_fixed(&g->game.board);
    if (max < 2)
        return gtp_fail(g, "invalid number of stones: %ld (no fixed handicap on %dx%d; "
                        "it needs 7x7 or larger)", n, g->game.board.size, g->game.board.size);
    if (n < 2 || n > 9 || board_fixed_handicap(&g->game.board, (int)n, placed) == 0)
        return gtp_fail(g, "invalid number of stones: %ld (fixed handicap on %dx%d takes 2 to %d)",
                        n, g->game.board.size, g->game.board.size, max);
    int got = 0;
    enum game_err e = game_fixed_handicap(&g->game, (int)n, placed, &got);
    if (e != GAME_OK)
        return gtp_fail(g, "%s", game_err_str(e));
    print_points(g, placed, got);
    return GTP_OK;
}

/* Distance from (x, y) to the stone at s (Chebyshev: diagonal steps count one). */
static int stone_distance(const struct board *b, int x, int y, point s)
{
    int dx = abs(board_x(b, s) - x), dy = abs(board_y(b, s) - y);
    return dx > dy ? dx : dy;
}

/* How good a point is for the next free handicap stone: far from the stones
 * placed so far (`far`: distance to the nearest), then close to the third or
 * fourth line. */
static int free_spot_value(int size, int x, int y, int far)
{
    int line = size >= 13 ? 3 : size >= 7 ? 2 : 1;   /* 0-based: 4th, 3rd, 2nd line */
    int ex = x < size - 1 - x ? x : size - 1 - x;
    int ey = y < size - 1 - y ? y : size - 1 - y;
    int edge = abs(ex - line) + abs(ey - line);
    return far * 4 * size - edge;
}

/* place_free_handicap: the standard points as far as the size has them, then
 * points spread by free_spot_value. Built on a scratch copy of the game. */
enum gtp_status gtp_cmd_place_free_handicap(struct gtp *g, struct gtp_cmd *c)
{
    int size = g->game.board.size;
    long n;
    if (!gtp_strtol(c->argv[0], &n)) {
        char q[200];
        gtp_quote(q, sizeof q, c->argv[0], 40);
        return gtp_fail(g, "syntax error: expected a number of stones, got '%s'", q);
    }
    if (n < 2 || n > (long)size * size - 1)
        return gtp_fail(g, "invalid number of stones: %ld (2 to %d on %dx%d)", n, size * size - 1,
                        size, size);
    if (!board_empty(&g->game))
        return gtp_fail(g, "board not empty");
    point stones[BOARD_MAX_POINTS];
    int k = 0;
    for (int f = n < 9 ? (int)n : 9; f >= 2 && !k; f--)
        k = board_fixed_handicap(&g->game.board, f, stones);
    struct game tmp = {0};     /* game_copy reuses the arrays of its target */
    game_copy(&tmp, &g->game);
    for (int i = 0; i < k; i++)
        if (game_setup(&tmp, BLACK, stones[i]) != GAME_OK) {
            game_free(&tmp);
            return gtp_fail(g, "cannot place the handicap stones");
        }
    /* far[p]: distance from p to the nearest stone, kept as stones are added,
     * so placing n stones costs n passes over the board. */
    int far[BOARD_MAX_POINTS];
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            point p = board_point(&tmp.board, x, y);
            far[p] = 2 * size;
            for (int i = 0; i < k; i++) {
                int d = stone_distance(&tmp.board, x, y, stones[i]);
                if (d < far[p])
                    far[p] = d;
            }
        }
    while (k < n) {
        point best = 0;
        int best_v = -(1 << 30);
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                point p = board_point(&tmp.board, x, y);
                if (tmp.board.color[p] != EMPTY)
                    continue;
                int v = free_spot_value(size, x, y, far[p]);
                if (v > best_v) {
                    best_v = v;
                    best = p;
                }
            }
        if (!best || game_setup(&tmp, BLACK, best) != GAME_OK) {
            game_free(&tmp);
            return gtp_fail(g, "cannot place %ld handicap stones on %dx%d", n, size, size);
        }
        stones[k++] = best;
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                point p = board_point(&tmp.board, x, y);
                int d = stone_distance(&tmp.board, x, y, best);
                if (d < far[p])
                    far[p] = d;
            }
    }
    /* Handicap stones are setup: White moves first, and undo stops here. */
    tmp.handicap = k;
    tmp.board.to_move = WHITE;
    board_copy(&tmp.start, &tmp.board);
    game_free(&g->game);
    g->game = tmp;
    print_points(g, stones, k);
    return GTP_OK;
}

enum gtp_status gtp_cmd_set_free_handicap(struct gtp *g, struct gtp_cmd *c)
{
    int size = g->game.board.size;
    if (c->argc < 2 || c->argc > size * size - 1)
        return gtp_fail(g, "bad vertex list: %d vertices (2 to %d are allowed on %dx%d)",
                        c->argc, size * size - 1, size, size);
    point pts[GTP_MAX_ARGS];
    uint8_t seen[BOARD_MAX_POINTS] = {0};
    for (int i = 0; i < c->argc; i++) {
        point p;
        char q[200];
        gtp_quote(q, sizeof q, c->argv[i], 40);
        enum gtp_vertex_err e = gtp_parse_vertex(c->argv[i], &g->game.board, &p);
        if (e != GTP_VERTEX_OK || p == PASS)
            return gtp_fail(g, "bad vertex list: '%s' (argument %d) is not a vertex on the board",
                            q, i + 1);
        if (seen[p])
            return gtp_fail(g, "bad vertex list: '%s' given twice", q);
        seen[p] = 1;
        pts[i] = p;
    }
    if (!board_empty(&g->game))
        return gtp_fail(g, "board not empty");
    struct game tmp = {0};     /* game_copy reuses the arrays of its target */
    game_copy(&tmp, &g->game);
    for (int i = 0; i < c->argc; i++) {
        enum game_err e = game_setup(&tmp, BLACK, pts[i]);
        if (e != GAME_OK) {
            game_free(&tmp);
            char q[200];
            gtp_quote(q, sizeof q, c->argv[i], 40);
            return gtp_fail(g, "bad vertex list: %s at '%s'", game_err_str(e), q);
        }
    }
    /* Handicap stones are setup: White moves first, and undo stops here. */
    tmp.handicap = c->argc;
    tmp.board.to_move = WHITE;
    board_copy(&tmp.start, &tmp.board);
    game_free(&g->game);
    g->game = tmp;
    return GTP_OK;
}
