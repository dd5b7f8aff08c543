/* refboard — a deliberately slow, obviously correct Go board for testing
 * engine/board/board.c against. Included by the board, game and playout tests.
 *
 * No incremental state at all: a 2-D array of colours, liberties and
 * captures found by flood fill every time they are needed, and the hash
 * recomputed from scratch from the same Zobrist key table. Rules: a move is
 * legal on an empty point unless it is the simple-ko point for this colour or
 * leaves its own string without liberties after removing the enemy strings
 * it leaves without liberties. Simple ko: a move that captures exactly one
 * stone, with a played string of one stone and one liberty, forbids the
 * opponent to retake on the captured point on the next move.
 *
 * Header-only (static functions) so each test binary links it directly.
 */
#ifndef HANE_REFBOARD_H
#define HANE_REFBOARD_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "engine/board/board.h"

#define REF_MAX BOARD_MAX_SIZE

struct ref_board {
    int size;
    uint8_t c[REF_MAX][REF_MAX]; /* [x][y]: EMPTY, BLACK, WHITE */
    int ko_x, ko_y, ko_color;    /* ko_color may not play at (ko_x, ko_y); 0 = no ko */
    int captures[3];
};

static void ref_clear(struct ref_board *r, int size)
{
    memset(r, 0, sizeof *r);
    r->size = size;
}

static bool ref_on(const struct ref_board *r, int x, int y)
{
    return x >= 0 && y >= 0 && x < r->size && y < r->size;
}

static const int ref_dx[4] = { 0, 1, 0, -1 }, ref_dy[4] = { 1, 0, -1, 0 };

/* Flood-fills the string at (x, y): marks its stones in `in` (which must be
 * zeroed), returns the number of stones and writes the number of distinct
 * liberties to *libs. */
static int ref_string(const struct ref_board *r, int x, int y,
                      bool in[REF_MAX][REF_MAX], int *libs)
{
    bool lib[REF_MAX][REF_MAX];
    memset(lib, 0, sizeof lib);
    int col = r->c[x][y], n = 0, nl = 0;
    int sx[REF_MAX * REF_MAX], sy[REF_MAX * REF_MAX], sp = 0;
    sx[sp] = x; sy[sp] = y; sp++;
    in[x][y] = true;
    while (sp > 0) {
        sp--;
        int px = sx[sp], py = sy[sp];
        n++;
        for (int d = 0; d < 4; d++) {
            int qx = px + ref_dx[d], qy = py + ref_dy[d];
            if (!ref_on(r, qx, qy)) continue;
            if (r->c[qx][qy] == EMPTY && !lib[qx][qy]) { lib[qx][qy] = true; nl++; }
            if (r->c[qx][qy] == col && !in[qx][qy]) {
                in[qx][qy] = true;
                sx[sp] = qx; sy[sp] = qy; sp++;
            }
        }
    }
    *libs = nl;
    return n;
}

static int ref_libs(const struct ref_board *r, int x, int y)
{
    bool in[REF_MAX][REF_MAX];
    memset(in, 0, sizeof in);
    int libs;
    ref_string(r, x, y, in, &libs);
    return libs;
}

/* Removes the strings of colour `col` next to (x, y) that have no liberty;
 * returns the number of stones removed and the last removed point. */
static int ref_remove_dead(struct ref_board *r, int x, int y, int col, int *lx, int *ly)
{
    int removed = 0;
    for (int d = 0; d < 4; d++) {
        int qx = x + ref_dx[d], qy = y + ref_dy[d];
        if (!ref_on(r, qx, qy) || r->c[qx][qy] != col) continue;
        bool in[REF_MAX][REF_MAX];
        memset(in, 0, sizeof in);
        int libs;
        ref_string(r, qx, qy, in, &libs);
        if (libs > 0) continue;
        for (int i = 0; i < r->size; i++)
            for (int j = 0; j < r->size; j++)
                if (in[i][j]) {
                    r->c[i][j] = EMPTY;
                    removed++;
                    *lx = i; *ly = j;
                }
    }
    return removed;
}

static bool ref_legal(const struct ref_board *r, int col, int x, int y)
{
    if (!ref_on(r, x, y) || r->c[x][y] != EMPTY) return false;
    if (r->ko_color == col && r->ko_x == x && r->ko_y == y) return false;
    /* An empty neighbour is a liberty of the new stone whatever else happens. */
    for (int d = 0; d < 4; d++) {
        int qx = x + ref_dx[d], qy = y + ref_dy[d];
        if (ref_on(r, qx, qy) && r->c[qx][qy] == EMPTY) return true;
    }
    struct ref_board t = *r;
    t.c[x][y] = col;
    int lx, ly;
    if (ref_remove_dead(&t, x, y, 3 - col, &lx, &ly) > 0) return true;
    return ref_libs(&t, x, y) > 0;
}

/* Plays a legal move (x < 0: pass); returns the stones captured. */
static int ref_play(struct ref_board *r, int col, int x, int y)
{
    r->ko_color = 0;
    if (x < 0) return 0;
    r->c[x][y] = col;
    int lx = -1, ly = -1;
    int n = ref_remove_dead(r, x, y, 3 - col, &lx, &ly);
    r->captures[col] += n;
    if (n == 1) {
        bool in[REF_MAX][REF_MAX];
        memset(in, 0, sizeof in);
        int libs;
        if (ref_string(r, x, y, in, &libs) == 1 && libs == 1) {
            r->ko_color = 3 - col;
            r->ko_x = lx;
            r->ko_y = ly;
        }
    }
    return n;
}

/* Setup stone: no capture, refused if any string would have no liberty. */
static bool ref_setup(struct ref_board *r, int col, int x, int y)
{
    if (!ref_on(r, x, y) || r->c[x][y] != EMPTY) return false;
    struct ref_board t = *r;
    t.c[x][y] = col;
    for (int i = 0; i < t.size; i++)
        for (int j = 0; j < t.size; j++)
            if (t.c[i][j] != EMPTY && ref_libs(&t, i, j) == 0) return false;
    *r = t;
    r->ko_color = 0;
    return true;
}

static uint64_t ref_hash(const struct ref_board *r)
{
    const struct board_geom *g = board_geom_of(r->size);
    uint64_t h = 0;
    for (int x = 0; x < r->size; x++)
        for (int y = 0; y < r->size; y++)
            if (r->c[x][y] != EMPTY) h ^= g->zobrist[(y + 1) * g->stride + x + 1][r->c[x][y] - 1];
    return h;
}

/* The empty region of (x, y), which must be empty: the one colour it
 * touches (EMPTY if both or none), its number of points in *size. */
static int ref_region(const struct ref_board *r, int x, int y, int *size)
{
    bool seen[REF_MAX][REF_MAX];
    memset(seen, 0, sizeof seen);
    int sx[REF_MAX * REF_MAX], sy[REF_MAX * REF_MAX], sp = 0, touch = 0;
    sx[sp] = x; sy[sp] = y; sp++;
    seen[x][y] = true;
    *size = 0;
    while (sp > 0) {
        sp--;
        ++*size;
        int px = sx[sp], py = sy[sp];
        for (int d = 0; d < 4; d++) {
            int qx = px + ref_dx[d], qy = py + ref_dy[d];
            if (!ref_on(r, qx, qy)) continue;
            if (r->c[qx][qy] == EMPTY) {
                if (!seen[qx][qy]) { seen[qx][qy] = true; sx[sp] = qx; sy[sp] = qy; sp++; }
            } else {
                touch |= r->c[qx][qy];
            }
        }
    }
    return touch == BLACK || touch == WHITE ? touch : EMPTY;
}

/* Area owner of (x, y): its colour, or the one colour its empty region touches. */
static int ref_owner(const struct ref_board *r, int x, int y)
{
    int size;
    return r->c[x][y] != EMPTY ? r->c[x][y] : ref_region(r, x, y, &size);
}

static double ref_score(const struct ref_board *r, double komi)
{
    int s = 0;
    for (int x = 0; x < r->size; x++)
        for (int y = 0; y < r->size; y++) {
            int o = ref_owner(r, x, y);
            s += (o == BLACK) - (o == WHITE);
        }
    return s - komi;
}

/* Eyelike as board.h defines it: every orthogonal neighbour is `col` or off
 * the board, and the enemy diagonals (plus one if any diagonal is off the
 * board) number fewer than two. */
static bool ref_eyelike(const struct ref_board *r, int col, int x, int y)
{
    if (r->c[x][y] != EMPTY) return false;
    for (int d = 0; d < 4; d++) {
        int qx = x + ref_dx[d], qy = y + ref_dy[d];
        if (ref_on(r, qx, qy) && r->c[qx][qy] != col) return false;
    }
    int bad = 0, off = 0;
    for (int ex = -1; ex <= 1; ex += 2)
        for (int ey = -1; ey <= 1; ey += 2) {
            if (!ref_on(r, x + ex, y + ey)) off = 1;
            else if (r->c[x + ex][y + ey] == 3 - col) bad++;
        }
    return bad + off < 2;
}

#endif
