/* summary — the results of a match seen from engine A (the first command):
 * per-game records as JSON (written after each game, read back to resume),
 * and the totals: wins, win rate with its Wilson 95% interval, Elo with its
 * interval, how games ended, each side's faults (time, illegal, crash, hang,
 * error, stuck, memory) and how often each engine's own final_score agreed
 * with the scorer.
 */
#ifndef MATCH_SUMMARY_H
#define MATCH_SUMMARY_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "tools/match/referee.h"

/* Sides: A is the engine under test (first command), B its opponent. */
enum { SIDE_A = 0, SIDE_B = 1 };

struct summary_game {
    int index;              /* 1-based game number */
    int a_color;            /* BLACK or WHITE: the colour engine A played */
    struct referee_game g;
};

/* A fault kind counted per side. */
enum summary_fault {
    FAULT_TIME, FAULT_ILLEGAL, FAULT_CRASH, FAULT_HANG, FAULT_ERROR, FAULT_STUCK, FAULT_MEMORY,
    SUMMARY_N_FAULTS
};
const char *summary_fault_name(enum summary_fault f);

struct summary {
    int games;              /* records */
    int decided;            /* games with a result (not void) */
    int a_wins, b_wins, draws, voids;
    int a_black_games, a_black_wins, a_white_games, a_white_wins;
    double win_rate;        /* A's score (draw = 1/2) over decided games */
    double ci_lo, ci_hi;    /* Wilson 95% */
    double elo, elo_lo, elo_hi;     /* may be infinite */
    int ends[REFEREE_N_ENDS];
    int faults[2][SUMMARY_N_FAULTS];
    long peak_rss_kb[2];            /* highest over all games, -1 unknown */
    long rss_limit_kb[2];           /* 0 = none */
    int compared[2], agree[2], agree_winner[2];  /* final_score vs the scorer */
    double max_move_time[2];
    double think_seconds[2];        /* clock time charged over all genmoves (lag forgiven) */
    int moves[2];                   /* genmoves answered */
    double cpu_seconds[2];          /* process CPU time, over games where it is known ... */
    int cpu_moves[2];               /* ... and the genmoves of those games */
    double moves_avg;
    char name[2][96];
};

/* One game record <-> JSON. from_json checks types and values and, on
 * failure, names the JSON path in err ("game.black.peak_rss_kb: expected
 * an integer"). */
json_t *summary_game_to_json(const struct summary_game *sg);
bool summary_game_from_json(const json_t *j, struct summary_game *sg, char *err, size_t err_len);

/* Totals over `n` records; `rss_limit_kb` per side (0 = no limit): a game in
 * which a side's peak RSS exceeded its limit counts as a memory fault. */
void summary_compute(const struct summary_game *games, int n, const long rss_limit_kb[2],
                     struct summary *s);

/* Faults that make a strict run fail: everything but losses on time, which
 * count only when `time_too`. */
int summary_failures(const struct summary *s, bool time_too);

/* Human-readable totals. */
void summary_print(FILE *f, const struct summary *s);

/* The totals (and, if `games` is not NULL, every game record) as JSON. */
json_t *summary_to_json(const struct summary *s, const struct summary_game *games, int n);

#endif
