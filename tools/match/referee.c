/* referee — one refereed game; see referee.h.
 *
 * Order of a game:
 *   spawn both engines -> name/version/list_commands -> boardsize, clear_board,
 *   komi, time settings -> loop { time_left, genmove to the mover, check with
 *   our board, charge the clock, play to the other } -> score (scorer replays
 *   the moves and answers final_score; each engine is asked its own) ->
 *   quit everyone -> SGF.
 */
#include "tools/match/referee.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "engine/board/game.h"
#include "tools/match/proc.h"
#include "tools/match/sgfout.h"

static const char *const end_names[REFEREE_N_ENDS] = {
    [END_PASSES] = "passes", [END_MAX_MOVES] = "max-moves", [END_RESIGN] = "resign",
    [END_TIME] = "time", [END_ILLEGAL] = "illegal", [END_CRASH] = "crash",
    [END_HANG] = "hang", [END_ERROR] = "error", [END_VOID] = "void",
};

const char *referee_end_name(enum referee_end e)
{
    return (unsigned)e < REFEREE_N_ENDS ? end_names[e] : "?";
}

bool referee_end_parse(const char *name, enum referee_end *e)
{
    for (int i = 0; i < REFEREE_N_ENDS; i++)
        if (strcmp(name, end_names[i]) == 0) {
            *e = (enum referee_end)i;
            return true;
        }
    return false;
}

void referee_defaults(struct referee_opts *o)
{
    memset(o, 0, sizeof *o);
    o->size = 9;
    o->komi = 7.5;
    o->clock[BLACK].sys = o->clock[WHITE].sys = MCLOCK_NONE;
    o->lag = 0.2;
    o->move_timeout = 120;
    o->hang_grace = 5;
    o->cmd_timeout = 60;
    o->quit_timeout = 10;
    o->score_timeout = 300;
    o->max_moves = 0;   /* 0 = 3 * size^2, decided when the size is known */
    o->scorer = "/usr/games/gnugo --mode gtp --chinese-rules";  /* area scoring, as hane */
    o->ask_final_score = true;
}

int referee_parse_vertex(const char *text, int size, int *x, int *y)
{
    if (strcasecmp(text, "pass") == 0)
        return 0;
    char col = (char)toupper((unsigned char)text[0]);
    if (col < 'A' || col > 'Z' || col == 'I')
        return -1;
    int cx = col - 'A' - (col > 'I');
    const char *s = text + 1;
    if (!isdigit((unsigned char)*s) || *s == '0')
        return -1;
    int row = 0;
    while (isdigit((unsigned char)*s)) {
        row = row * 10 + (*s - '0');
        if (row > 99)
            return -1;
        s++;
    }
    if (*s != '\0' || cx >= size || row > size)
        return -1;
    *x = cx;
    *y = row - 1;
    return 1;
}

void referee_format_vertex(int x, int y, char *out, size_t out_len)
{
    if (x < 0) {
        snprintf(out, out_len, "pass");
        return;
    }
    char col = (char)('A' + x + (x >= 8));   /* no I */
    snprintf(out, out_len, "%c%d", col, y + 1);
}

/* Everything one game needs while it runs. */
struct match_state {
    const struct referee_opts *o;
    struct referee_game *out;
    struct proc proc[3];        /* by colour */
    bool alive[3];              /* spawned and not yet killed */
    bool kgs[3];                /* knows kgs-time_settings */
    struct mclock clock[3];
    struct game game;
    struct sgfout_move *moves;
    int n_moves, cap_moves;
    FILE *log;
};

static char color_char(int c)
{
    return c == BLACK ? 'b' : 'w';
}

/* Ends the game against `c` for a reason attributable to it. */
static void forfeit(struct match_state *st, int c, enum referee_end end, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void forfeit(struct match_state *st, int c, enum referee_end end, const char *fmt, ...)
{
    struct referee_game *out = st->out;
    out->end = end;
    out->culprit = c;
    out->result.winner = color_other((enum color)c);
    out->result.how = end == END_RESIGN ? RESULT_RESIGN : end == END_TIME ? RESULT_TIME : RESULT_FORFEIT;
    out->result.margin = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->detail, sizeof out->detail, fmt, ap);
    va_end(ap);
}

/* Ends the game against `c` after command `cmd` went wrong with `rc`. */
static void command_failed(struct match_state *st, int c, enum proc_rc rc, const char *cmd,
                           const char *reply, double timeout)
{
    const char *who = c == BLACK ? "Black" : "White";
    switch (rc) {
    case PROC_OK:
        return;
    case PROC_FAIL:
        forfeit(st, c, END_ERROR, "%s refused \"%s\": %s", who, cmd, reply);
        return;
    case PROC_EOF: {
        /* Give the process a moment to be reaped so the exit status is known. */
        for (int i = 0; i < 50 && !proc_exited(&st->proc[c]); i++) {
            struct timespec ts = { 0, 10 * 1000 * 1000 };
            nanosleep(&ts, NULL);
        }
        char how[64];
        proc_describe_exit(&st->proc[c], how, sizeof how);
        forfeit(st, c, END_CRASH, "%s died during \"%s\" (%s)", who, cmd, how);
        return;
    }
    case PROC_TIMEOUT:
        forfeit(st, c, END_HANG, "%s gave no answer to \"%s\" within %.1f s (killed)", who, cmd,
                timeout);
        proc_kill(&st->proc[c]);
        st->alive[c] = false;
        return;
    case PROC_IO:
        break;
    }
    forfeit(st, c, END_ERROR, "%s sent a malformed or over-long reply to \"%s\"", who, cmd);
}

/* Sends a command that must succeed; on failure the engine of colour `c`
 * forfeits and false is returned. */
static bool must(struct match_state *st, int c, const char *cmd, double timeout, char *reply, size_t len)
{
    char tmp[256];
    if (!reply) {
        reply = tmp;
        len = sizeof tmp;
    }
    enum proc_rc rc = proc_command(&st->proc[c], cmd, timeout, reply, len, NULL);
    command_failed(st, c, rc, cmd, reply, timeout);
    return rc == PROC_OK;
}

/* Like must(), but an engine may refuse the command ("? unknown command"):
 * time_settings and time_left are only advice to the engine, the referee
 * keeps the clocks either way. Crashes and hangs still forfeit. */
static bool may(struct match_state *st, int c, const char *cmd, double timeout)
{
    char reply[256];
    enum proc_rc rc = proc_command(&st->proc[c], cmd, timeout, reply, sizeof reply, NULL);
    if (rc == PROC_FAIL)
        return true;
    command_failed(st, c, rc, cmd, reply, timeout);
    return rc == PROC_OK;
}

/* Peak RSS only grows and CPU time only grows, so the last sample before an
 * engine goes is its figure for the game. */
static void sample_memory(struct match_state *st, int c)
{
    long peak;
    double cpu;
    if (st->alive[c] && proc_memory_kb(&st->proc[c], &peak, NULL) && peak > st->out->player[c].peak_rss_kb)
        st->out->player[c].peak_rss_kb = peak;
    if (st->alive[c] && proc_cpu_seconds(&st->proc[c], &cpu))
        st->out->player[c].cpu_seconds = cpu;
}

/* Names the engine "name version" if it says, else by its program name. */
static void ask_name(struct match_state *st, int c, const char *cmd)
{
    char name[64] = "", version[64] = "";
    struct proc *p = &st->proc[c];
    double t = st->o->cmd_timeout;
    if (proc_command(p, "name", t, name, sizeof name, NULL) != PROC_OK || !name[0]) {
        size_t n = strcspn(cmd, " \t");
        const char *base = cmd;
        for (size_t i = 0; i < n; i++)
            if (cmd[i] == '/')
                base = cmd + i + 1;
        snprintf(name, sizeof name, "%.*s", (int)(cmd + n - base), base);
    }
    if (proc_command(p, "version", t, version, sizeof version, NULL) == PROC_OK && version[0])
        snprintf(st->out->player[c].name, sizeof st->out->player[c].name, "%.60s %.30s", name, version);
    else
        snprintf(st->out->player[c].name, sizeof st->out->player[c].name, "%s", name);
    for (char *s = st->out->player[c].name; *s; s++)
        if (*s == '\n')
            *s = ' ';
}

static bool knows_command(struct match_state *st, int c, const char *name)
{
    char reply[64];
    char cmd[96];
    snprintf(cmd, sizeof cmd, "known_command %s", name);
    return proc_command(&st->proc[c], cmd, st->o->cmd_timeout, reply, sizeof reply, NULL) == PROC_OK
           && strcmp(reply, "true") == 0;
}

static bool setup_engine(struct match_state *st, int c, const char *cmd, const char *stderr_path)
{
    char err[256];
    if (!proc_spawn(&st->proc[c], cmd, stderr_path, err, sizeof err)) {
        forfeit(st, c, END_CRASH, "%s could not start: %s", c == BLACK ? "Black" : "White", err);
        return false;
    }
    st->alive[c] = true;
    st->proc[c].log = st->log;
    snprintf(st->proc[c].tag, sizeof st->proc[c].tag, "%c", c == BLACK ? 'B' : 'W');
    ask_name(st, c, cmd);
    st->kgs[c] = knows_command(st, c, "kgs-time_settings");
    char line[128];
    double t = st->o->cmd_timeout;
    snprintf(line, sizeof line, "boardsize %d", st->o->size);
    if (!must(st, c, line, t, NULL, 0) || !must(st, c, "clear_board", t, NULL, 0))
        return false;
    snprintf(line, sizeof line, "komi %g", st->o->komi);
    if (!must(st, c, line, t, NULL, 0))
        return false;
    mclock_settings_command(&st->o->clock[c], st->kgs[c], line, sizeof line);
    if (line[0] && !may(st, c, line, t))
        return false;
    mclock_start(&st->clock[c], &st->o->clock[c]);
    return true;
}

static bool record_move(struct match_state *st, int c, int x, int y)
{
    if (st->n_moves == st->cap_moves) {
        int cap = st->cap_moves ? 2 * st->cap_moves : 128;
        struct sgfout_move *m = realloc(st->moves, (size_t)cap * sizeof *m);
        if (!m)
            return false;
        st->moves = m;
        st->cap_moves = cap;
    }
    struct sgfout_move *m = &st->moves[st->n_moves++];
    m->color = c;
    m->x = x;
    m->y = y;
    mclock_time_left(&st->clock[c], true, &m->time_left, &m->stones_left);
    return true;
}

/* One move of colour c. Returns false when the game has ended. */
static bool play_one(struct match_state *st, int c)
{
    const struct referee_opts *o = st->o;
    struct referee_player *pl = &st->out->player[c];
    int other = color_other((enum color)c);
    const char *who = c == BLACK ? "Black" : "White";
    char cmd[128], reply[256];
    bool timed = o->clock[c].sys != MCLOCK_NONE;
    double timeout = o->move_timeout;
    if (timed) {
        double secs;
        int stones;
        mclock_time_left(&st->clock[c], st->kgs[c], &secs, &stones);
        snprintf(cmd, sizeof cmd, "time_left %c %d %d", color_char(c), (int)floor(secs), stones);
        if (!may(st, c, cmd, o->cmd_timeout))
            return false;
        timeout = mclock_allowance(&st->clock[c]) + o->lag + o->hang_grace;
    }
    snprintf(cmd, sizeof cmd, "genmove %c", color_char(c));
    double elapsed;
    enum proc_rc rc = proc_command(&st->proc[c], cmd, timeout, reply, sizeof reply, &elapsed);
    sample_memory(st, c);
    if (rc == PROC_TIMEOUT && timed) {
        /* Past the flag by the whole grace: lost on time, and killed as hung. */
        forfeit(st, c, END_TIME, "%s still thinking %.1f s after its flag fell (killed)", who,
                o->hang_grace);
        proc_kill(&st->proc[c]);
        st->alive[c] = false;
        return false;
    }
    if (rc != PROC_OK) {
        command_failed(st, c, rc, cmd, reply, timeout);
        return false;
    }
    pl->moves++;
    if (elapsed > pl->max_move_time)
        pl->max_move_time = elapsed;
    if (!mclock_charge(&st->clock[c], elapsed, o->lag)) {
        pl->time_used = st->clock[c].used;
        forfeit(st, c, END_TIME, "%s lost on time (move took %.2f s)", who, elapsed);
        return false;
    }
    pl->time_used = st->clock[c].used;
    if (strcasecmp(reply, "resign") == 0) {
        forfeit(st, c, END_RESIGN, "%s resigned", who);
        return false;
    }
    int x = -1, y = -1;
    int kind = referee_parse_vertex(reply, o->size, &x, &y);
    if (kind < 0) {
        forfeit(st, c, END_ILLEGAL, "%s answered genmove with \"%s\", not a move", who, reply);
        return false;
    }
    point p = kind == 0 ? PASS : board_point(&st->game.board, x, y);
    enum game_err e = game_play(&st->game, (enum color)c, p);
    if (e != GAME_OK) {
        forfeit(st, c, END_ILLEGAL, "%s played %s: %s", who, reply, game_err_str(e));
        return false;
    }
    if (!record_move(st, c, kind == 0 ? -1 : x, y)) {
        st->out->end = END_VOID;
        snprintf(st->out->detail, sizeof st->out->detail, "referee out of memory");
        return false;
    }
    st->out->n_moves++;
    char vertex[16];
    referee_format_vertex(kind == 0 ? -1 : x, y, vertex, sizeof vertex);
    snprintf(cmd, sizeof cmd, "play %c %s", color_char(c), vertex);
    if (!must(st, other, cmd, o->cmd_timeout, reply, sizeof reply))
        return false;
    return true;
}

/* Replays the game into the scorer and asks it for final_score. */
static bool run_scorer(struct match_state *st, struct result *r, char *err, size_t err_len)
{
    const struct referee_opts *o = st->o;
    struct proc sc;
    if (!proc_spawn(&sc, o->scorer, NULL, err, err_len))
        return false;
    sc.log = st->log;
    snprintf(sc.tag, sizeof sc.tag, "S");
    char cmd[128], reply[256];
    bool ok = true;
    enum proc_rc rc;
    snprintf(cmd, sizeof cmd, "boardsize %d", o->size);
    ok = ok && proc_command(&sc, cmd, o->cmd_timeout, reply, sizeof reply, NULL) == PROC_OK;
    ok = ok && proc_command(&sc, "clear_board", o->cmd_timeout, reply, sizeof reply, NULL) == PROC_OK;
    snprintf(cmd, sizeof cmd, "komi %g", o->komi);
    ok = ok && proc_command(&sc, cmd, o->cmd_timeout, reply, sizeof reply, NULL) == PROC_OK;
    for (int i = 0; ok && i < st->n_moves; i++) {
        char vertex[16];
        referee_format_vertex(st->moves[i].x, st->moves[i].y, vertex, sizeof vertex);
        snprintf(cmd, sizeof cmd, "play %c %s", color_char(st->moves[i].color), vertex);
        ok = proc_command(&sc, cmd, o->cmd_timeout, reply, sizeof reply, NULL) == PROC_OK;
    }
    if (!ok) {
        snprintf(err, err_len, "scorer refused \"%.60s\": %.120s", cmd, reply);
    } else if ((rc = proc_command(&sc, "final_score", o->score_timeout, reply, sizeof reply, NULL))
               != PROC_OK) {
        if (rc == PROC_TIMEOUT)
            snprintf(err, err_len, "scorer gave no final_score within %.0f s", o->score_timeout);
        else
            snprintf(err, err_len, "scorer failed final_score: %.120s", reply);
        ok = false;
    } else if (!result_parse(reply, r) || r->how != RESULT_POINTS) {
        snprintf(err, err_len, "scorer's final_score \"%.120s\" is not a score", reply);
        ok = false;
    }
    proc_quit(&sc, 5);
    return ok;
}

static void ask_final_scores(struct match_state *st)
{
    for (int c = BLACK; c <= WHITE; c++) {
        struct referee_player *pl = &st->out->player[c];
        if (!st->alive[c])
            continue;
        char *reply = pl->final_score;
        if (proc_command(&st->proc[c], "final_score", st->o->cmd_timeout, reply,
                         sizeof pl->final_score, NULL) != PROC_OK) {
            reply[0] = '\0';
            continue;
        }
        if (!st->out->scored)
            continue;
        struct result mine;
        if (result_parse(reply, &mine)) {
            pl->agree = result_same(&mine, &st->out->result);
            pl->agree_winner = mine.winner == st->out->result.winner;
        } else {
            pl->agree = pl->agree_winner = 0;
        }
    }
}

static bool write_sgf(const struct match_state *st, const char *path)
{
    FILE *f = fopen(path, "we");
    if (!f)
        return false;
    char re[32], ot[64], date[16];
    result_format(&st->out->result, re, sizeof re);
    /* SGF has one TM/OT for both players: Black's clock, or White's if only
     * White had one (the GC comment names both when they differ). */
    const struct mclock_settings *cl = &st->o->clock[BLACK];
    if (cl->sys == MCLOCK_NONE)
        cl = &st->o->clock[WHITE];
    double tm;
    mclock_sgf(cl, &tm, ot, sizeof ot);
    time_t now = time(NULL);
    struct tm day;
    localtime_r(&now, &day);
    strftime(date, sizeof date, "%Y-%m-%d", &day);
    char comment[480];
    char cb[32], cw[32], clocks[96] = "";
    mclock_format(&st->o->clock[BLACK], cb, sizeof cb);
    mclock_format(&st->o->clock[WHITE], cw, sizeof cw);
    if (strcmp(cb, cw) != 0)
        snprintf(clocks, sizeof clocks, "; clocks: Black %s, White %s", cb, cw);
    snprintf(comment, sizeof comment, "hane-match: ended by %s%s%s%s", referee_end_name(st->out->end),
             st->out->detail[0] ? ": " : "", st->out->detail, clocks);
    struct sgfout_game g = {
        .size = st->o->size, .komi = st->o->komi,
        .black = st->out->player[BLACK].name, .white = st->out->player[WHITE].name,
        .result = re, .date = date,
        .timed = cl->sys != MCLOCK_NONE, .main_time = tm, .overtime = ot,
        .comment = comment, .moves = st->moves, .n_moves = st->n_moves,
    };
    bool ok = sgfout_write(f, &g);
    return fclose(f) == 0 && ok;
}

bool referee_play(const struct referee_opts *o, const char *black_cmd, const char *white_cmd,
                  const struct referee_files *files, struct referee_game *out)
{
    double start = proc_now();
    memset(out, 0, sizeof *out);
    out->culprit = EMPTY;
    out->result.how = RESULT_VOID;
    out->result.winner = EMPTY;
    for (int c = BLACK; c <= WHITE; c++) {
        out->player[c].agree = out->player[c].agree_winner = -1;
        out->player[c].peak_rss_kb = -1;
        out->player[c].cpu_seconds = -1;
    }
    struct match_state st;
    memset(&st, 0, sizeof st);
    st.o = o;
    st.out = out;
    if (files && files->gtp_log)
        st.log = fopen(files->gtp_log, "we");   /* e: engines of other games must not inherit it */
    if (st.log)
        setvbuf(st.log, NULL, _IOLBF, 0);
    board_init();
    game_init(&st.game, o->size, o->komi);
    int max_moves = o->max_moves > 0 ? o->max_moves : 3 * o->size * o->size;

    /* `counted`: the game reached an end the scorer must judge. */
    bool counted = false;
    if (setup_engine(&st, BLACK, black_cmd, files ? files->stderr_b : NULL)
        && setup_engine(&st, WHITE, white_cmd, files ? files->stderr_w : NULL)) {
        for (int c = BLACK; play_one(&st, c); c = color_other((enum color)c)) {
            if (game_over(&st.game)) {
                out->end = END_PASSES;
                counted = true;
                break;
            }
            if (st.n_moves >= max_moves) {
                out->end = END_MAX_MOVES;
                snprintf(out->detail, sizeof out->detail, "move limit %d reached", max_moves);
                counted = true;
                break;
            }
        }
    }
    if (counted) {
        char err[256];
        struct result r;
        if (!o->scorer || !o->scorer[0] || strcmp(o->scorer, "none") == 0) {
            /* No scorer: the referee's own area count, every stone alive.
             * Right only for games played out to the end. */
            double s = game_score(&st.game, NULL);
            out->result.how = RESULT_POINTS;
            out->result.winner = s > 0 ? BLACK : s < 0 ? WHITE : EMPTY;
            out->result.margin = fabs(s);
            out->scored = true;
            out->score = s;
        } else if (run_scorer(&st, &r, err, sizeof err)) {
            out->result = r;
            out->scored = true;
            out->score = r.winner == BLACK ? r.margin : r.winner == WHITE ? -r.margin : 0;
        } else {
            out->end = END_VOID;
            snprintf(out->detail, sizeof out->detail, "%s", err);
        }
        if (o->ask_final_score && out->end == END_PASSES)
            ask_final_scores(&st);
    }
    for (int k = BLACK; k <= WHITE; k++) {
        if (!st.alive[k])
            continue;
        sample_memory(&st, k);
        out->player[k].stuck = !proc_quit(&st.proc[k], o->quit_timeout);
        proc_describe_exit(&st.proc[k], out->player[k].exit, sizeof out->player[k].exit);
    }
    for (int k = BLACK; k <= WHITE; k++)
        if (!out->player[k].exit[0])
            proc_describe_exit(&st.proc[k], out->player[k].exit, sizeof out->player[k].exit);
    bool ok = true;
    if (files && files->sgf)
        ok = write_sgf(&st, files->sgf);
    if (st.log)
        fclose(st.log);
    free(st.moves);
    game_free(&st.game);
    out->seconds = proc_now() - start;
    return ok;
}
