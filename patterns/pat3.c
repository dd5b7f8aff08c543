/* pat3 — 3x3 pattern codes with atari marks and their canonical classes. */
#include "patterns/features.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/bigtable.h"

/* Neighbour directions in the board's order N, E, S, W, NE, SE, SW, NW
 * (y grows northwards: GTP row 1 is y = 0). */
static const int dir_dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int dir_dy[8] = { 1, 0, -1, 0, 1, -1, -1, 1 };

/* Both built once by pat3_init() (features.h). */
const uint16_t *pat3_class_table;
const uint16_t *pat3_class_swap_table;
static uint32_t *class_code;    /* representative (smallest raw) per class */
static int n_classes;
/* Transform tables: a symmetry permutes the orthogonal fields among themselves
 * and the diagonal ones among themselves, so three look-ups do a whole code. */
static uint16_t tr_orth[8][256], tr_diag[8][256];
static uint8_t tr_atari[8][16];
static pthread_once_t pat3_once = PTHREAD_ONCE_INIT;

static int dir_index(int dx, int dy)
{
    for (int i = 0; i < 8; i++)
        if (dir_dx[i] == dx && dir_dy[i] == dy)
            return i;
    return -1;
}

/* Symmetry t: bit 0 mirrors x, bit 1 mirrors y, bit 2 swaps x and y. */
static void sym_apply(int t, int dx, int dy, int *ox, int *oy)
{
    if (t & 1) dx = -dx;
    if (t & 2) dy = -dy;
    if (t & 4) { int s = dx; dx = dy; dy = s; }
    *ox = dx; *oy = dy;
}

static uint32_t transform_slow(uint32_t raw, int t)
{
    uint32_t out = 0;
    for (int i = 0; i < 8; i++) {
        int dx, dy;
        sym_apply(t, dir_dx[i], dir_dy[i], &dx, &dy);
        int j = dir_index(dx, dy);
        out |= ((raw >> (2 * i)) & 3u) << (2 * j);
        if (i < 4 && (raw >> (16 + i) & 1u))
            out |= 1u << (16 + j);
    }
    return out;
}

uint32_t pat3_transform(uint32_t raw, int t)
{
    return tr_orth[t][raw & 0xff] | tr_diag[t][(raw >> 8) & 0xff]
         | (uint32_t)tr_atari[t][(raw >> 16) & 0xf] << 16;
}

uint32_t pat3_canonical(uint32_t raw)
{
    uint32_t best = raw;
    for (int t = 1; t < 8; t++) {
        uint32_t v = pat3_transform(raw, t);
        if (v < best)
            best = v;
    }
    return best;
}

/* Can this code occur on a board? Off-board neighbours must form nothing, one
 * whole side or a corner (two sides); atari marks only on stones. */
static bool raw_valid(uint32_t raw)
{
    unsigned off = 0;
    for (int i = 0; i < 8; i++)
        if (((raw >> (2 * i)) & 3u) == OFFBOARD)
            off |= 1u << i;
    for (int i = 0; i < 4; i++) {
        unsigned c = (raw >> (2 * i)) & 3u;
        if ((raw >> (16 + i) & 1u) && c != BLACK && c != WHITE)
            return false;
    }
    /* sides as neighbour masks: N = {N, NE, NW}, E = {E, NE, SE}, ... */
    static const unsigned side[4] = {
        1u << 0 | 1u << 4 | 1u << 7, 1u << 1 | 1u << 4 | 1u << 5,
        1u << 2 | 1u << 5 | 1u << 6, 1u << 3 | 1u << 6 | 1u << 7,
    };
    if (off == 0)
        return true;
    for (int s = 0; s < 4; s++) {
        if (off == side[s])
            return true;
        int s2 = (s + 1) % 4;   /* adjacent side: a corner */
        if (off == (side[s] | side[s2]))
            return true;
    }
    return false;
}

static void build_tables(void)
{
    for (int t = 0; t < 8; t++) {
        for (uint32_t v = 0; v < 256; v++) {
            tr_orth[t][v] = (uint16_t)transform_slow(v, t);
            tr_diag[t][v] = (uint16_t)transform_slow(v << 8, t);
        }
        for (uint32_t a = 0; a < 16; a++)
            tr_atari[t][a] = (uint8_t)(transform_slow(a << 16, t) >> 16);
    }
    /* Class indices are 16-bit (PAT3_NO_CLASS above them), so 65536
     * entries hold every class's code and swap. */
    uint16_t *class_of = bigtable_alloc(sizeof *class_of * PAT3_RAW_CODES);
    uint16_t *class_swap = malloc(sizeof *class_swap * 65536);
    class_code = malloc(sizeof *class_code * 65536);
    if (!class_of || !class_swap || !class_code) {
        fprintf(stderr, "hane: out of memory building 3x3 pattern tables\n");
        exit(1);
    }
    /* Ascending order: a code's canonical form is never larger, so its class
     * already exists when the code is not itself canonical. */
    for (uint32_t raw = 0; raw < PAT3_RAW_CODES; raw++) {
        if (!raw_valid(raw)) {
            class_of[raw] = PAT3_NO_CLASS;
            continue;
        }
        uint32_t c = pat3_canonical(raw);
        if (c == raw) {
            class_code[n_classes] = raw;
            class_of[raw] = (uint16_t)n_classes++;
        } else {
            class_of[raw] = class_of[c];
        }
    }
    /* Swapping colours commutes with the symmetries, so it maps whole
     * classes to classes. */
    for (int c = 0; c < n_classes; c++)
        class_swap[c] = class_of[pat3_swap_colors(class_code[c])];
    pat3_class_swap_table = class_swap;
    pat3_class_table = class_of;
}

void pat3_init(void)
{
    pthread_once(&pat3_once, build_tables);
}

int pat3_classes(void)
{
    return n_classes;
}

uint32_t pat3_class_code(int cls)
{
    return cls >= 0 && cls < n_classes ? class_code[cls] : 0;
}

/* `raw`, the 8 neighbours' colours of p, with the atari marks of its
 * orthogonal strings added, seen by the mover `c`. */
static inline uint32_t with_atari_marks(const struct board *b, enum color c, point p,
                                        uint32_t raw)
{
    const int *offs = b->geom->offs;
    for (int i = 0; i < 4; i++) {
        point q = p + offs[i];
        uint8_t qc = b->color[q];
        if ((qc == BLACK || qc == WHITE) && b->str[b->sid[q]].libs == 1)
            raw |= 1u << (16 + i);
    }
    return c == WHITE ? pat3_swap_colors(raw) : raw;
}

uint32_t pat3_raw(const struct board *b, enum color c, point p)
{
    const int *offs = b->geom->offs;
    uint32_t raw = 0;
    for (int i = 0; i < 8; i++)
        raw |= (uint32_t)b->color[p + offs[i]] << (2 * i);
    return with_atari_marks(b, c, p, raw);
}

uint32_t pat3_raw_from_nbr(const struct board *b, enum color c, point p)
{
    return with_atari_marks(b, c, p, b->nbr3x3[p]);
}

void pat3_to_string(uint32_t raw, char *out)
{
    static const char sym[4] = { '.', 'X', 'O', '#' };
    for (int i = 0; i < 8; i++) {
        char ch = sym[(raw >> (2 * i)) & 3u];
        if (i < 4 && (raw >> (16 + i) & 1u))
            ch = ch == 'X' ? 'x' : ch == 'O' ? 'o' : '?';
        out[i] = ch;
    }
    out[8] = '\0';
}

bool pat3_from_string(const char *s, uint32_t *raw)
{
    uint32_t r = 0;
    for (int i = 0; i < 8; i++) {
        uint32_t c;
        bool atari = false;
        switch (s[i]) {
        case '.': c = EMPTY; break;
        case 'X': c = BLACK; break;
        case 'O': c = WHITE; break;
        case '#': c = OFFBOARD; break;
        case 'x': c = BLACK; atari = true; break;
        case 'o': c = WHITE; atari = true; break;
        default: return false;  /* includes a string shorter than 8 */
        }
        if (atari && i >= 4)
            return false;
        r |= c << (2 * i);
        if (atari)
            r |= 1u << (16 + i);
    }
    if (s[8] != '\0' || !raw_valid(r))
        return false;
    *raw = r;
    return true;
}
