/* sgf_game — an SGF game's main line as a struct game (for GTP loadsgf, the
 * trainer and tests), and a struct game as SGF (for GTP printsgf and match
 * records).
 *
 * Reading follows the main line (the first child at every node) of the first
 * game of a collection. Understood: GM (must be 1), SZ (square, 2..25; "19:13"
 * is refused), KM, HA, RU, RE, PB, PW, DT, setup AB/AW/AE with compressed point
 * lists ("aa:cc"), PL, and moves B/W with passes written "[]" or, on boards up
 * to 19x19, "[tt]". Setup is accepted in the nodes before the first move only.
 * Other properties are ignored here (the tree keeps them).
 */
#ifndef HANE_SGF_GAME_H
#define HANE_SGF_GAME_H

#include "engine/board/game.h"
#include "engine/board/sgf.h"

/* Game information of a record (decoded text, cut to fit). */
struct sgf_game_info {
    int size;
    double komi;             /* KM, 0 if absent */
    bool has_komi;           /* KM was there (a caller may keep its own komi if not) */
    int handicap;            /* HA, 0 if absent */
    int n_moves;             /* moves on the main line of the file */
    char result[64];         /* RE */
    char rules[64];          /* RU */
    char black[128], white[128];   /* PB, PW */
    char date[64];           /* DT */
};

/* Replays the main line of the first game of `t` into `g`, which this call
 * initialises (on success the caller owns it and calls game_free; on failure
 * nothing needs freeing). `move_limit` > 0 stops before that move, so the result
 * is the position before move number `move_limit` is played (GTP loadsgf FILE N;
 * moves are numbered 1, 2, ... along the main line; a limit past the end loads
 * every move); 0 loads them all. After a cut, the colour of the cut move is to
 * play. `info` may be NULL. Positional superko is not enforced while replaying
 * (records are history, and some rule sets allow the repetition); the game's
 * superko flag is left on for the moves that follow. An illegal move, a bad
 * point or a bad property value is an error naming the file position of the
 * property, e.g. "g.sgf:4:7: illegal move B[dd]: occupied near 'B[dd]'". */
bool sgf_game_load(const struct sgf_tree *t, const char *name, int move_limit,
                   struct game *g, struct sgf_game_info *info, struct sgf_error *err);

/* The same, from a file. */
bool sgf_game_load_file(const char *path, int move_limit, struct game *g,
                        struct sgf_game_info *info, struct sgf_error *err);

/* A tree of one game for `g`: root with FF[4] GM[1] SZ KM (and HA, AB/AW setup,
 * PL when White moves first or there are setup stones, RE when `result` is not
 * NULL or empty), then the moves, passes as "[]" ("[tt]" would be a point on
 * boards over 19). */
struct sgf_tree *sgf_game_tree(const struct game *g, const char *result);

/* sgf_game_tree then sgf_write: a malloc'ed string (free with free()). */
char *sgf_game_write(const struct game *g, const char *result, size_t *len);

/* The SGF point of (x, y) in board coordinates (y = 0 is the bottom row) on a
 * board of `size`, into out[0..1]; and back: false if `s` is not a point on
 * that board. Exposed for tests and tools. */
void sgf_point_str(int size, int x, int y, char out[2]);
bool sgf_point_parse(int size, const char *s, size_t len, int *x, int *y);

#endif
