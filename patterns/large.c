/* large — diamond-shaped patterns around a move, Zobrist-hashed and canonical
 * under the 8 symmetries (colours normalised to the mover). */
#include "patterns/features.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

const int pat_large_sizes[PAT_LARGE_NSIZES] = { 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16 };

#define MAX_D 16
#define MAX_PTS 256   /* 180 points have d <= 16 */

/* The points of the largest diamond, sorted by distance d (then by a fixed
 * order), without the centre: size s is the prefix of length size_end[s]. */
static int pt_dx[MAX_PTS], pt_dy[MAX_PTS], n_pts;
/* Their offsets in pat_maps.stones, whose margin holds the largest diamond
 * (d = |dx| + |dy| + max(|dx|, |dy|) <= 16 gives |dx|, |dy| <= 8). */
static int16_t pt_rel[MAX_PTS];
_Static_assert(PAT_LARGE_REACH * 2 == MAX_D, "the maps' margin holds the largest diamond");
static int size_end[PAT_LARGE_NSIZES];
/* The points with d <= 9 (pat_stone_counts) as rows: row dy = -NEAR_H..NEAR_H
 * spans dx = -near_half[dy + NEAR_H] .. near_half[dy + NEAR_H], a run of
 * consecutive points on the board, read without a test per point. */
#define NEAR_D 9
#define NEAR_H 4        /* the largest |dy| with d <= 9: 4 + 4 + 1 */
/* |dx| <= 4 too (5 + 0 + 5 > 9): the maps' margin holds the region. */
_Static_assert(PAT_NEAR_PAD == NEAR_H, "the maps' near margin holds the near region");
static int near_half[2 * NEAR_H + 1];
/* perm[t][k]: index of the point that symmetry t sends point k to. */
static uint8_t perm[8][MAX_PTS];
/* key[k][colour]: colour 0 (empty) has key 0. */
static uint64_t key[MAX_PTS][4];
static uint64_t size_key[PAT_LARGE_NSIZES];
static uint64_t fingerprint;
static pthread_once_t large_once = PTHREAD_ONCE_INIT;

static int dist(int dx, int dy)
{
    int ax = abs(dx), ay = abs(dy);
    return ax + ay + (ax > ay ? ax : ay);
}

/* splitmix64: a fixed-seed generator, so hashes (and gamma tables) are the
 * same on every machine and every run. */
static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The canonical hash of a diamond from its 8 symmetric images h[t] ^ o[t]
 * (o: what the off-board points add, or zeros): the least. Which image is
 * least is a coin toss, so selects, not branches. */
static inline uint64_t least_image(const uint64_t h[8], const uint64_t o[8])
{
    uint64_t mn = h[0] ^ o[0];
#pragma GCC unroll 8
    for (int t = 1; t < 8; t++) {
        uint64_t v = h[t] ^ o[t];
        mn = v < mn ? v : mn;
    }
    return mn;
}

static void build(void)
{
    for (int d = 1; d <= MAX_D; d++)
        for (int dy = -MAX_D; dy <= MAX_D; dy++)
            for (int dx = -MAX_D; dx <= MAX_D; dx++)
                if (dist(dx, dy) == d && n_pts < MAX_PTS) {
                    pt_dx[n_pts] = dx;
                    pt_dy[n_pts] = dy;
                    n_pts++;
                }
    for (int s = 0; s < PAT_LARGE_NSIZES; s++) {
        int e = 0;
        while (e < n_pts && dist(pt_dx[e], pt_dy[e]) <= pat_large_sizes[s])
            e++;
        size_end[s] = e;
    }
    for (int k = 0; k < n_pts; k++)
        pt_rel[k] = (int16_t)(pt_dy[k] * PAT_MAPS_STRIDE + pt_dx[k]);
    for (int dy = -NEAR_H; dy <= NEAR_H; dy++) {
        int h = 0;
        while (dist(h + 1, dy) <= NEAR_D)
            h++;
        near_half[dy + NEAR_H] = h;
    }
    for (int t = 0; t < 8; t++)
        for (int k = 0; k < n_pts; k++) {
            int dx = pt_dx[k], dy = pt_dy[k];
            if (t & 1) dx = -dx;
            if (t & 2) dy = -dy;
            if (t & 4) { int s = dx; dx = dy; dy = s; }
            for (int j = 0; j < n_pts; j++)
                if (pt_dx[j] == dx && pt_dy[j] == dy)
                    perm[t][k] = (uint8_t)j;
        }
    uint64_t seed = 0x68616e652d706174ull;  /* "hane-pat" */
    for (int k = 0; k < n_pts; k++) {
        key[k][0] = 0;
        for (int c = 1; c < 4; c++)
            key[k][c] = splitmix(&seed);
    }
    for (int s = 0; s < PAT_LARGE_NSIZES; s++)
        size_key[s] = splitmix(&seed);
    /* The fingerprint covers the point order and every key. */
    uint64_t f = 0x1234567ull;
    for (int k = 0; k < n_pts; k++) {
        f = f * 31 + (uint64_t)(pt_dx[k] + 64) * 131 + (uint64_t)(pt_dy[k] + 64);
        for (int c = 1; c < 4; c++)
            f ^= key[k][c] + (f << 6) + (f >> 2);
    }
    for (int s = 0; s < PAT_LARGE_NSIZES; s++)
        f ^= size_key[s] + (f << 6) + (f >> 2) + (uint64_t)size_end[s];
    fingerprint = f;
}

static void large_init(void)
{
    pthread_once(&large_once, build);
}

uint64_t pat_large_fingerprint(void)
{
    large_init();
    return fingerprint;
}

void pat_large_hashes(const struct board *b, enum color c, point p,
                      uint64_t out[PAT_LARGE_NSIZES])
{
    int size = b->size;
    int x0 = board_x(b, p), y0 = board_y(b, p);
    uint8_t col[MAX_PTS];
    /* Colours seen from the mover: own stones 1, the opponent's 2. */
    const uint8_t *swap = c == WHITE ? (const uint8_t[4]){ 0, 2, 1, 3 }
                                     : (const uint8_t[4]){ 0, 1, 2, 3 };
    for (int k = 0; k < n_pts; k++) {
        int x = x0 + pt_dx[k], y = y0 + pt_dy[k];
        if (x < 0 || y < 0 || x >= size || y >= size)
            col[k] = OFFBOARD;
        else
            col[k] = swap[b->color[board_point(b, x, y)]];
    }
    uint64_t h[8] = { 0 };
    int k = 0;
    for (int s = 0; s < PAT_LARGE_NSIZES; s++) {
        for (; k < size_end[s]; k++) {
            if (col[k] == EMPTY)
                continue;
            for (int t = 0; t < 8; t++)
                h[t] ^= key[perm[t][k]][col[k]];
        }
        static const uint64_t none[8];
        out[s] = least_image(h, none) ^ size_key[s];
    }
}

/* The off-board points of a diamond depend only on where the move is, and
 * their colour is the same for both movers: per board size, per vertex
 * (y * size + x) and per diamond size, the XOR of their keys under each of
 * the 8 symmetries, cumulative over sizes. On 9x9 most of a large diamond is
 * off the board, and these XORs would be most of pat_large_match's work. Built
 * on first use of a size (N^2 x 704 bytes, 254 KB for 19x19), kept for the
 * life of the process. */
static _Atomic(uint64_t *) offboard[BOARD_MAX_SIZE + 1];
static pthread_mutex_t offboard_lock = PTHREAD_MUTEX_INITIALIZER;

static const uint64_t *offboard_of(int size)
{
    uint64_t *tab = atomic_load_explicit(&offboard[size], memory_order_acquire);
    if (tab)
        return tab;
    pthread_mutex_lock(&offboard_lock);
    tab = atomic_load_explicit(&offboard[size], memory_order_relaxed);
    if (!tab) {
        tab = malloc((size_t)size * (size_t)size * PAT_LARGE_NSIZES * 8 * sizeof *tab);
        if (!tab) {
            fprintf(stderr, "hane: out of memory for the large-pattern tables\n");
            abort();
        }
        for (int y0 = 0; y0 < size; y0++)
            for (int x0 = 0; x0 < size; x0++) {
                uint64_t *out = tab + (size_t)(y0 * size + x0) * PAT_LARGE_NSIZES * 8;
                uint64_t h[8] = { 0 };
                int k = 0;
                for (int s = 0; s < PAT_LARGE_NSIZES; s++) {
                    for (; k < size_end[s]; k++) {
                        int x = x0 + pt_dx[k], y = y0 + pt_dy[k];
                        if (x >= 0 && y >= 0 && x < size && y < size)
                            continue;
                        for (int t = 0; t < 8; t++)
                            h[t] ^= key[perm[t][k]][OFFBOARD];
                    }
                    for (int t = 0; t < 8; t++)
                        out[s * 8 + t] = h[t];
                }
            }
        atomic_store_explicit(&offboard[size], tab, memory_order_release);
    }
    pthread_mutex_unlock(&offboard_lock);
    return tab;
}

uint32_t pat_large_match(const struct board *b, const struct pat_maps *m, enum color c, point p,
                         pat_large_lookup_fn lookup, const void *dict)
{
    large_init();
    int size = b->size;
    int x0 = board_x(b, p), y0 = board_y(b, p);
    const uint8_t *swap = c == WHITE ? (const uint8_t[4]){ 0, 2, 1, 3 }
                                     : (const uint8_t[4]){ 0, 1, 2, 3 };
    const uint64_t *off = offboard_of(size) + (size_t)(y0 * size + x0) * PAT_LARGE_NSIZES * 8;
    const uint8_t *around = m->stones + (y0 + PAT_LARGE_REACH) * PAT_MAPS_STRIDE + x0 +
                            PAT_LARGE_REACH;
    uint64_t h[8] = { 0 };     /* the stones' keys; the off-board ones come from `off` */
    uint32_t best = 0;
    int k = 0;
    for (int s = 0; s < PAT_LARGE_NSIZES; s++) {
        for (; k < size_end[s]; k++) {
            int col = swap[around[pt_rel[k]]];
            if (col == EMPTY)
                continue;
#pragma GCC unroll 8
            for (int t = 0; t < 8; t++)
                h[t] ^= key[perm[t][k]][col];
        }
        uint32_t idx = lookup(dict, least_image(h, off + s * 8) ^ size_key[s]);
        if (!idx)
            break;   /* larger sizes cannot be known either (see features.h) */
        best = idx;
    }
    return best;
}

void pat_stone_counts(const struct board *b, const struct pat_maps *m, enum color c, point p,
                      int *own, int *opp)
{
    large_init();
    int x0 = board_x(b, p), y0 = board_y(b, p);
    /* Both colours at once, a row a subtraction (the counts of a row are
     * below 256, so the low byte never borrows). */
    unsigned n2 = 0;
    for (int dy = -NEAR_H; dy <= NEAR_H; dy++) {
        int h = near_half[dy + NEAR_H];
        const uint16_t *row = m->near[y0 + dy + PAT_NEAR_PAD];
        n2 += (unsigned)(row[x0 + h + 1 + PAT_NEAR_PAD] - row[x0 - h + PAT_NEAR_PAD]);
    }
    int n[4] = { 0, (int)(n2 & 0xff), (int)(n2 >> 8), 0 };
    n[b->color[p]]--;       /* the rows include p itself */
    *own = n[c];
    *opp = n[color_other(c)];
}
