/* gtp — the command table, the dispatcher and the read loop.
 *
 * Every command goes parse -> validate -> act: the dispatcher checks the name
 * and the number of arguments from the table, the handler reads every
 * argument with the typed readers and checks the request against the game
 * before it changes anything, so a command that fails leaves hane exactly as
 * it was.
 */
#include "gtp/gtp.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gtp/gtp_internal.h"

/* Sorted as list_commands shows them: the GTP v2 set first. */
const struct gtp_command gtp_commands[] = {
    {"protocol_version", gtp_cmd_protocol_version, 0, 0, ""},
    {"name", gtp_cmd_name, 0, 0, ""},
    {"version", gtp_cmd_version, 0, 0, ""},
    {"known_command", gtp_cmd_known_command, 1, 1, "COMMAND"},
    {"list_commands", gtp_cmd_list_commands, 0, 0, ""},
    {"quit", gtp_cmd_quit, 0, 0, ""},
    {"boardsize", gtp_cmd_boardsize, 1, 1, "SIZE"},
    {"clear_board", gtp_cmd_clear_board, 0, 0, ""},
    {"komi", gtp_cmd_komi, 1, 1, "KOMI"},
    {"play", gtp_cmd_play, 2, 2, "COLOUR VERTEX"},
    {"genmove", gtp_cmd_genmove, 1, 1, "COLOUR"},
    {"undo", gtp_cmd_undo, 0, 0, ""},
    {"fixed_handicap", gtp_cmd_fixed_handicap, 1, 1, "STONES"},
    {"place_free_handicap", gtp_cmd_place_free_handicap, 1, 1, "STONES"},
    {"set_free_handicap", gtp_cmd_set_free_handicap, 1, -1, "VERTEX..."},
    {"time_settings", gtp_cmd_time_settings, 3, 3, "MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES"},
    {"time_left", gtp_cmd_time_left, 3, 3, "COLOUR TIME STONES"},
    {"final_score", gtp_cmd_final_score, 0, 0, ""},
    {"final_status_list", gtp_cmd_final_status_list, 1, 1, "alive|dead|seki"},
    {"loadsgf", gtp_cmd_loadsgf, 1, 2, "FILE [MOVE_NUMBER|VERTEX]"},
    {"reg_genmove", gtp_cmd_reg_genmove, 1, 1, "COLOUR"},
    {"restricted_genmove", gtp_cmd_restricted_genmove, 2, -1, "COLOUR VERTEX..."},
    {"gg_genmove", gtp_cmd_gg_genmove, 1, 2, "COLOUR [SEED]"},
    {"showboard", gtp_cmd_showboard, 0, 0, ""},
    {"printsgf", gtp_cmd_printsgf, 0, 0, ""},
    {"kgs-time_settings", gtp_cmd_kgs_time_settings, 1, 4, "none|absolute|byoyomi|canadian ..."},
    {"kgs-genmove_cleanup", gtp_cmd_genmove_cleanup, 1, 1, "COLOUR"},
    {"cputime", gtp_cmd_cputime, 0, 0, ""},
    {"query_boardsize", gtp_cmd_query_boardsize, 0, 0, ""},
    {"get_komi", gtp_cmd_get_komi, 0, 0, ""},
    {"color", gtp_cmd_color, 1, 1, "VERTEX"},
    {"is_legal", gtp_cmd_is_legal, 2, 2, "COLOUR VERTEX"},
    {"all_legal", gtp_cmd_all_legal, 1, 1, "COLOUR"},
    {"countlib", gtp_cmd_countlib, 1, 1, "VERTEX"},
    {"findlib", gtp_cmd_findlib, 1, 1, "VERTEX"},
    {"list_stones", gtp_cmd_list_stones, 1, 1, "COLOUR"},
    {"captures", gtp_cmd_captures, 1, 1, "COLOUR"},
    {"last_move", gtp_cmd_last_move, 0, 0, ""},
    {"move_history", gtp_cmd_move_history, 0, 0, ""},
    {"echo", gtp_cmd_echo, 0, -1, "[WORD...]"},
    {"echo_err", gtp_cmd_echo_err, 0, -1, "[WORD...]"},
    {"lz-analyze", gtp_cmd_lz_analyze, 0, -1, "[COLOUR] [INTERVAL] [interval N]"},
    {"kata-analyze", gtp_cmd_kata_analyze, 0, -1,
     "[COLOUR] [INTERVAL] [interval N] [ownership true|false]"},
    {"lz-genmove_analyze", gtp_cmd_lz_genmove_analyze, 0, -1, "[COLOUR] [INTERVAL] [interval N]"},
    {"kata-genmove_analyze", gtp_cmd_kata_genmove_analyze, 0, -1,
     "[COLOUR] [INTERVAL] [interval N] [ownership true|false]"},
    {"gogui-analyze_commands", gtp_cmd_gogui_analyze_commands, 0, 0, ""},
    {"gogui-title", gtp_cmd_gogui_title, 0, 0, ""},
    {"hane-heatmap", gtp_cmd_heatmap, 0, 1, "[COLOUR]"},
    {"hane-ownership", gtp_cmd_ownership, 0, 0, ""},
    {"hane-pv", gtp_cmd_pv, 0, 1, "[COLOUR]"},
    {"hane-prior", gtp_cmd_prior, 0, 1, "[COLOUR]"},
    {"hane-param", gtp_cmd_hane_param, 0, 2, "[KEY [VALUE]]"},
    {"hane-gogui_params", gtp_cmd_gogui_params, 0, 2, "[KEY VALUE]"},
    {"gogui-sigint", gtp_cmd_gogui_sigint, 0, 0, ""},
    {NULL, NULL, 0, 0, NULL},
};

const struct gtp_command *gtp_find_command(const char *name)
{
    for (const struct gtp_command *k = gtp_commands; k->name; k++)
        if (!strcmp(k->name, name))
            return k;
    return NULL;
}

enum gtp_status gtp_fail(struct gtp *g, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gtp_buf_clear(&g->text);
    gtp_buf_printf(&g->text, "%s", msg);
    return GTP_FAIL;
}

struct gtp *gtp_new(const struct params *p, FILE *out, const struct gtp_options *opt,
                    char *err, int err_len)
{
    board_init();
    struct gtp *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, (size_t)err_len, "out of memory");
        return NULL;
    }
    g->initial = *p;
    if (opt)
        g->opt = *opt;
    g->search = search_new(p, err, err_len);
    if (!g->search) {
        free(g);
        return NULL;
    }
    game_init(&g->game, 19, 7.5);
    timectl_init(&g->tc);
    gtp_out_init(&g->out, out);
    return g;
}

void gtp_reset(struct gtp *g, int size, FILE *out)
{
    gtp_stop_thinking(g);
    char err[512];
    if (memcmp(gtp_params(g), &g->initial, sizeof g->initial))
        search_set_params(g->search, &g->initial, err, sizeof err);
    if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE)
        size = 19;
    game_clear(&g->game, size);
    g->game.komi = 7.5;
    timectl_init(&g->tc);
    g->out.f = out;
}

void gtp_free(struct gtp *g)
{
    if (!g)
        return;
    gtp_stop_thinking(g);
    gtp_sigint_release(g);
    search_free(g->search);
    game_free(&g->game);
    gtp_out_free(&g->out);
    gtp_buf_free(&g->text);
    gtp_buf_free(&g->stream_line);
    free(g->reader);
    free(g);
}

void gtp_finish_stream(struct gtp *g)
{
    if (!g->streaming)
        return;
    search_analyze_stop(g->search);
    gtp_stream_close(&g->out);
    g->streaming = false;
}

void gtp_stop_thinking(struct gtp *g)
{
    gtp_finish_stream(g);
    if (g->pondering) {
        search_ponder_stop(g->search);
        g->pondering = false;
    }
}

bool gtp_heavy_allowed(struct gtp *g)
{
    /* Thousands of playouts per call would make the fuzzer spend nearly all
     * its time there; the sandbox answers as if no stone were dead. */
    return !g->opt.sandbox;
}

struct time_control *gtp_time(struct gtp *g, struct time_control *scratch)
{
    if (!g->opt.sandbox)
        return &g->tc;
    timectl_init(scratch);
    return scratch;
}

/* Runs one split command and writes its reply. Returns false after quit. */
static bool dispatch(struct gtp *g, struct gtp_cmd *c)
{
    gtp_buf_clear(&g->text);
    enum gtp_status st;
    const struct gtp_command *k = c->name ? gtp_find_command(c->name) : NULL;
    char q[200];
    if (!c->name) {
        st = gtp_fail(g, "syntax error: an id but no command");
    } else if (!k) {
        gtp_quote(q, sizeof q, c->name, 60);
        st = gtp_fail(g, "unknown command: %s", q);
    } else if (c->too_many_args) {
        st = gtp_fail(g, "syntax error: %s: more than %d arguments", k->name, GTP_MAX_ARGS);
    } else if (c->argc < k->min_args || (k->max_args >= 0 && c->argc > k->max_args)) {
        if (k->max_args == 0)
            st = gtp_fail(g, "syntax error: %s takes no arguments, got %d", k->name, c->argc);
        else
            st = gtp_fail(g, "syntax error: wrong number of arguments (%d); usage: %s %s",
                          c->argc, k->name, k->usage);
    } else {
        st = k->fn(g, c);
    }
    if (g->text.out_of_memory && st != GTP_STREAMED) {
        /* The reply text did not fit; say so rather than answer half of it. */
        gtp_buf_clear(&g->text);
        gtp_buf_printf(&g->text, "out of memory: the reply to %s did not fit", k->name);
        st = st == GTP_QUIT ? GTP_QUIT : GTP_FAIL;
    }
    switch (st) {
    case GTP_OK:
        gtp_reply(&g->out, true, c->id, gtp_buf_str(&g->text));
        return true;
    case GTP_FAIL:
        gtp_reply(&g->out, false, c->id, gtp_buf_str(&g->text));
        return true;
    case GTP_QUIT:
        gtp_reply(&g->out, true, c->id, "");
        return false;
    case GTP_STREAMED:
        return true;
    }
    return true;
}

bool gtp_execute(struct gtp *g, char *line, size_t len)
{
    gtp_preprocess(line, len);
    struct gtp_cmd *c = &g->cmd;
    if (!gtp_split(line, c))
        return true;            /* empty or comment-only: no reply at all */
    gtp_stop_thinking(g);       /* a command ends analysis and pondering */
    return dispatch(g, c);
}

/* An over-long line: one error reply, with the id if the line began with one. */
void gtp_reply_too_long(struct gtp *g, struct gtp_reader *r)
{
    gtp_stop_thinking(g);
    size_t total = r->len + r->dropped;
    /* Only the first few bytes matter for the id. */
    char head[GTP_ID_MAX + 8];
    size_t n = r->len < sizeof head - 1 ? r->len : sizeof head - 1;
    memcpy(head, r->buf, n);
    gtp_preprocess(head, n);
    const char *id = "";
    size_t d = strspn(head, "0123456789");
    if (d && d <= GTP_ID_MAX && head[d] == ' ') {
        head[d] = '\0';
        id = head;
    }
    char msg[128];
    snprintf(msg, sizeof msg, "syntax error: line too long (%zu bytes; at most %d are read)",
             total, GTP_LINE_MAX);
    gtp_reply(&g->out, false, id, msg);
}

bool gtp_run(struct gtp *g, FILE *in)
{
    if (!g->reader) {
        g->reader = malloc(sizeof *g->reader);
        if (!g->reader) {
            fputs("hane: out of memory\n", stderr);
            return false;
        }
    }
    struct gtp_reader *r = g->reader;
    r->in = in;
    for (;;) {
        enum gtp_read st = gtp_read_line(r);
        if (st == GTP_READ_EOF)
            break;
        if (gtp_out_error(&g->out))
            break;   /* e.g. an analysis stream's line could not be written */
        if (st == GTP_READ_TOO_LONG)
            gtp_reply_too_long(g, r);
        else if (!gtp_execute(g, r->buf, r->len))
            break;
        if (gtp_out_error(&g->out))
            break;
    }
    gtp_stop_thinking(g);
    int e = gtp_out_error(&g->out);
    if (e) {
        fprintf(stderr, "hane: cannot write replies (%s); stopping\n", strerror(e));
        return false;
    }
    return true;
}
