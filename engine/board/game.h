/* game — a game above the raw board: setup stones, the move record, positional
 * superko, undo back to the start, komi, handicap, and scoring. GTP and the
 * search's root use this layer; playouts use the bare board.
 *
 * Every mutating call validates first and changes nothing when it fails, so a
 * rejected GTP command leaves the game exactly as it was.
 */
#ifndef HANE_GAME_H
#define HANE_GAME_H

#include "engine/board/board.h"

/* Why a move was refused. */
enum game_err {
    GAME_OK = 0,
    GAME_OCCUPIED,
    GAME_SUICIDE,
    GAME_KO,          /* simple ko */
    GAME_SUPERKO,     /* positional superko */
    GAME_OFFBOARD,
    GAME_BAD_COLOR,
    GAME_NOT_EMPTY,   /* handicap or setup on a board that already has moves */
    GAME_BAD_HANDICAP,
    GAME_NO_MEMORY,   /* the move record could not grow */
};

/* Human-readable reason for an error, in GTP wording ("illegal move: suicide"). */
const char *game_err_str(enum game_err e);

struct game_move {
    enum color color;
    point p;            /* vertex, or PASS */
};

/* The record grows as needed (no length limit). */
struct game {
    struct board board;       /* current position */
    struct board start;       /* position after setup/handicap, before the first move */
    double komi;
    int handicap;             /* handicap stones placed (0 if none) */
    struct game_move *moves;  /* move record since `start` */
    int n_moves, cap_moves;
    uint64_t *hashes;         /* hash of start and after each move: superko history */
    bool superko;             /* positional superko enforced (default true) */
};

void game_init(struct game *g, int size, double komi);
void game_free(struct game *g);
/* New empty board of the same or another size; komi kept. */
void game_clear(struct game *g, int size);
/* Deep copy (for the search, or to try a command on a scratch copy). `dst` must
 * be initialised (game_init), a previous copy, or all zero bytes; its arrays
 * are reused. Free it with game_free. */
void game_copy(struct game *dst, const struct game *src);

/* Would this move be legal (occupied, suicide, simple ko, superko)? */
enum game_err game_check_move(const struct game *g, enum color c, point p);
/* Plays it if legal; on error the game is unchanged. */
enum game_err game_play(struct game *g, enum color c, point p);
/* Makes room for `n` moves in all, so that as many game_play() calls cannot
 * run out of memory. False (the game as it was) if memory runs out. */
bool game_reserve(struct game *g, int n);
/* Takes back the last move; false if there is none. */
bool game_undo(struct game *g);

/* Setup stones (SGF AB/AW, free handicap): only before the first move. */
enum game_err game_setup(struct game *g, enum color c, point p);
/* GTP fixed_handicap: places `n` stones at the standard points; White to move. */
enum game_err game_fixed_handicap(struct game *g, int n, point *placed, int *n_placed);

/* The colour to move next. */
enum color game_to_move(const struct game *g);
/* True after two consecutive passes. */
bool game_over(const struct game *g);

/* Area score with komi, Black's view, treating the points in `dead` (may be NULL)
 * as removed before counting. */
double game_score(const struct game *g, const uint8_t *dead);

#endif
