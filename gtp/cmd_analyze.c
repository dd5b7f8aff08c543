/* cmd_analyze — analysis for GUIs: lz-analyze and kata-analyze (streamed in
 * the formats Sabaki parses), their genmove_analyze forms, and GoGui's
 * analyze commands (heat map, ownership, principal variation).
 *
 * Streaming: the handler starts the searcher's analysis threads and opens a
 * reply ("=id"); the searcher's callback writes one "info ..." line per report
 * from its own thread through gtp_out (locked); the next command (or the end
 * of input) stops the search and closes the reply with its blank line. The
 * genmove_analyze forms stream the same lines from a genmove's search and
 * close the reply themselves after the "play" line.
 *
 * GoGui's views of one position (heat map, principal variation, ownership)
 * come from one search, kept in g->last_analysis until the position, the
 * colour or a parameter changes.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "gtp/gtp_internal.h"

/* Sabaki's default interval is 10 (centiseconds); an interval below this is
 * raised to it so a client cannot make hane spend its time printing. */
#define MIN_INTERVAL_MS 10

static void analysis_line(struct gtp *g, const struct search_report *r)
{
    const struct board *b = &g->game.board;
    struct gtp_buf line = {0};
    char v[8];
    int order = 0;
    int n = r->n < (int)(sizeof r->cand / sizeof r->cand[0]) ? r->n : (int)(sizeof r->cand / sizeof r->cand[0]);
    for (int i = 0; i < n && (g->analyze_max <= 0 || order < g->analyze_max); i++) {
        const struct search_candidate *k = &r->cand[i];
        if (k->visits <= 0)
            continue;
        gtp_buf_printf(&line, "%sinfo move %s visits %d", order ? " " : "",
                       gtp_vertex_str(b, k->move, v), k->visits);
        if (g->kata) {
            double lead = r->to_move == BLACK ? k->score_lead : -k->score_lead;
            if (lead == 0)
                lead = 0;   /* no "-0.000" before the first playouts are counted */
            gtp_buf_printf(&line, " winrate %.6f scoreMean %.3f scoreLead %.3f prior %.6f order %d pv",
                           k->winrate, lead, lead, k->prior, order);
        } else {
            gtp_buf_printf(&line, " winrate %d prior %d order %d pv",
                           (int)lround(k->winrate * 10000), (int)lround(k->prior * 10000), order);
        }
        if (k->pv_len <= 0)
            gtp_buf_printf(&line, " %s", gtp_vertex_str(b, k->move, v));
        for (int j = 0; j < k->pv_len && j < (int)(sizeof k->pv / sizeof k->pv[0]); j++)
            gtp_buf_printf(&line, " %s", gtp_vertex_str(b, k->pv[j], v));
        order++;
    }
    if (g->kata && g->kata_ownership && r->ownership && order) {
        /* KataGo's order: rows from the top, columns from the left, values for
         * the side to move. */
        double sign = r->to_move == BLACK ? 1 : -1;
        gtp_buf_printf(&line, " ownership");
        for (int y = b->size - 1; y >= 0; y--)
            for (int x = 0; x < b->size; x++)
                gtp_buf_printf(&line, " %.4f", sign * r->ownership[board_point(b, x, y)]);
    }
    gtp_stream_line(&g->out, gtp_buf_str(&line));
    gtp_buf_free(&line);
}

static void stream_report(void *ctx, const struct search_report *r)
{
    analysis_line(ctx, r);
}

/* The arguments of lz-analyze, kata-analyze and their genmove_analyze forms:
 * [COLOUR] [INTERVAL] [interval N] [ownership B] [minmoves N] [maxmoves N].
 * Sets *col, *ms (the report interval in milliseconds) and the reply format
 * in g; false with the message in g->text on a bad argument. */
static bool analyze_args(struct gtp *g, struct gtp_cmd *c, bool kata, enum color *col, int *ms)
{
    *col = game_to_move(&g->game);
    long interval = 100;    /* centiseconds */
    long max_moves = 0;     /* 0: every candidate with visits */
    bool ownership = false;
    int i = 0;
    long n;
    if (i < c->argc && gtp_parse_color(c->argv[i], col))
        i++;
    if (i < c->argc && gtp_strtol(c->argv[i], &n)) {
        if (!gtp_arg_int(c, i, 0, 360000, "interval in centiseconds", &interval, &g->text))
            return false;
        i++;
    }
    while (i < c->argc) {
        const char *key = c->argv[i];
        char q[200];
        gtp_quote(q, sizeof q, key, 40);
        bool known = !strcasecmp(key, "interval") || (kata && !strcasecmp(key, "ownership")) ||
                     !strcasecmp(key, "minmoves") || !strcasecmp(key, "maxmoves");
        if (!known) {
            gtp_fail(g, "syntax error: expected a colour, an interval or an option (interval%s, minmoves, maxmoves), got '%s'",
                     kata ? ", ownership" : "", q);
            return false;
        }
        if (i + 1 >= c->argc) {
            gtp_fail(g, "syntax error: option '%s' needs a value", q);
            return false;
        }
        if (!strcasecmp(key, "interval")) {
            if (!gtp_arg_int(c, i + 1, 0, 360000, "interval in centiseconds", &interval, &g->text))
                return false;
        } else if (kata && !strcasecmp(key, "ownership")) {
            if (!gtp_arg_bool(c, i + 1, &ownership, &g->text))
                return false;
        } else if (!strcasecmp(key, "maxmoves")) {
            /* As in Leela Zero and KataGo: at most this many candidates a
             * line, the most visited first; 0 means no limit. */
            if (!gtp_arg_int(c, i + 1, 0, 1000, "number of moves", &max_moves, &g->text))
                return false;
        } else {
            /* minmoves asks for moves with no visits too; hane reports only
             * moves it has searched, so it is checked and then ignored. */
            if (!gtp_arg_int(c, i + 1, 0, 1000, "number of moves", &n, &g->text))
                return false;
        }
        i += 2;
    }
    *ms = (int)interval * 10;
    if (*ms < MIN_INTERVAL_MS)
        *ms = MIN_INTERVAL_MS;
    g->kata = kata;
    g->kata_ownership = ownership;
    g->analyze_max = (int)max_moves;
    return true;
}

/* lz-analyze / kata-analyze: analysis in the background until the next command. */
static enum gtp_status analyze(struct gtp *g, struct gtp_cmd *c, bool kata)
{
    enum color col;
    int ms;
    if (!analyze_args(g, c, kata, &col, &ms))
        return GTP_FAIL;
    if (!search_analyze_start(g->search, &g->game, col, ms, stream_report, g))
        return gtp_fail(g, "cannot start the analysis");
    gtp_stream_open(&g->out, c->id);
    g->streaming = true;
    return GTP_STREAMED;
}

enum gtp_status gtp_cmd_lz_analyze(struct gtp *g, struct gtp_cmd *c)
{
    return analyze(g, c, false);
}

enum gtp_status gtp_cmd_kata_analyze(struct gtp *g, struct gtp_cmd *c)
{
    return analyze(g, c, true);
}

/* lz-genmove_analyze / kata-genmove_analyze: genmove with the analysis lines
 * streamed while hane thinks, then "play MOVE" and the blank line that ends
 * the reply (Leela Zero's and KataGo's format; Sabaki generates its engines'
 * moves this way when they offer it and reads the move from the "play"
 * line). The move is played, as by genmove; the reply is complete when the
 * handler returns, so the next command has nothing to stop. */
static enum gtp_status genmove_analyze(struct gtp *g, struct gtp_cmd *c, bool kata)
{
    enum color col;
    int ms;
    if (!analyze_args(g, c, kata, &col, &ms))
        return GTP_FAIL;
    gtp_stream_open(&g->out, c->id);
    point m = gtp_genmove_play(g, col, ms, stream_report);
    char v[8], line[16];
    snprintf(line, sizeof line, "play %s", gtp_vertex_str(&g->game.board, m, v));
    gtp_stream_line(&g->out, line);
    gtp_stream_close(&g->out);
    return GTP_STREAMED;
}

enum gtp_status gtp_cmd_lz_genmove_analyze(struct gtp *g, struct gtp_cmd *c)
{
    return genmove_analyze(g, c, false);
}

enum gtp_status gtp_cmd_kata_genmove_analyze(struct gtp *g, struct gtp_cmd *c)
{
    return genmove_analyze(g, c, true);
}

enum gtp_status gtp_cmd_gogui_analyze_commands(struct gtp *g, struct gtp_cmd *c)
{
    gtp_printf(g, "gfx/Hane Heat Map/hane-heatmap %%c\n"
                  "gfx/Hane Ownership/hane-ownership\n"
                  "gfx/Hane Principal Variation/hane-pv %%c\n"
                  "gfx/Hane Pattern Prior/hane-prior %%c\n"
                  "param/Hane Parameters/hane-gogui_params\n");
    return GTP_OK;
}

/* gogui-title: the window title GoGui shows for the game (it asks when the
 * command is listed): the engine, board size, komi and move number. */
enum gtp_status gtp_cmd_gogui_title(struct gtp *g, struct gtp_cmd *c)
{
    gtp_printf(g, "%s %dx%d, komi %g, move %d", HANE_NAME, g->game.board.size,
               g->game.board.size, g->game.komi, g->game.n_moves);
    return GTP_OK;
}

/* A search for the GoGui commands: analysis runs until the playout budget (or
 * the time per move) is used, and the last report is kept, with its
 * ownership copied while the callback holds it. */
struct snapshot {
    pthread_mutex_t lock;
    struct search_report r;
    float *own;
    bool have;
};

static void snapshot_report(void *ctx, const struct search_report *r)
{
    struct snapshot *s = ctx;
    pthread_mutex_lock(&s->lock);
    s->r = *r;
    if (r->ownership) {
        memcpy(s->own, r->ownership, sizeof(float) * BOARD_MAX_POINTS);
        s->r.ownership = s->own;
    }
    s->have = true;
    pthread_mutex_unlock(&s->lock);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static bool snapshot(struct gtp *g, enum color col, struct search_report *out, float *own)
{
    if (!gtp_heavy_allowed(g))
        return false;
    struct snapshot s = {.own = own, .have = false};
    pthread_mutex_init(&s.lock, NULL);
    const struct params *p = gtp_params(g);
    int64_t want = p->playouts > 0 ? p->playouts : 0;
    double limit = p->time_per_move > 0 ? p->time_per_move : want ? 30 : 2;
    if (!search_analyze_start(g->search, &g->game, col, 20, snapshot_report, &s)) {
        pthread_mutex_destroy(&s.lock);
        return false;
    }
    double t0 = now();
    for (;;) {
        struct timespec nap = {0, 10 * 1000 * 1000};
        nanosleep(&nap, NULL);
        pthread_mutex_lock(&s.lock);
        bool done = s.have && want && s.r.playouts >= want;
        pthread_mutex_unlock(&s.lock);
        if (done || now() - t0 >= limit)
            break;
    }
    search_analyze_stop(g->search);
    pthread_mutex_lock(&s.lock);
    bool have = s.have;
    if (have)
        *out = s.r;
    pthread_mutex_unlock(&s.lock);
    pthread_mutex_destroy(&s.lock);
    return have;
}

static bool same_position(const struct gtp *g, enum color col)
{
    const struct gtp_analysis *a = &g->last_analysis;
    const struct board *b = &g->game.board;
    return a->valid && a->col == col && a->hash == b->hash && a->ko == b->ko &&
           a->size == b->size && a->n_moves == g->game.n_moves && a->komi == g->game.komi &&
           !memcmp(&a->params, gtp_params(g), sizeof a->params);
}

/* The report of the last search of this position with `col` to move,
 * searching it first when there is none; NULL if no search could run. */
static const struct search_report *analysis(struct gtp *g, enum color col)
{
    struct gtp_analysis *a = &g->last_analysis;
    if (same_position(g, col))
        return &a->r;
    a->valid = false;
    if (!snapshot(g, col, &a->r, a->own))
        return NULL;
    const struct board *b = &g->game.board;
    a->hash = b->hash;
    a->ko = b->ko;
    a->size = b->size;
    a->n_moves = g->game.n_moves;
    a->komi = g->game.komi;
    a->col = col;
    a->params = *gtp_params(g);
    a->valid = true;
    return &a->r;
}

static bool colour_arg(struct gtp *g, struct gtp_cmd *c, enum color *col)
{
    *col = game_to_move(&g->game);
    return c->argc == 0 || gtp_arg_color(c, 0, col, &g->text);
}

/* The analysis for the colour of the optional argument (the side to move
 * without one); NULL with the failure's text set when there is none. */
static const struct search_report *analysis_arg(struct gtp *g, struct gtp_cmd *c)
{
    enum color col;
    if (!colour_arg(g, c, &col))
        return NULL;
    const struct search_report *r = analysis(g, col);
    if (!r)
        gtp_fail(g, "no analysis available");
    return r;
}

/* hane-heatmap [COLOUR]: shading by share of visits, labels with win rates. */
enum gtp_status gtp_cmd_heatmap(struct gtp *g, struct gtp_cmd *c)
{
    const struct search_report *r = analysis_arg(g, c);
    if (!r)
        return GTP_FAIL;
    const struct board *b = &g->game.board;
    char v[8];
    int most = 1;
    for (int i = 0; i < r->n; i++)
        if (r->cand[i].visits > most)
            most = r->cand[i].visits;
    gtp_printf(g, "INFLUENCE");
    for (int i = 0; i < r->n; i++)
        if (r->cand[i].move != PASS && r->cand[i].visits > 0)
            gtp_printf(g, " %s %.3f", gtp_vertex_str(b, r->cand[i].move, v),
                       (double)r->cand[i].visits / most);
    gtp_printf(g, "\nLABEL");
    for (int i = 0; i < r->n; i++)
        if (r->cand[i].move != PASS && r->cand[i].visits > 0)
            gtp_printf(g, " %s %d", gtp_vertex_str(b, r->cand[i].move, v),
                       (int)lround(r->cand[i].winrate * 100));
    gtp_printf(g, "\nTEXT %s to move: win rate %.1f%% after %lld playouts",
               r->to_move == BLACK ? "black" : "white", r->root_winrate * 100, (long long)r->playouts);
    return GTP_OK;
}

/* hane-ownership: who owns each point, black positive, from the playouts of
 * the position's analysis search (the one the heat map and the principal
 * variation show), or of an ownership search when that kept none. */
enum gtp_status gtp_cmd_ownership(struct gtp *g, struct gtp_cmd *c)
{
    static float scratch[BOARD_MAX_POINTS];
    const struct board *b = &g->game.board;
    const struct search_report *r = analysis(g, game_to_move(&g->game));
    const float *own = r ? r->ownership : NULL;
    if (!own) {
        int64_t want = gtp_params(g)->playouts;
        int playouts = want > 0 && want < 100000 ? (int)want : 1000;
        memset(scratch, 0, sizeof scratch);
        search_ownership(g->search, &g->game, playouts, scratch);
        own = scratch;
    }
    char v[8];
    gtp_printf(g, "INFLUENCE");
    for (int y = b->size - 1; y >= 0; y--)
        for (int x = 0; x < b->size; x++) {
            point p = board_point(b, x, y);
            /* Rounded to two places; a share that rounds to zero prints as
             * 0.00, not -0.00. */
            double o = own[p];
            gtp_printf(g, " %s %.2f", gtp_vertex_str(b, p, v), fabs(o) < 0.005 ? 0.0 : o);
        }
    return GTP_OK;
}

/* hane-pv [COLOUR]: the principal variation of the best move. */
enum gtp_status gtp_cmd_pv(struct gtp *g, struct gtp_cmd *c)
{
    const struct search_report *r = analysis_arg(g, c);
    if (!r)
        return GTP_FAIL;
    if (r->n == 0)
        return GTP_OK;
    const struct board *b = &g->game.board;
    const struct search_candidate *k = &r->cand[0];
    char v[8];
    gtp_printf(g, "VAR");
    int len = k->pv_len > 0 ? k->pv_len : 1;
    enum color who = r->to_move;
    for (int j = 0; j < len && j < (int)(sizeof k->pv / sizeof k->pv[0]); j++) {
        gtp_printf(g, " %c %s", who == BLACK ? 'b' : 'w',
                   gtp_vertex_str(b, k->pv_len > 0 ? k->pv[j] : k->move, v));
        who = color_other(who);
    }
    return GTP_OK;
}

/* hane-prior [COLOUR]: the pattern model's probability of every move,
 * shaded relative to the likeliest, the first ten labelled with their rank
 * (the order in which progressive widening lets moves into the tree). */
enum gtp_status gtp_cmd_prior(struct gtp *g, struct gtp_cmd *c)
{
    enum color col;
    if (!colour_arg(g, c, &col))
        return GTP_FAIL;
    static point moves[BOARD_MAX_POINTS + 1];
    static float priors[BOARD_MAX_POINTS + 1];
    int n = search_move_priors(g->search, &g->game, col, moves, priors);
    const struct board *b = &g->game.board;
    char v[8];
    double most = n > 0 && priors[0] > 0 ? priors[0] : 1.0;
    gtp_printf(g, "INFLUENCE");
    for (int i = 0; i < n; i++)
        if (moves[i] != PASS)
            gtp_printf(g, " %s %.3f", gtp_vertex_str(b, moves[i], v), priors[i] / most);
    gtp_printf(g, "\nLABEL");
    for (int i = 0, rank = 0; i < n && rank < 10; i++)
        if (moves[i] != PASS)
            gtp_printf(g, " %s %d", gtp_vertex_str(b, moves[i], v), ++rank);
    gtp_printf(g, "\nTEXT %s to move: %d moves; the likeliest %s at %.1f%%",
               col == BLACK ? "black" : "white", n, n ? gtp_vertex_str(b, moves[0], v) : "-",
               n ? priors[0] * 100.0 : 0.0);
    return GTP_OK;
}
