/* gtp_internal — the front end's state and the command handlers, shared by
 * the gtp/cmd_*.c files; not part of the contract (gtp.h is).
 */
#ifndef HANE_GTP_INTERNAL_H
#define HANE_GTP_INTERNAL_H

#include <stdatomic.h>

#include "engine/board/game.h"
#include "engine/params.h"
#include "engine/search.h"
#include "engine/timectl.h"
#include "gtp/gtp.h"
#include "gtp/gtp_args.h"
#include "gtp/gtp_line.h"
#include "gtp/gtp_out.h"

#define HANE_NAME "hane"
#ifndef HANE_VERSION
#define HANE_VERSION "0.1"
#endif

enum gtp_status {
    GTP_OK,         /* reply "= text" */
    GTP_FAIL,       /* reply "? text" */
    GTP_QUIT,       /* reply "=" and stop reading */
    GTP_STREAMED,   /* the handler opened a streamed reply; it ends with the next command */
};

/* The last search of a GoGui analyze command and the position it searched.
 * GoGui sends each view (heat map, principal variation, ownership) as a
 * command of its own, and two fresh searches at a GUI's budget can disagree
 * on the best move; the views of one position share this search. */
struct gtp_analysis {
    bool valid;
    uint64_t hash;              /* the position: stones, ko, move count, komi, colour */
    point ko;
    int size, n_moves;
    double komi;
    enum color col;
    struct params params;       /* a changed parameter calls for a new search */
    struct search_report r;     /* r.ownership points into own[] or is NULL */
    float own[BOARD_MAX_POINTS];
};

struct gtp {
    /* The parameters as given to gtp_new, which gtp_reset brings back; the
     * current ones are the searcher's (gtp_params), never copied here. */
    struct params initial;
    struct gtp_options opt;
    struct game game;
    struct search *search;
    struct time_control tc;
    struct gtp_out out;
    struct gtp_buf text;        /* reply text of the command being handled */
    struct gtp_reader *reader;
    struct gtp_cmd cmd;         /* the command being handled (words point into the line) */
    bool streaming;             /* a streamed reply is open */
    bool pondering;
    /* Analysis streaming: the line being built by the callback. */
    struct gtp_buf stream_line;
    bool kata;                  /* kata-analyze format */
    bool kata_ownership;
    int analyze_max;                /* maxmoves of lz/kata-analyze: candidates a line; 0 = all */
    struct gtp_analysis last_analysis;
};

/* The parameters in force: the searcher's own. */
static inline const struct params *gtp_params(const struct gtp *g)
{
    return search_params(g->search);
}

typedef enum gtp_status (*gtp_handler)(struct gtp *g, struct gtp_cmd *c);

struct gtp_command {
    const char *name;
    gtp_handler fn;
    int min_args, max_args;     /* max_args < 0: no limit */
    const char *usage;          /* argument synopsis for arity errors */
};

/* The command table (NULL-terminated by name), sorted as list_commands shows it. */
extern const struct gtp_command gtp_commands[];
const struct gtp_command *gtp_find_command(const char *name);

/* Reply helpers: append to g->text; gtp_fail returns GTP_FAIL. */
enum gtp_status gtp_fail(struct gtp *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define gtp_printf(g, ...) gtp_buf_printf(&(g)->text, __VA_ARGS__)

/* Stops pondering and analysis threads before the game changes. */
void gtp_stop_thinking(struct gtp *g);
/* Budget for the next search: the clocks, or in a sandbox the parameters alone. */
struct time_control *gtp_time(struct gtp *g, struct time_control *scratch);
/* May an expensive search (dead stones: thousands of playouts; a snapshot of
 * the analysis) run? Always, except in a sandbox. */
bool gtp_heavy_allowed(struct gtp *g);
/* Writes the vertices of the stones where mark[p] is set, one string per line. */
void gtp_print_strings(struct gtp *g, const uint8_t *mark);

/* main_args.c: the command line of bin/hane (and bin/hane-mpi, which gives
 * its own help text; NULL: hane's). Fills `p` from the defaults and the
 * arguments; returns the exit status when the program should end (--help,
 * --version, a bad argument), -1 to go on. */
int gtp_main_args(const char *prog, int argc, char **argv, struct params *p,
                  void (*help)(FILE *f));
/* gtp.c: the reply to an over-long line (gtp_run's, for a front end that
 * reads its own lines). */
void gtp_reply_too_long(struct gtp *g, struct gtp_reader *r);

/* Handlers, by file. */
/* cmd_core.c: protocol and board set-up */
enum gtp_status gtp_cmd_protocol_version(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_name(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_version(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_known_command(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_list_commands(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_quit(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_boardsize(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_clear_board(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_komi(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_showboard(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_cputime(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_hane_param(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_gogui_params(struct gtp *g, struct gtp_cmd *c);
/* cmd_play.c: moves, undo, handicap */
enum gtp_status gtp_cmd_play(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_genmove(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_reg_genmove(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_restricted_genmove(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_gg_genmove(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_genmove_cleanup(struct gtp *g, struct gtp_cmd *c);
/* What genmove does between its argument and its reply: search for `col`
 * (calling `fn(g, report)` every `interval_ms` meanwhile when fn is set),
 * check the move, play it, start pondering. Returns the move (RESIGN too). */
point gtp_genmove_play(struct gtp *g, enum color col, int interval_ms, search_report_fn fn);
enum gtp_status gtp_cmd_undo(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_fixed_handicap(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_place_free_handicap(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_set_free_handicap(struct gtp *g, struct gtp_cmd *c);
/* cmd_score.c */
enum gtp_status gtp_cmd_final_score(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_final_status_list(struct gtp *g, struct gtp_cmd *c);
/* cmd_time.c */
enum gtp_status gtp_cmd_time_settings(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_time_left(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_kgs_time_settings(struct gtp *g, struct gtp_cmd *c);
/* cmd_sgf.c */
enum gtp_status gtp_cmd_loadsgf(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_printsgf(struct gtp *g, struct gtp_cmd *c);
/* cmd_analyze.c */
enum gtp_status gtp_cmd_lz_analyze(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_kata_analyze(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_lz_genmove_analyze(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_kata_genmove_analyze(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_gogui_analyze_commands(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_gogui_title(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_heatmap(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_ownership(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_pv(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_prior(struct gtp *g, struct gtp_cmd *c);

enum gtp_status gtp_cmd_gogui_sigint(struct gtp *g, struct gtp_cmd *c);
/* cmd_query.c: questions about the position (GNU Go's names) and echo */
enum gtp_status gtp_cmd_query_boardsize(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_get_komi(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_color(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_is_legal(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_all_legal(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_countlib(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_findlib(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_list_stones(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_captures(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_last_move(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_move_history(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_echo(struct gtp *g, struct gtp_cmd *c);
enum gtp_status gtp_cmd_echo_err(struct gtp *g, struct gtp_cmd *c);
/* Gives SIGINT back its default if gogui-sigint pointed it at g's searcher
 * (gtp_free, before the searcher is freed). */
void gtp_sigint_release(struct gtp *g);

#endif
