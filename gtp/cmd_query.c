/* cmd_query — questions about the position under the names GNU Go and Fuego
 * use (query_boardsize, get_komi, color, is_legal, all_legal, countlib,
 * findlib, list_stones, captures, last_move, move_history) and echo: the
 * board commands of other engines' regression suites and of scripts that
 * drive an engine. Answers take GNU Go's form; lists of points run from the
 * top row down and left to right, as GNU Go's do. None changes the game. */
#include <stdio.h>

#include "gtp/gtp_internal.h"

/* The points p for which keep(g, p, ctx) holds, space separated, top row
 * first. */
typedef bool (*point_test)(const struct gtp *g, point p, const void *ctx);

static void print_points(struct gtp *g, point_test keep, const void *ctx)
{
    const struct board *b = &g->game.board;
    char v[8];
    bool first = true;
    for (int y = b->size - 1; y >= 0; y--)
        for (int x = 0; x < b->size; x++) {
            point p = board_point(b, x, y);
            if (!keep(g, p, ctx))
                continue;
            gtp_printf(g, "%s%s", first ? "" : " ", gtp_vertex_str(b, p, v));
            first = false;
        }
}

static bool is_marked(const struct gtp *g, point p, const void *mark)
{
    return ((const uint8_t *)mark)[p];
}

static bool is_legal_for(const struct gtp *g, point p, const void *col)
{
    return game_check_move(&g->game, *(const enum color *)col, p) == GAME_OK;
}

static bool has_colour(const struct gtp *g, point p, const void *col)
{
    return g->game.board.color[p] == *(const enum color *)col;
}

/* Argument i as a point of the board (not pass). */
static bool arg_point(struct gtp *g, struct gtp_cmd *c, int i, point *p)
{
    if (!gtp_arg_vertex(c, i, &g->game.board, p, &g->text))
        return false;
    if (*p == PASS) {
        gtp_fail(g, "syntax error: argument %d must be a point, not pass", i + 1);
        return false;
    }
    return true;
}

/* Argument i as a point with a stone on it (GNU Go's wording otherwise). */
static bool arg_stone(struct gtp *g, struct gtp_cmd *c, int i, point *p)
{
    if (!arg_point(g, c, i, p))
        return false;
    if (g->game.board.color[*p] == EMPTY) {
        gtp_fail(g, "vertex must not be empty");
        return false;
    }
    return true;
}

enum gtp_status gtp_cmd_query_boardsize(struct gtp *g, struct gtp_cmd *c)
{
    gtp_printf(g, "%d", g->game.board.size);
    return GTP_OK;
}

enum gtp_status gtp_cmd_get_komi(struct gtp *g, struct gtp_cmd *c)
{
    gtp_printf(g, "%g", g->game.komi);
    return GTP_OK;
}

enum gtp_status gtp_cmd_color(struct gtp *g, struct gtp_cmd *c)
{
    point p;
    if (!arg_point(g, c, 0, &p))
        return GTP_FAIL;
    uint8_t col = g->game.board.color[p];
    gtp_printf(g, "%s", col == BLACK ? "black" : col == WHITE ? "white" : "empty");
    return GTP_OK;
}

/* 1 if `play COLOUR VERTEX` would be accepted now (ko and superko
 * included), else 0. */
enum gtp_status gtp_cmd_is_legal(struct gtp *g, struct gtp_cmd *c)
{
    enum color col;
    point p;
    if (!gtp_arg_color(c, 0, &col, &g->text) ||
        !gtp_arg_vertex(c, 1, &g->game.board, &p, &g->text))
        return GTP_FAIL;
    gtp_printf(g, "%d", game_check_move(&g->game, col, p) == GAME_OK);
    return GTP_OK;
}

enum gtp_status gtp_cmd_all_legal(struct gtp *g, struct gtp_cmd *c)
{
    enum color col;
    if (!gtp_arg_color(c, 0, &col, &g->text))
        return GTP_FAIL;
    print_points(g, is_legal_for, &col);
    return GTP_OK;
}

enum gtp_status gtp_cmd_countlib(struct gtp *g, struct gtp_cmd *c)
{
    point p;
    if (!arg_stone(g, c, 0, &p))
        return GTP_FAIL;
    const struct board *b = &g->game.board;
    gtp_printf(g, "%d", (int)b->str[b->sid[p]].libs);
    return GTP_OK;
}

enum gtp_status gtp_cmd_findlib(struct gtp *g, struct gtp_cmd *c)
{
    point p;
    if (!arg_stone(g, c, 0, &p))
        return GTP_FAIL;
    const struct board *b = &g->game.board;
    point libs[BOARD_MAX_POINTS];
    int n = board_string_libs(b, p, libs, BOARD_MAX_POINTS);
    uint8_t mark[BOARD_MAX_POINTS] = {0};
    for (int i = 0; i < n; i++)
        mark[libs[i]] = 1;
    print_points(g, is_marked, mark);
    return GTP_OK;
}

enum gtp_status gtp_cmd_list_stones(struct gtp *g, struct gtp_cmd *c)
{
    enum color col;
    if (!gtp_arg_color(c, 0, &col, &g->text))
        return GTP_FAIL;
    print_points(g, has_colour, &col);
    return GTP_OK;
}

/* Stones `COLOUR` has captured so far (its prisoners). */
enum gtp_status gtp_cmd_captures(struct gtp *g, struct gtp_cmd *c)
{
    enum color col;
    if (!gtp_arg_color(c, 0, &col, &g->text))
        return GTP_FAIL;
    gtp_printf(g, "%d", g->game.board.captures[col]);
    return GTP_OK;
}

static void print_move(struct gtp *g, const struct game_move *m)
{
    char v[8];
    gtp_printf(g, "%s %s", m->color == BLACK ? "black" : "white",
               gtp_vertex_str(&g->game.board, m->p, v));
}

enum gtp_status gtp_cmd_last_move(struct gtp *g, struct gtp_cmd *c)
{
    if (g->game.n_moves == 0)
        return gtp_fail(g, "no previous move known");
    print_move(g, &g->game.moves[g->game.n_moves - 1]);
    return GTP_OK;
}

/* The moves since the set-up, most recent first, one a line. */
enum gtp_status gtp_cmd_move_history(struct gtp *g, struct gtp_cmd *c)
{
    for (int i = g->game.n_moves - 1; i >= 0; i--) {
        print_move(g, &g->game.moves[i]);
        if (i > 0)
            gtp_printf(g, "\n");
    }
    return GTP_OK;
}

static void print_words(struct gtp *g, struct gtp_cmd *c, FILE *also)
{
    for (int i = 0; i < c->argc; i++) {
        gtp_printf(g, "%s%s", i ? " " : "", c->argv[i]);
        if (also)
            fprintf(also, "%s%s", i ? " " : "", c->argv[i]);
    }
    if (also)
        fprintf(also, "\n");
}

enum gtp_status gtp_cmd_echo(struct gtp *g, struct gtp_cmd *c)
{
    print_words(g, c, NULL);
    return GTP_OK;
}

/* echo, and the same line on stderr (a marker in an engine's log). */
enum gtp_status gtp_cmd_echo_err(struct gtp *g, struct gtp_cmd *c)
{
    print_words(g, c, stderr);
    return GTP_OK;
}
