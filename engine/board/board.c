/* board — strings, liberties, captures, ko, hashing and 3x3 codes, kept
 * incrementally. See board.h for the point numbering and the contract.
 *
 * Invariants (board_check() verifies all of them against a recount):
 *  - color[] is OFFBOARD on every border point, and EMPTY/BLACK/WHITE on board.
 *  - A string's id is the point of one of its stones; sid[] of every stone
 *    names its string, sid[] of every other point is 0. next_stone[] links the
 *    stones of a string in a cycle.
 *  - str[id].libs is the exact number of distinct empty points next to the
 *    string and str[id].lib_sum their sum (so the liberty of a string in atari
 *    is lib_sum itself).
 *  - nbr3x3[p] of every on-board point holds the colours of its 8 neighbours.
 *  - empty[0..n_empty) lists the empty points; empty_pos[p] is p's index there;
 *    the settled ones, empty[0..n_settled), are safe eyes (board.h), and
 *    settled[] is 1 on exactly those.
 *  - hash is the XOR of the Zobrist keys of all stones.
 *
 * Liberty counts stay exact without liberty sets: a point is a liberty of a
 * string once however many of its stones touch it, so every update asks
 * "does the string already touch this point elsewhere?" by looking at the
 * point's four neighbours. That is O(1) per liberty, and a merge costs
 * O(stones of the smaller string).
 */
#include "engine/board/board.h"
#include "engine/board/board_play.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct board_geom geoms[BOARD_MAX_SIZE + 1];
/* Number of orthogonal neighbours of colour c in the low byte of a 3x3 code. */
uint8_t board_orth_count_[4][256];
struct board_orth_empties board_orth_empty_[256];
static void init_orth(void);
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* splitmix64: a fixed, well-mixed sequence for the Zobrist keys. */
static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void init_geom(int size)
{
    struct board_geom *g = &geoms[size];
    g->size = size;
    g->stride = size + 1;
    g->points = (size + 2) * (size + 1) + 1;
    int s = g->stride;
    int offs[8] = { s, 1, -s, -1, s + 1, -s + 1, -s - 1, s - 1 };
    memcpy(g->offs, offs, sizeof offs);
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        g->x_of[p] = (int16_t)(p % s - 1);
        g->y_of[p] = (int16_t)(p / s - 1);
    }
    /* Keys belong to (x, y, colour), drawn in one fixed order, so a stone has
     * the same key on every board size and in every run. */
    uint64_t seed = 0x68616e65u;   /* "hane" */
    memset(g->zobrist, 0, sizeof g->zobrist);
    for (int y = 0; y < BOARD_MAX_SIZE; y++)
        for (int x = 0; x < BOARD_MAX_SIZE; x++)
            for (int c = 0; c < 2; c++) {
                uint64_t k = splitmix64(&seed);
                if (x < size && y < size) g->zobrist[(y + 1) * s + x + 1][c] = k;
            }
}

static void clear_slow(struct board *b, int size);
static struct board empty_board[BOARD_MAX_SIZE + 1];

static void init_all(void)
{
    for (int size = BOARD_MIN_SIZE; size <= BOARD_MAX_SIZE; size++) init_geom(size);
    for (int size = BOARD_MIN_SIZE; size <= BOARD_MAX_SIZE; size++) clear_slow(&empty_board[size], size);
    init_orth();
}

void board_init(void)
{
    pthread_once(&init_once, init_all);
}

const struct board_geom *board_geom_of(int size)
{
    board_init();
    return &geoms[size];
}

/* ---- set-up ---- */

/* Builds an empty board the long way; board_clear copies these templates. */
static void clear_slow(struct board *b, int size)
{
    const struct board_geom *g = &geoms[size];
    b->geom = g;
    b->size = size;
    memset(b->color, OFFBOARD, sizeof b->color);
    memset(b->sid, 0, sizeof b->sid);
    memset(b->next_stone, 0, sizeof b->next_stone);
    memset(b->str, 0, sizeof b->str);
    memset(b->nbr3x3, 0, sizeof b->nbr3x3);
    b->n_empty = b->n_settled = 0;
    memset(b->settled, 0, sizeof b->settled);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            point p = board_point(b, x, y);
            b->color[p] = EMPTY;
            empty_add(b, p);
        }
    for (point p = 0; p < g->points; p++) {
        unsigned code = 0;
        for (int i = 0; i < 8; i++) {
            point q = p + g->offs[i];
            unsigned c = (q >= 0 && q < g->points) ? b->color[q] : OFFBOARD;
            code |= c << (2 * i);
        }
        b->nbr3x3[p] = (uint16_t)code;
    }
    b->ko = 0;
    b->to_move = BLACK;
    b->captures[0] = b->captures[1] = b->captures[2] = 0;
    b->n_stones[0] = b->n_stones[1] = b->n_stones[2] = 0;
    b->last_move = b->last_move2 = b->last_move3 = b->last_move4 = 0;
    b->passes = 0;
    b->hash = 0;
}

/* Clearing copies the empty board of that size built once by board_init:
 * the used part only (a GTP clear_board or a fuzzer's reset costs a few
 * hundred bytes of copying instead of rebuilding every array). Array entries
 * beyond the size's points keep old values; nothing reads them. */
void board_clear(struct board *b, int size)
{
    /* Callers validate sizes from input (GTP boardsize, SGF SZ); a bad one
     * here is a bug, and copying from outside the table would hide it. */
    if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE) {
        fprintf(stderr, "hane: %s:%d: board_clear: size %d outside %d..%d\n", __FILE__,
                __LINE__, size, BOARD_MIN_SIZE, BOARD_MAX_SIZE);
        abort();
    }
    board_init();
    board_copy(b, &empty_board[size]);
}

void board_copy(struct board *dst, const struct board *src)
{
    int n = src->geom->points;
    /* Everything before the arrays, then only the used part of each array. */
    memcpy(dst, src, offsetof(struct board, color));
    memcpy(dst->color, src->color, (size_t)n * sizeof src->color[0]);
    memcpy(dst->settled, src->settled, (size_t)n * sizeof src->settled[0]);
    memcpy(dst->sid, src->sid, (size_t)n * sizeof src->sid[0]);
    memcpy(dst->next_stone, src->next_stone, (size_t)n * sizeof src->next_stone[0]);
    memcpy(dst->str, src->str, (size_t)n * sizeof src->str[0]);
    memcpy(dst->nbr3x3, src->nbr3x3, (size_t)n * sizeof src->nbr3x3[0]);
    memcpy(dst->empty, src->empty, (size_t)src->n_empty * sizeof src->empty[0]);
    memcpy(dst->empty_pos, src->empty_pos, (size_t)n * sizeof src->empty_pos[0]);
    memcpy(&dst->n_empty, &src->n_empty,
           sizeof *src - offsetof(struct board, n_empty));
}

/* ---- rules ----
 *
 * The move itself (place_stone, captures, merges) is in board_play.h, so
 * that the light playout loop can have it inline; here are its tables, the
 * checked entry points and the questions asked without playing.
 */

static void init_orth(void)
{
    for (unsigned code = 0; code < 256; code++) {
        for (int i = 0; i < 4; i++) board_orth_count_[(code >> (2 * i)) & 3][code]++;
        struct board_orth_empties *e = &board_orth_empty_[code];
        e->n = (int8_t)board_orth_count_[EMPTY][code];
        e->dy = (int8_t)((((code >> 0) & 3) == EMPTY) - (((code >> 4) & 3) == EMPTY));
        e->dx = (int8_t)((((code >> 2) & 3) == EMPTY) - (((code >> 6) & 3) == EMPTY));
    }
}

bool board_is_legal(const struct board *b, enum color c, point p)
{
    if (p == PASS) return true;
    if (p <= 0 || p >= b->geom->points || b->color[p] != EMPTY) return false;
    if (c != BLACK && c != WHITE) return false;
    if (p == b->ko && c == b->to_move) return false;
    unsigned code = b->nbr3x3[p];
    return board_code_has_empty(code) || board_legal_surrounded(b, c, p, code);
}


int board_play_known_legal(struct board *b, enum color c, point p)
{
    return board_play_inline_(b, c, p);
}

int board_play(struct board *b, enum color c, point p)
{
    if (c != BLACK && c != WHITE) return -1;
    if (!board_is_legal(b, c, p)) return -1;
    return board_play_known_legal(b, c, p);
}

/* The distinct strings of c's opponent next to p that have one liberty,
 * which a stone of c at p (empty) captures: their ids into out, how many
 * returned. */
static int strings_captured_by(const struct board *b, enum color c, point p, int out[4])
{
    const int *o = b->geom->offs;
    enum color other = color_other(c);
    int n_out = 0;
    for (int i = 0; i < 4; i++) {
        point n = p + o[i];
        if (b->color[n] != (int)other) continue;
        int t = b->sid[n];
        if (b->str[t].libs != 1) continue;
        bool dup = false;
        for (int j = 0; j < n_out; j++) dup |= out[j] == t;
        if (!dup) out[n_out++] = t;
    }
    return n_out;
}

uint64_t board_hash_after(const struct board *b, enum color c, point p)
{
    if (p <= 0 || p >= b->geom->points || b->color[p] != EMPTY || (c != BLACK && c != WHITE))
        return b->hash;
    uint64_t h = b->hash ^ b->geom->zobrist[p][c - 1];
    enum color other = color_other(c);
    int dead[4];
    int n_dead = strings_captured_by(b, c, p, dead);
    for (int k = 0; k < n_dead; k++) {
        /* a string's id is one of its stones, and its stones form a ring */
        point q = dead[k];
        do {
            h ^= b->geom->zobrist[q][other - 1];
            q = b->next_stone[q];
        } while (q != dead[k]);
    }
    return h;
}

bool board_setup_stone(struct board *b, enum color c, point p)
{
    if (c != BLACK && c != WHITE) return false;
    if (p <= 0 || p >= b->geom->points || b->color[p] != EMPTY) return false;
    /* The new string keeps a liberty if p has an empty neighbour or joins a
     * string with another liberty; no enemy string may lose its last one. */
    const int *o = b->geom->offs;
    bool has_lib = false;
    for (int i = 0; i < 4; i++) {
        point n = p + o[i];
        int cn = b->color[n];
        if (cn == EMPTY) has_lib = true;
        else if (cn == (int)c && b->str[b->sid[n]].libs > 1) has_lib = true;
        else if (cn == (int)color_other(c) && b->str[b->sid[n]].libs == 1) return false;
    }
    if (!has_lib) return false;
    int dead[4];
    place_stone(b, c, p, dead);
    b->ko = 0;
    return true;
}

int board_capture_count(const struct board *b, enum color c, point p)
{
    if (p <= 0 || p >= b->geom->points || b->color[p] != EMPTY || (c != BLACK && c != WHITE))
        return 0;
    int dead[4];
    int n_dead = strings_captured_by(b, c, p, dead), n_cap = 0;
    for (int k = 0; k < n_dead; k++)
        n_cap += b->str[dead[k]].stones;
    return n_cap;
}

bool board_is_self_atari(const struct board *b, enum color c, point p)
{
    if (p <= 0 || p >= b->geom->points || b->color[p] != EMPTY || (c != BLACK && c != WHITE))
        return false;
    if (board_capture_count(b, c, p) > 0) return false;
    /* Count the liberties the new string would have, up to two: p's empty
     * neighbours and the liberties of the friendly strings it joins. */
    const int *o = b->geom->offs;
    point libs[2];
    int nl = 0;
    for (int i = 0; i < 4 && nl < 2; i++) {
        point n = p + o[i];
        if (b->color[n] != EMPTY) continue;
        if (nl == 0 || libs[0] != n) libs[nl++] = n;
    }
    /* A friendly string's liberties come from its counts, with no walk:
     * p is one of them; with three or more it keeps two; with two the
     * other is lib_sum - p; with one it has none besides p. */
    for (int i = 0; i < 4 && nl < 2; i++) {
        point n = p + o[i];
        if (b->color[n] != (int)c) continue;
        const struct board_string *s = &b->str[b->sid[n]];
        if (s->libs >= 3) return false;
        if (s->libs < 2) continue;
        point q = (point)(s->lib_sum - (uint32_t)p);
        if (nl == 0 || libs[0] != q) libs[nl++] = q;
    }
    return nl < 2;
}

/* The stones of the string `c` at the empty point `p` would make: the
 * stone and the distinct friendly strings next to it. Counted before any
 * liberty, as it is cheaper and rules out most moves. */
static int joined_stones(const struct board *b, enum color c, point p)
{
    int stones = 1;
    uint16_t seen[4];
    int ns = 0;
    for (int i = 0; i < 4; i++) {
        point n = p + b->geom->offs[i];
        if (b->color[n] != (int)c) continue;
        uint16_t id = b->sid[n];
        bool dup = false;
        for (int k = 0; k < ns; k++) dup |= seen[k] == id;
        if (dup) continue;
        seen[ns++] = id;
        stones += b->str[id].stones;
    }
    return stones;
}

static bool is_move_point(const struct board *b, enum color c, point p)
{
    return p > 0 && p < b->geom->points && b->color[p] == EMPTY && (c == BLACK || c == WHITE);
}

bool board_is_big_self_atari(const struct board *b, enum color c, point p, int min_stones)
{
    return is_move_point(b, c, p) && joined_stones(b, c, p) >= min_stones &&
           board_is_self_atari(b, c, p);
}

/* Is `q` one of the `n` points `pts`? (A linear scan: n is at most 5.) */
static bool among(const point *pts, int n, point q)
{
    for (int i = 0; i < n; i++)
        if (pts[i] == q)
            return true;
    return false;
}

/* A bent four (degrees 1, 2, 2, 1) gives two eyes, its two middle points
 * being miai, except with its bend on the corner point: a stone the owner
 * plays there touches no wall, so after the other side's stone on the
 * bend's other neighbour it is a lone stone in atari (at best a ko), and
 * the owner's play on the far end leaves two points, one eye. That
 * neighbour is the vital point; 0 for every other bent or straight four. */
static point corner_bend_vital(const struct board *b, const point *reg, const int *deg)
{
    const int *o = b->geom->offs;
    point corner = 0, vital = 0;
    for (int k = 0; k < 4; k++) {
        if (deg[k] != 2)
            continue;
        int off = 0;
        for (int i = 0; i < 4; i++)
            off += b->color[reg[k] + o[i]] == OFFBOARD;
        if (off == 2)
            corner = reg[k];
        else
            vital = reg[k];
    }
    return corner ? vital : 0;
}

/* The shape of a region comes from the number of region neighbours of each point (its
 * degree): the vital point is the one of highest degree, and the histogram
 * of degrees tells the killable shapes apart. Of the five-point shapes only
 * the bulky five holds a square (a cycle: degrees 1, 2, 2, 2, 3) and only
 * the crossed five a point of degree 4; of the six-point ones only the
 * rabbity six has degrees 1, 1, 2, 2, 2, 4. */
point board_nakade_vital(const struct board *b, const point *reg, int n)
{
    if (n < 3 || n > 6)
        return 0;
    const int *o = b->geom->offs;
    int deg[6], hist[5] = { 0 };
    for (int k = 0; k < n; k++) {
        deg[k] = 0;
        for (int j = 0; j < n; j++)
            for (int i = 0; i < 4; i++)
                deg[k] += reg[k] + o[i] == reg[j];
        hist[deg[k]]++;
    }
    int want;
    switch (n) {
    case 3:     /* straight or bent three: the middle */
        want = 2;
        break;
    case 4:     /* pyramid four; straight, bent and square four have none */
        if (hist[3] == 1 && hist[1] == 3)
            want = 3;
        else if (hist[2] == 2 && hist[1] == 2)
            return corner_bend_vital(b, reg, deg);
        else
            want = 0;
        break;
    case 5:     /* crossed five; bulky five (a square and one more) */
        want = hist[4] == 1 ? 4 : hist[3] == 1 && hist[2] == 3 && hist[1] == 1 ? 3 : 0;
        break;
    default:    /* rabbity six: a square with two points on one corner */
        want = hist[4] == 1 && hist[2] == 3 && hist[1] == 2 ? 4 : 0;
        break;
    }
    for (int k = 0; want && k < n; k++)
        if (deg[k] == want)
            return reg[k];
    return 0;
}

bool board_is_nakade_shape(const struct board *b, const point *pts, int n)
{
    if (board_nakade_vital(b, pts, n))
        return true;
    if (n != 4)
        return false;
    const int *o = b->geom->offs;
    for (int i = 0; i < n; i++) {
        int deg = 0;
        for (int k = 0; k < 4; k++)
            deg += among(pts, n, pts[i] + o[k]);
        if (deg != 2)
            return false;
    }
    return true;
}

bool board_is_wasted_self_atari(const struct board *b, enum color c, point p, int min_stones)
{
    if (!is_move_point(b, c, p))
        return false;
    int stones = joined_stones(b, c, p);
    /* Three stones or fewer, captured, leave a space of at most three
     * points, and the sacrificer plays first in it: one eye whatever its
     * shape, so the sacrifice may kill. */
    if (stones < 4 || !board_is_self_atari(b, c, p))
        return false;
    if (stones >= min_stones)
        return true;
    if (stones > 5)
        return false;
    /* The string's points: the move and the stones of the strings it
     * joins (a string met again from another side is already there). */
    const int *o = b->geom->offs;
    point pts[5];
    int n = 0;
    pts[n++] = p;
    for (int i = 0; i < 4; i++) {
        point q = p + o[i];
        if (b->color[q] != (int)c || among(pts, n, q)) continue;
        point r = q;
        do {
            pts[n++] = r;
            r = b->next_stone[r];
        } while (r != q && r != 0);
    }
    return !board_is_nakade_shape(b, pts, n);
}

int board_snapback_size(const struct board *b, enum color c, point p)
{
    if (p <= 0 || p >= b->geom->points || b->color[p] != EMPTY || (c != BLACK && c != WHITE))
        return 0;
    const int *o = b->geom->offs;
    enum color them = color_other(c);
    /* A lone stone with one liberty that captures nothing. */
    point lib = 0;
    for (int i = 0; i < 4; i++) {
        point n = p + o[i];
        if (b->color[n] == EMPTY) {
            if (lib)
                return 0;
            lib = n;
        } else if (b->color[n] == (int)c) {
            return 0;
        } else if (b->color[n] == (int)them && b->str[b->sid[n]].libs == 1) {
            return 0;
        }
    }
    if (!lib)
        return 0;
    /* The opponent's capture at `lib`: its stone joins the strings around
     * `lib`. The new string is left with `p` alone when `lib` has no other
     * empty neighbour, the capture takes nothing but the stone at `p` (an
     * own string whose last liberty is `lib` would add liberties), and every
     * string it joins has no liberty but `lib` and `p`. */
    int size = 1;
    uint16_t seen[4];
    int ns = 0;
    for (int i = 0; i < 4; i++) {
        point n = lib + o[i];
        if (n == p || b->color[n] == OFFBOARD)
            continue;
        if (b->color[n] == EMPTY)
            return 0;
        uint16_t id = b->sid[n];
        if (b->color[n] == (int)c) {
            if (b->str[id].libs == 1)
                return 0;
            continue;
        }
        bool dup = false;
        for (int k = 0; k < ns; k++)
            dup |= seen[k] == id;
        if (dup)
            continue;
        seen[ns++] = id;
        if (b->str[id].libs > 2)
            return 0;
        point l[2];
        int k = board_string_libs(b, n, l, 2);
        for (int j = 0; j < k; j++)
            if (l[j] != lib && l[j] != p)
                return 0;
        size += b->str[id].stones;
    }
    /* A lone capturing stone would be a ko, not a snapback. */
    return ns ? size : 0;
}

bool board_string_touches(const struct board *b, uint16_t sid, point q)
{
    const int *o = b->geom->offs;
    for (int i = 0; i < 4; i++)
        if (b->sid[q + o[i]] == sid && b->color[q + o[i]] != EMPTY)
            return true;
    return false;
}

bool board_string_touches_atari(const struct board *b, point q)
{
    const int *o = b->geom->offs;
    enum color other = color_other((enum color)b->color[q]);
    point s = q;
    do {
        /* The four neighbours tested together, one branch a stone: which
         * of them is an enemy stone is close to random. */
        unsigned hit = 0;
        for (int i = 0; i < 4; i++) {
            point r = s + o[i];
            hit |= (b->color[r] == other) & (b->str[b->sid[r]].libs == 1);
        }
        if (hit)
            return true;
        s = b->next_stone[s];
    } while (s != q);
    return false;
}

int board_string_libs(const struct board *b, point p, point *out, int max)
{
    if (p <= 0 || p >= b->geom->points) return 0;
    int s = b->sid[p];
    if (s == 0 || max <= 0) return 0;
    if (b->str[s].libs == 1) {
        out[0] = (point)b->str[s].lib_sum;
        return 1;
    }
    const int *o = b->geom->offs;
    int n = 0;
    point q = s;
    do {
        for (int i = 0; i < 4; i++) {
            point l = q + o[i];
            if (b->color[l] != EMPTY) continue;
            bool dup = false;
            for (int j = 0; j < n; j++) dup |= out[j] == l;
            if (dup) continue;
            out[n++] = l;
            if (n == max || n == b->str[s].libs) return n;
        }
        q = b->next_stone[q];
    } while (q != s);
    return n;
}

bool board_is_eyelike(const struct board *b, enum color c, point p)
{
    if (p <= 0 || p >= b->geom->points || b->color[p] != EMPTY || (c != BLACK && c != WHITE))
        return false;
    return board_code_eyelike(b->nbr3x3[p], c);
}

/* ---- empty regions ---- */

/* Floods the region of EMPTY points of `grid` that holds p, marking them in
 * `seen`; the region's points go to `region` (also the work queue) and their
 * count is returned, the colours of the stones around it or'ed into *touch. */
static inline int flood_empty_region(const struct board_geom *g, const uint8_t *grid,
                                     uint8_t *seen, point p, point *region, int *touch)
{
    int nr = 0;
    region[nr++] = p;
    seen[p] = 1;
    for (int h = 0; h < nr; h++) {
        point q = region[h];
        for (int i = 0; i < 4; i++) {
            point m = q + g->offs[i];
            int cm = grid[m];
            if (cm == EMPTY) {
                if (!seen[m]) { seen[m] = 1; region[nr++] = m; }
            } else if (cm != OFFBOARD) {
                *touch |= cm;
            }
        }
    }
    return nr;
}

void board_eye_spaces(const struct board *b, int max_points, uint8_t *out)
{
    const struct board_geom *g = b->geom;
    uint8_t seen[BOARD_MAX_POINTS];
    point region[BOARD_MAX_POINTS];
    memset(seen, 0, sizeof seen);
    memset(out, EMPTY, (size_t)g->points);
    for (int i = 0; i < b->n_empty; i++) {
        point p = b->empty[i];
        if (seen[p]) continue;
        int touch = 0;
        int nr = flood_empty_region(g, b->color, seen, p, region, &touch);
        if (nr <= max_points && (touch == BLACK || touch == WHITE))
            for (int k = 0; k < nr; k++) out[region[k]] = (uint8_t)touch;
    }
}

/* ---- scoring ---- */

double board_area_owner_dead(const struct board *b, const uint8_t *dead, double komi,
                             uint8_t *out)
{
    const struct board_geom *g = b->geom;
    int n = g->points;
    for (point p = 0; p < n; p++) {
        int c = b->color[p];
        if (c == BLACK || c == WHITE) out[p] = (dead && dead[p]) ? EMPTY : (uint8_t)c;
        else out[p] = c == EMPTY ? EMPTY : OFFBOARD;
    }
    /* Flood each empty region (in `out`, where dead stones are now empty);
     * a region touching only one colour belongs to it. `seen` marks the
     * points already counted, stones and regions alike. */
    uint8_t seen[BOARD_MAX_POINTS];
    memset(seen, 0, sizeof seen);
    point region[BOARD_MAX_POINTS];
    int score = 0;
    for (point p = 0; p < n; p++) {
        if (seen[p]) continue;
        if (out[p] == BLACK) { score++; continue; }
        if (out[p] == WHITE) { score--; continue; }
        if (out[p] != EMPTY) continue;
        int touch = 0;
        int nr = flood_empty_region(g, out, seen, p, region, &touch);
        /* Regions are flooded whole, so no later region touches this one and
         * writing the owner into `out` cannot mislead a later flood. */
        uint8_t owner = (touch == BLACK || touch == WHITE) ? (uint8_t)touch : EMPTY;
        for (int i = 0; i < nr; i++) out[region[i]] = owner;
        if (owner == BLACK) score += nr;
        else if (owner == WHITE) score -= nr;
    }
    return score - komi;
}

void board_area_owner(const struct board *b, uint8_t *out)
{
    board_area_owner_dead(b, NULL, 0, out);
}

double board_score_area(const struct board *b, double komi)
{
    uint8_t out[BOARD_MAX_POINTS];
    return board_area_owner_dead(b, NULL, komi, out);
}

/* ---- handicap ---- */

int board_fixed_handicap(const struct board *b, int n, point *out)
{
    int size = b->size;
    int max = size < 7 ? 0 : (size == 7 || size % 2 == 0) ? 4 : 9;
    if (n < 2 || n > max) return 0;
    int e = size < 13 ? 2 : 3;           /* third line below 13x13, fourth from it */
    int lo = e, hi = size - 1 - e, mid = size / 2;
    /* GTP 4.1.1 order: D4 Q16 D16 Q4, then centre for odd counts, then the
     * side points of the left/right pair and the bottom/top pair. */
    int k = 0;
    point corners[4] = { board_point(b, lo, lo), board_point(b, hi, hi),
                         board_point(b, lo, hi), board_point(b, hi, lo) };
    for (int i = 0; i < 4 && k < n; i++) out[k++] = corners[i];
    if (n <= 4) {
        /* 2: D4 Q16; 3: + D16; 4: + Q4 (the loop already did it). */
        return n;
    }
    k = 4;
    if (n >= 6) {
        out[k++] = board_point(b, lo, mid);
        out[k++] = board_point(b, hi, mid);
    }
    if (n >= 8) {
        out[k++] = board_point(b, mid, lo);
        out[k++] = board_point(b, mid, hi);
    }
    if (n % 2 == 1) out[k++] = board_point(b, mid, mid);
    return k;
}

/* ---- consistency ---- */

#define FAIL(...) do { snprintf(why, (size_t)why_len, __VA_ARGS__); return false; } while (0)

bool board_check(const struct board *b, char *why, int why_len)
{
    const struct board_geom *g = b->geom;
    if (!g || g != &geoms[b->size]) FAIL("geometry does not match size %d", b->size);
    int n = g->points;
    uint64_t hash = 0;
    int n_empty = 0;
    for (point p = 0; p < n; p++) {
        int x = p % g->stride - 1, y = p / g->stride - 1;
        bool on = x >= 0 && x < b->size && y >= 0 && y < b->size;
        int c = b->color[p];
        if (!on) {
            if (c != OFFBOARD) FAIL("border point %d has colour %d", p, c);
            continue;
        }
        if (c == OFFBOARD || c > WHITE) FAIL("on-board point %d has colour %d", p, c);
        unsigned code = 0;
        for (int i = 0; i < 8; i++) code |= (unsigned)b->color[p + g->offs[i]] << (2 * i);
        if (b->nbr3x3[p] != code)
            FAIL("nbr3x3 of %d is %04x, recount %04x", p, b->nbr3x3[p], code);
        if (c == EMPTY) {
            n_empty++;
            if (b->sid[p] != 0) FAIL("empty point %d has string id %d", p, b->sid[p]);
            int i = b->empty_pos[p];
            if (i >= b->n_empty || b->empty[i] != p) FAIL("empty point %d not in the list", p);
            if ((i < b->n_settled) != (b->settled[p] != 0))
                FAIL("point %d at %d in the list, settled flag %d", p, i, b->settled[p]);
            if (i < b->n_settled) {
                /* Settled: unacceptable to both colours' light policy. */
                bool atari = false;
                for (int k = 0; k < 4; k++) atari |= b->str[b->sid[p + g->offs[k]]].libs == 1;
                if (board_code_has_empty(code) || atari
                    || !(board_code_eyelike(code, BLACK) || board_code_eyelike(code, WHITE)))
                    FAIL("settled point %d (code %04x) is not a safe eye", p, code);
            }
            continue;
        }
        hash ^= g->zobrist[p][c - 1];
        int s = b->sid[p];
        if (s <= 0 || s >= n || b->color[s] != c || b->sid[s] != s)
            FAIL("stone %d has bad string id %d", p, s);
        for (int i = 0; i < 4; i++) {
            point m = p + g->offs[i];
            if (b->color[m] == c && b->sid[m] != s)
                FAIL("adjacent stones %d and %d in different strings", p, m);
        }
    }
    int count[3] = { 0, 0, 0 };
    for (point p = 0; p < n; p++)
        if (b->color[p] == BLACK || b->color[p] == WHITE) count[b->color[p]]++;
    if (count[BLACK] != b->n_stones[BLACK] || count[WHITE] != b->n_stones[WHITE])
        FAIL("stone counts %d/%d, recount %d/%d", b->n_stones[BLACK], b->n_stones[WHITE],
             count[BLACK], count[WHITE]);
    if (b->str[0].color || b->str[0].stones || b->str[0].libs || b->str[0].lib_sum)
        FAIL("dummy string 0 is not all zero");
    if (n_empty != b->n_empty) FAIL("n_empty %d, recount %d", b->n_empty, n_empty);
    if (b->n_settled < 0 || b->n_settled > b->n_empty)
        FAIL("n_settled %d outside 0..n_empty %d", b->n_settled, b->n_empty);
    if (hash != b->hash) FAIL("hash %016llx, recount %016llx",
                              (unsigned long long)b->hash, (unsigned long long)hash);
    /* Each string: its cycle visits distinct stones of that id, as many as
     * carry the id (so exactly those), and counts and liberties recount.
     * `mark` holds the id of the last string that marked a point. */
    int with_id[BOARD_MAX_POINTS] = { 0 };
    for (point p = 0; p < n; p++)
        if (b->color[p] == BLACK || b->color[p] == WHITE) with_id[b->sid[p]]++;
    uint16_t mark[BOARD_MAX_POINTS] = { 0 };
    for (point s = 1; s < n; s++) {
        if (b->color[s] > WHITE || b->color[s] == EMPTY || b->sid[s] != s) continue;
        int stones = 0, libs = 0;
        uint32_t lib_sum = 0;
        point q = s;
        do {
            if (q <= 0 || q >= n || b->sid[q] != s) FAIL("string %d's cycle reaches %d", s, q);
            if (mark[q] == s) FAIL("string %d's cycle repeats %d", s, q);
            mark[q] = (uint16_t)s;
            stones++;
            for (int i = 0; i < 4; i++) {
                point l = q + g->offs[i];
                if (b->color[l] == EMPTY && mark[l] != s) {
                    mark[l] = (uint16_t)s;
                    libs++;
                    lib_sum += (uint32_t)l;
                }
            }
            q = b->next_stone[q];
        } while (q != s);
        if (stones != with_id[s])
            FAIL("string %d's cycle has %d stones, %d carry its id", s, stones, with_id[s]);
        const struct board_string *st = &b->str[s];
        if (st->color != b->color[s]) FAIL("string %d colour %d", s, st->color);
        if (st->stones != stones) FAIL("string %d has %d stones, recount %d", s, st->stones, stones);
        if (st->libs != libs) FAIL("string %d has %d liberties, recount %d", s, st->libs, libs);
        if (st->lib_sum != lib_sum) FAIL("string %d liberty sum %u, recount %u", s, st->lib_sum, lib_sum);
        if (libs == 0) FAIL("string %d has no liberties", s);
    }
    if (b->ko != 0 && (b->ko <= 0 || b->ko >= n || b->color[b->ko] != EMPTY))
        FAIL("ko point %d is not empty", b->ko);
    if (b->to_move != BLACK && b->to_move != WHITE) FAIL("to_move %d", b->to_move);
    return true;
}
