/* m3_board: the 7x7 Match-3 game of Mugrai et al. 2019 — board, feeds, legal swaps, cascades, scoring,
 * regeneration — and its text formats (board strings and board files).
 *
 * A game position (m3_board) is a small value: copy it to clone the game (the MCTS forward
 * model). Tiles that fall in come from an m3_source shared read-only by every copy, indexed by
 * how many tiles each column has consumed, so the falling pieces are fixed by the game seed
 * and not by the moves played. */
#ifndef M3_BOARD_H
#define M3_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "engine/board/rng.h"

#define M3_SIZE 7
#define M3_CELLS (M3_SIZE * M3_SIZE)
#define M3_COLOURS 6
#define M3_MAX_MOVES 84          /* 7 rows x 6 horizontal swaps + 6 rows x 7 vertical swaps */
#define M3_FEED_TABLE 256        /* longest explicit feed per column in a board file */
#define M3_GAME_MOVES 20
#define M3_MAX_STEPS 64          /* cascade steps recorded per move */
#define M3_MAX_GROUPS 16         /* groups recorded per cascade step */

/* The random streams of a game seed (README, Rules: Streams): the initial board, one feed per column,
 * reshuffles.  Stream `id` of seed s is the generator seeded with rng_derive(s, id). */
enum { M3_STREAM_BOARD = 0, M3_STREAM_FEED0 = 1, M3_STREAM_RESHUFFLE = 8 };

/* The j-th number (j = 0, 1, ...) of the stream whose seed is `key`, read directly: feeds
 * are indexed by how many tiles a column has consumed, not by the order of play. */
uint64_t m3_stream_at(uint64_t key, uint64_t j);

/* Where falling and reshuffled tiles come from: explicit per-column tables first (board
 * files, tests), then the streams of `seed` at the same index. */
typedef struct {
    uint64_t seed;
    int table_len[M3_SIZE];
    uint8_t table[M3_SIZE][M3_FEED_TABLE];
} m3_source;

typedef struct {
    uint8_t cell[M3_CELLS];      /* colour 0..5 (A..F), row-major, row 0 on top */
    uint32_t feed_pos[M3_SIZE];  /* tiles consumed from each column's feed */
    uint32_t reshuffle_pos;      /* values consumed from the reshuffle stream */
    int32_t score;
    int32_t moves_made;
    int32_t regenerations;
    const m3_source *src;
} m3_board;

/* A swap of cell a with its right (a+1) or lower (a+7) neighbour, a < b. */
typedef struct { uint8_t a, b; } m3_move;

/* What one move did, for --show and --json. */
typedef struct {
    int steps;
    int groups[M3_MAX_STEPS];                 /* groups in each step (capped at M3_MAX_GROUPS) */
    int size[M3_MAX_STEPS][M3_MAX_GROUPS];    /* their sizes */
    int points[M3_MAX_STEPS];
    int available;               /* legal moves after resolution, before any regeneration */
    int regenerated;
    uint8_t resolved[M3_CELLS];  /* the cells after resolution, before any regeneration */
} m3_move_report;

/* Sources. */
void m3_source_from_seed(m3_source *src, uint64_t seed);

/* The position of game seed `src->seed`: board drawn from the board stream. */
void m3_board_init(m3_board *b, const m3_source *src);

/* Points of one cascade step at level k with groups of the given sizes (Mugrai et al. 2019). */
int m3_points(int k, const int *sizes, int ngroups);

/* Legal swaps in canonical order (row-major cells, right then down); returns the count. */
int m3_legal_moves(const m3_board *b, m3_move *out);
int m3_count_moves(const m3_board *b);
int m3_has_move(const m3_board *b);
int m3_is_legal(const m3_board *b, m3_move m);
/* 1 if the board has a run of 3 or more anywhere. */
int m3_has_run(const m3_board *b);

/* Plays a legal swap: resolves the cascade, adds the points, regenerates a dead board.
 * Returns the points of the move; `rep` may be NULL. The move must be legal. */
int m3_play(m3_board *b, m3_move m, m3_move_report *rep);

/* Regenerates the board from the reshuffle stream if it has no legal move; returns 1 if so. */
int m3_ensure_moves(m3_board *b);

/* Text. A board string is 7 rows of 7 letters A-F, rows separated by spaces, '/' or newlines.
 * Returns 0, or -1 with a message in err. */
int m3_board_parse(m3_board *b, const m3_source *src, const char *text, char *err, size_t errlen);
/* Writes the 7 rows separated by single spaces (56 bytes with the NUL). */
void m3_board_string(const m3_board *b, char *out, size_t outlen);
/* Multi-line ASCII picture; cells of `hl` (may be NULL) are bracketed. */
void m3_board_picture(const m3_board *b, const m3_move *hl, char *out, size_t outlen);
void m3_move_string(m3_move m, char *out, size_t outlen);

/* Board files (README, Rules: Board files; data/match3/board*.txt):
 *   # comment
 *   seed S          optional; streams used beyond the listed feed tiles and for reshuffles
 *   board           then 7 lines of 7 letters
 *   feed            then 7 lines, column 0 first, the column's falling tiles in order
 * The initial board must contain no run. Returns 0, or -1 with "path:line:col: message". */
int m3_board_load(const char *path, m3_source *src, m3_board *b, char *err, size_t errlen);
/* Writes the board file of game seed `seed` with `feed_len` tiles per column. */
int m3_board_save_seed(const char *path, uint64_t seed, int feed_len, char *err, size_t errlen);

#endif
