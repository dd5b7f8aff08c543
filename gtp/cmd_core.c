/* cmd_core — protocol commands, board set-up, showboard, cputime, hane-param. */
#include <string.h>
#include <sys/resource.h>

#include "gtp/gtp_internal.h"

enum gtp_status gtp_cmd_protocol_version(struct gtp *g, struct gtp_cmd *c)
{
    gtp_printf(g, "2");
    return GTP_OK;
}

enum gtp_status gtp_cmd_name(struct gtp *g, struct gtp_cmd *c)
{
    gtp_printf(g, "%s", HANE_NAME);
    return GTP_OK;
}

enum gtp_status gtp_cmd_version(struct gtp *g, struct gtp_cmd *c)
{
    gtp_printf(g, "%s", HANE_VERSION);
    return GTP_OK;
}

enum gtp_status gtp_cmd_known_command(struct gtp *g, struct gtp_cmd *c)
{
    gtp_printf(g, "%s", gtp_find_command(c->argv[0]) ? "true" : "false");
    return GTP_OK;
}

enum gtp_status gtp_cmd_list_commands(struct gtp *g, struct gtp_cmd *c)
{
    for (const struct gtp_command *k = gtp_commands; k->name; k++)
        gtp_printf(g, "%s\n", k->name);
    return GTP_OK;
}

enum gtp_status gtp_cmd_quit(struct gtp *g, struct gtp_cmd *c)
{
    return GTP_QUIT;
}

enum gtp_status gtp_cmd_boardsize(struct gtp *g, struct gtp_cmd *c)
{
    long n;
    /* Any integer is well formed; sizes hane cannot play are "unacceptable". */
    if (!gtp_strtol(c->argv[0], &n)) {
        char q[200];
        gtp_quote(q, sizeof q, c->argv[0], 40);
        return gtp_fail(g, "syntax error: expected an integer board size, got '%s'", q);
    }
    if (n < BOARD_MIN_SIZE || n > BOARD_MAX_SIZE)
        return gtp_fail(g, "unacceptable size: %ld (hane plays %d to %d)", n,
                        BOARD_MIN_SIZE, BOARD_MAX_SIZE);
    game_clear(&g->game, (int)n);
    return GTP_OK;
}

enum gtp_status gtp_cmd_clear_board(struct gtp *g, struct gtp_cmd *c)
{
    game_clear(&g->game, g->game.board.size);
    return GTP_OK;
}

enum gtp_status gtp_cmd_komi(struct gtp *g, struct gtp_cmd *c)
{
    double k;
    /* Komi beyond the area of the largest board means nothing; refusing it
     * keeps scores printable. */
    if (!gtp_arg_number(c, 0, -1000, 1000, "komi", &k, &g->text))
        return GTP_FAIL;
    g->game.komi = k;
    return GTP_OK;
}

/* The board as text: columns and rows labelled on both sides, X black, O
 * white, the last move in parentheses; no empty line (it is inside a reply). */
enum gtp_status gtp_cmd_showboard(struct gtp *g, struct gtp_cmd *c)
{
    const struct board *b = &g->game.board;
    int n = b->size;
    point last = g->game.n_moves ? g->game.moves[g->game.n_moves - 1].p : 0;
    gtp_printf(g, "\n   ");
    for (int x = 0; x < n; x++)
        gtp_printf(g, " %c", gtp_column(x));
    gtp_printf(g, "\n");
    for (int y = n - 1; y >= 0; y--) {
        gtp_printf(g, "%2d ", y + 1);
        for (int x = 0; x < n; x++) {
            point p = board_point(b, x, y);
            char sep = p == last ? '(' : (x > 0 && board_point(b, x - 1, y) == last ? ')' : ' ');
            char s = b->color[p] == BLACK ? 'X' : b->color[p] == WHITE ? 'O' : '.';
            gtp_printf(g, "%c%c", sep, s);
        }
        gtp_printf(g, "%c%2d", board_point(b, n - 1, y) == last ? ')' : ' ', y + 1);
        if (y == n - 1)
            gtp_printf(g, "    komi %.1f, moves %d", g->game.komi, g->game.n_moves);
        else if (y == n - 2)
            gtp_printf(g, "    captured by X: %d", b->captures[BLACK]);
        else if (y == n - 3 || (n < 3 && y == 0))
            gtp_printf(g, "    captured by O: %d", b->captures[WHITE]);
        gtp_printf(g, "\n");
    }
    gtp_printf(g, "   ");
    for (int x = 0; x < n; x++)
        gtp_printf(g, " %c", gtp_column(x));
    gtp_printf(g, "\n    %s to move", game_to_move(&g->game) == BLACK ? "X (black)" : "O (white)");
    return GTP_OK;
}

/* Process CPU seconds, all threads: gogui-twogtp reads it to report each
 * engine's thinking time. */
enum gtp_status gtp_cmd_cputime(struct gtp *g, struct gtp_cmd *c)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return gtp_fail(g, "cannot read the CPU time");
    double s = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
               (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    gtp_printf(g, "%.3f", s);
    return GTP_OK;
}

/* hane-param: all parameters, one, or set one. Setting goes through a copy
 * so a bad value or a searcher that refuses the change leaves all as it was. */
enum gtp_status gtp_cmd_hane_param(struct gtp *g, struct gtp_cmd *c)
{
    char val[600], q[200];
    if (c->argc == 0) {
        for (const char *const *k = params_names(); *k; k++)
            if (params_get(gtp_params(g), *k, val, sizeof val))
                gtp_printf(g, "%s %s\n", *k, val);
        return GTP_OK;
    }
    gtp_quote(q, sizeof q, c->argv[0], 40);
    if (!params_get(gtp_params(g), c->argv[0], val, sizeof val))
        return gtp_fail(g, "unknown parameter: '%s' (hane-param lists them)", q);
    if (c->argc == 1) {
        gtp_printf(g, "%s", val);
        return GTP_OK;
    }
    struct params p = *gtp_params(g);
    char err[512];
    if (!params_set(&p, c->argv[0], c->argv[1], err, sizeof err))
        return gtp_fail(g, "syntax error: %s", err);
    if (g->opt.sandbox)
        return GTP_OK;          /* checked, not applied: see gtp_options */
    if (!search_set_params(g->search, &p, err, sizeof err))
        return gtp_fail(g, "cannot apply %s: %s", q, err);
    return GTP_OK;
}

/* hane-gogui_params: GoGui's "param" analyze type. Without arguments every
 * parameter as "[string] key value" (GoGui's dialog shows and edits them);
 * GoGui then sends "hane-gogui_params KEY VALUE" for each change. */
enum gtp_status gtp_cmd_gogui_params(struct gtp *g, struct gtp_cmd *c)
{
    if (c->argc == 2)
        return gtp_cmd_hane_param(g, c);
    if (c->argc != 0)
        return gtp_fail(g, "syntax error: wrong number of arguments (%d); usage: hane-gogui_params [KEY VALUE]",
                        c->argc);
    char val[600];
    for (const char *const *k = params_names(); *k; k++)
        if (params_get(gtp_params(g), *k, val, sizeof val))
            gtp_printf(g, "[string] %s %s\n", *k, val);
    return GTP_OK;
}
