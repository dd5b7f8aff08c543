/* referee — plays one game between two GTP engines and judges it.
 *
 * The referee keeps its own board (engine/board/game.h: superko, suicide, ko), so
 * every move is checked before the opponent hears of it; it keeps both clocks
 * (mclock.h), bounds every wait, and ends the game on: two passes (then the
 * scorer counts), resignation, a fallen flag, an illegal or unparseable move,
 * an engine that crashes, hangs or refuses a command, or the move limit.
 * Whoever breaks a rule forfeits; nothing the engines do can stop the match.
 */
#ifndef MATCH_REFEREE_H
#define MATCH_REFEREE_H

#include <stdbool.h>
#include <stdio.h>

#include "tools/match/mclock.h"
#include "tools/match/result.h"

struct referee_opts {
    int size;
    double komi;
    struct mclock_settings clock[3];    /* by colour: [BLACK], [WHITE] (may differ) */
    double lag;             /* seconds per move forgiven as overhead */
    double move_timeout;    /* no clock: a genmove taking longer is a hang (loss) */
    double hang_grace;      /* clock: seconds past the flag before the engine is killed */
    double cmd_timeout;     /* every other command (setup, play, final_score) */
    double quit_timeout;    /* after quit, seconds before an engine counts as stuck */
    double score_timeout;   /* the scorer's final_score (GNU Go is slow on big, open boards) */
    int max_moves;          /* then the game is scored as it stands */
    const char *scorer;     /* GTP command that scores (final_score after replay);
                             * "none": the referee's area count, all stones alive */
    bool ask_final_score;   /* also ask both engines and compare with the scorer */
};

/* Fills in the defaults: 9x9, komi 7.5, no clock, lag 0.2 s, move timeout
 * 120 s, grace 5 s, command timeout 60 s, quit timeout 10 s, scorer
 * timeout 300 s, max moves 3 * size^2, scorer
 * "/usr/games/gnugo --mode gtp", engines asked for their final_score. */
void referee_defaults(struct referee_opts *o);

/* How a game ended. */
enum referee_end {
    END_PASSES,     /* two passes; scored */
    END_MAX_MOVES,  /* move limit; scored as it stands */
    END_RESIGN,
    END_TIME,       /* culprit's flag fell */
    END_ILLEGAL,    /* culprit played an illegal or unparseable move */
    END_CRASH,      /* culprit's process died or could not start */
    END_HANG,       /* culprit did not answer in time (no clock) and was killed */
    END_ERROR,      /* culprit refused a command it must accept (or a legal move) */
    END_VOID,       /* no result: the scorer failed */
};
#define REFEREE_N_ENDS (END_VOID + 1)

/* Stable names for files and summaries: "passes", "resign", "time", ... */
const char *referee_end_name(enum referee_end e);
bool referee_end_parse(const char *name, enum referee_end *e);

struct referee_player {
    char name[96];          /* from GTP name and version, else the program */
    char final_score[32];   /* its own final_score reply ("" if not asked or failed) */
    int agree;              /* with the scorer: -1 not compared, 0 no, 1 same result */
    int agree_winner;       /* -1 not compared, 0 no, 1 same winner */
    long peak_rss_kb;       /* VmHWM just before quitting; -1 unknown */
    double time_used;       /* seconds charged over the game */
    double max_move_time;   /* longest genmove, seconds */
    double cpu_seconds;     /* CPU the process used over the game (-1 unknown) */
    int moves;              /* genmoves answered */
    bool stuck;             /* did not exit within the time allowed after quit */
    char exit[64];          /* how the process ended */
};

struct referee_game {
    struct result result;
    enum referee_end end;
    int culprit;            /* colour that resigned or is at fault (TIME .. ERROR), else EMPTY */
    char detail[256];       /* human-readable reason, e.g. "illegal move: ko at D4" */
    int n_moves;            /* moves played, passes included */
    bool scored;            /* the scorer counted the final position */
    double score;           /* the scorer's score, Black's view (when scored) */
    struct referee_player player[3];    /* by colour: [BLACK], [WHITE] */
    double seconds;         /* wall-clock duration */
};

/* Output files of one game; any may be NULL. */
struct referee_files {
    const char *sgf;        /* the game record */
    const char *gtp_log;    /* every command and reply, all three processes */
    const char *stderr_b;   /* the engines' stderr (else /dev/null) */
    const char *stderr_w;
};

/* Plays one game, black_cmd against white_cmd, and fills `out`. Returns false
 * only if the referee itself failed (cannot write the SGF); everything the
 * engines do becomes a result. */
bool referee_play(const struct referee_opts *o, const char *black_cmd, const char *white_cmd,
                  const struct referee_files *files, struct referee_game *out);

/* GTP vertex text for a board of `size`: returns 1 and sets x, y (0-based,
 * y = 0 bottom) for a vertex, 0 for "pass", -1 for anything else. Column
 * letters skip I; case does not matter. */
int referee_parse_vertex(const char *text, int size, int *x, int *y);
/* Writes a vertex ("D4") or "pass" for x < 0. */
void referee_format_vertex(int x, int y, char *out, size_t out_len);

#endif
