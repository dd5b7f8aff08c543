/* game — the move record, superko history, undo and setup over a board.
 * See game.h. Undo replays the record from `start`: simple, exact, and fast
 * enough for GTP (a few microseconds per move replayed).
 */
#include "engine/board/game.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *game_err_str(enum game_err e)
{
    switch (e) {
    case GAME_OK: return "ok";
    case GAME_OCCUPIED: return "illegal move: occupied";
    case GAME_SUICIDE: return "illegal move: suicide";
    case GAME_KO: return "illegal move: ko";
    case GAME_SUPERKO: return "illegal move: superko";
    case GAME_OFFBOARD: return "illegal move: off the board";
    case GAME_BAD_COLOR: return "invalid color";
    case GAME_NOT_EMPTY: return "board not empty";
    case GAME_BAD_HANDICAP: return "invalid handicap";
    case GAME_NO_MEMORY: return "out of memory";
    }
    return "unknown error";
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "hane: out of memory (%zu bytes)\n", n);
        abort();
    }
    return q;
}

bool game_reserve(struct game *g, int n)
{
    if (n <= g->cap_moves) return true;
    int cap = g->cap_moves ? g->cap_moves : 256;
    while (cap < n) cap = cap > INT_MAX / 2 ? INT_MAX - 1 : cap * 2;
    struct game_move *moves = realloc(g->moves, (size_t)cap * sizeof *g->moves);
    if (!moves) return false;
    g->moves = moves;
    uint64_t *hashes = realloc(g->hashes, (size_t)(cap + 1) * sizeof *g->hashes);
    if (!hashes) return false;   /* moves grew: harmless, cap_moves still holds */
    g->hashes = hashes;
    g->cap_moves = cap;
    return true;
}

/* Room for one more move and its hash; at the start, out of memory is fatal
 * (a new game's first 256 moves take a few kilobytes). */
static void reserve(struct game *g)
{
    if (!game_reserve(g, g->n_moves + 1)) {
        fprintf(stderr, "hane: out of memory (a new game record)\n");
        abort();
    }
}

void game_init(struct game *g, int size, double komi)
{
    memset(g, 0, sizeof *g);
    g->komi = komi;
    g->superko = true;
    reserve(g);
    game_clear(g, size);
}

void game_free(struct game *g)
{
    free(g->moves);
    free(g->hashes);
    g->moves = NULL;
    g->hashes = NULL;
    g->n_moves = g->cap_moves = 0;
}

void game_clear(struct game *g, int size)
{
    board_clear(&g->board, size);
    board_copy(&g->start, &g->board);
    g->handicap = 0;
    g->n_moves = 0;
    g->hashes[0] = g->board.hash;
}

void game_copy(struct game *dst, const struct game *src)
{
    if (dst == src) return;
    struct game_move *moves = dst->moves;
    uint64_t *hashes = dst->hashes;
    int cap = src->cap_moves;
    moves = xrealloc(moves, (size_t)cap * sizeof *moves);
    hashes = xrealloc(hashes, (size_t)(cap + 1) * sizeof *hashes);
    board_copy(&dst->board, &src->board);
    board_copy(&dst->start, &src->start);
    dst->komi = src->komi;
    dst->handicap = src->handicap;
    dst->superko = src->superko;
    dst->moves = moves;
    dst->hashes = hashes;
    dst->cap_moves = cap;
    dst->n_moves = src->n_moves;
    memcpy(moves, src->moves, (size_t)src->n_moves * sizeof *moves);
    memcpy(hashes, src->hashes, (size_t)(src->n_moves + 1) * sizeof *hashes);
}

enum game_err game_check_move(const struct game *g, enum color c, point p)
{
    const struct board *b = &g->board;
    if (c != BLACK && c != WHITE) return GAME_BAD_COLOR;
    if (p == PASS) return GAME_OK;
    if (!board_on(b, p)) return GAME_OFFBOARD;
    if (b->color[p] != EMPTY) return GAME_OCCUPIED;
    if (p == b->ko && c == b->to_move) return GAME_KO;
    if (!board_is_legal(b, c, p)) return GAME_SUICIDE;
    if (g->superko) {
        /* Positional superko: no stone arrangement may repeat one seen since
         * the start position (the start included). */
        uint64_t h = board_hash_after(b, c, p);
        for (int i = 0; i <= g->n_moves; i++)
            if (g->hashes[i] == h) return GAME_SUPERKO;
    }
    return GAME_OK;
}

enum game_err game_play(struct game *g, enum color c, point p)
{
    enum game_err e = game_check_move(g, c, p);
    if (e != GAME_OK) return e;
    if (!game_reserve(g, g->n_moves + 1)) return GAME_NO_MEMORY;
    board_play(&g->board, c, p);
    g->moves[g->n_moves].color = c;
    g->moves[g->n_moves].p = p;
    g->n_moves++;
    g->hashes[g->n_moves] = g->board.hash;
    return GAME_OK;
}

bool game_undo(struct game *g)
{
    if (g->n_moves == 0) return false;
    g->n_moves--;
    board_copy(&g->board, &g->start);
    for (int i = 0; i < g->n_moves; i++)
        board_play(&g->board, g->moves[i].color, g->moves[i].p);
    return true;
}

/* True if nothing has been played or placed: no moves and no stones. */
static bool pristine(const struct game *g)
{
    return g->n_moves == 0 && g->board.n_empty == g->board.size * g->board.size;
}

enum game_err game_setup(struct game *g, enum color c, point p)
{
    if (c != BLACK && c != WHITE) return GAME_BAD_COLOR;
    if (g->n_moves > 0) return GAME_NOT_EMPTY;
    if (!board_on(&g->board, p)) return GAME_OFFBOARD;
    if (g->board.color[p] != EMPTY) return GAME_OCCUPIED;
    if (!board_setup_stone(&g->board, c, p)) return GAME_SUICIDE;
    board_copy(&g->start, &g->board);
    g->hashes[0] = g->board.hash;
    return GAME_OK;
}

enum game_err game_fixed_handicap(struct game *g, int n, point *placed, int *n_placed)
{
    if (!pristine(g)) return GAME_NOT_EMPTY;
    point pts[9];
    int k = board_fixed_handicap(&g->board, n, pts);
    if (k == 0) return GAME_BAD_HANDICAP;
    for (int i = 0; i < k; i++) board_setup_stone(&g->board, BLACK, pts[i]);
    g->board.to_move = WHITE;
    g->handicap = k;
    board_copy(&g->start, &g->board);
    g->hashes[0] = g->board.hash;
    if (placed) memcpy(placed, pts, (size_t)k * sizeof *pts);
    if (n_placed) *n_placed = k;
    return GAME_OK;
}

enum color game_to_move(const struct game *g)
{
    return g->board.to_move;
}

bool game_over(const struct game *g)
{
    return g->board.passes >= 2;
}

double game_score(const struct game *g, const uint8_t *dead)
{
    uint8_t owner[BOARD_MAX_POINTS];
    return board_area_owner_dead(&g->board, dead, g->komi, owner);
}
