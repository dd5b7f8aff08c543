/* board — the raw Go board: stones, strings, liberties, simple ko, Zobrist hash,
 * 3x3 neighbourhood codes and area scoring. No history: superko, undo and the
 * move record live one layer up, in game.h. Playouts use this layer only.
 *
 * Points are indices into a 1-D array with a one-point border:
 *
 *      stride = size + 1;  point(x, y) = (y + 1) * stride + x + 1   (x, y in 0..size-1)
 *
 * The border column is shared between the right edge of one row and the left edge
 * of the next, so a 19x19 board needs (19 + 2) * 20 + 1 = 421 points. Point 0 is
 * border, so 0 never names an on-board vertex. PASS and RESIGN are negative.
 * y = 0 is the bottom row (GTP row 1), x = 0 the left column (GTP column A).
 *
 * Scores are from Black's point of view everywhere in hane: positive means Black
 * is ahead, and komi is subtracted.
 *
 * Per-size constants (stride, neighbour offsets, coordinate tables, Zobrist keys)
 * live in a shared read-only geometry table, one per size, so boards of different
 * sizes coexist (trainer, parallel tests). board_init() builds them; it is cheap,
 * idempotent and thread-safe.
 */
#ifndef HANE_BOARD_H
#define HANE_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#define BOARD_MIN_SIZE 2
#define BOARD_MAX_SIZE 25
/* Points in the largest board's array, border included. */
#define BOARD_MAX_POINTS ((BOARD_MAX_SIZE + 2) * (BOARD_MAX_SIZE + 1) + 1)

enum color { EMPTY = 0, BLACK = 1, WHITE = 2, OFFBOARD = 3 };

static inline enum color color_other(enum color c) { return (enum color)(3 - c); }

typedef int point;  /* index into the board array; PASS and RESIGN below */
#define PASS   (-1)
#define RESIGN (-2)

/* Read-only per-size geometry shared by all boards of that size. */
struct board_geom {
    int size;           /* 2..25 */
    int stride;         /* size + 1 */
    int points;         /* array length, border included */
    int offs[8];        /* N, E, S, W, NE, SE, SW, NW as point deltas */
    /* Column and row of every array index (-1 .. size on the border), so
     * that board_x and board_y need no division by the stride, which is
     * not a constant (the priors take coordinates of several points a move,
     * the BT draw those of the previous move every move). */
    int16_t x_of[BOARD_MAX_POINTS], y_of[BOARD_MAX_POINTS];
    uint64_t zobrist[BOARD_MAX_POINTS][2];  /* [p][color - 1]; fixed seed */
};

/* A string (group) is named by its id; every stone of it has the same id.
 * The liberty count is exact. */
struct board_string {
    /* lib_sum, libs and stones in this order make one 64-bit word on a
     * little-endian machine (board.c: a liberty's arrival or departure is one
     * add or subtract of libs and lib_sum together). */
    uint32_t lib_sum;   /* sum of the liberty points: the liberty itself when libs == 1 */
    uint16_t libs;      /* exact number of distinct liberties */
    uint16_t stones;    /* number of stones */
    uint8_t color;
};

/* 16 KB in all; board_copy copies only the part a size uses (about 2.5 KB on
 * 9x9, 9 KB on 19x19), so keep per-point arrays whole and in this order. */
struct board {
    const struct board_geom *geom;
    int size;
    uint8_t color[BOARD_MAX_POINTS];        /* enum color per point */
    uint8_t settled[BOARD_MAX_POINTS];      /* 1 on settled empty points (below), else 0 */
    uint16_t sid[BOARD_MAX_POINTS];         /* string id of a stone (0 for empty/border) */
    uint16_t next_stone[BOARD_MAX_POINTS];  /* circular list of the stones of a string */
    /* Indexed by string id. str[0] is an all-zero dummy that the branch-free
     * update code adds zeros to: nothing may store into it. */
    struct board_string str[BOARD_MAX_POINTS];
    /* 3x3 neighbourhood of every point: 2 bits per neighbour in the order of
     * geom->offs (N, E, S, W, NE, SE, SW, NW), value = enum color (3 = off
     * the board). Kept incrementally and exact for every on-board point. */
    uint16_t nbr3x3[BOARD_MAX_POINTS];
    /* Empty points, in a list with an index map for O(1) removal and random
     * picks. empty[0..n_settled) are settled, the rest open. A settled point
     * is one neither colour's light policy can take: a real eye of one
     * colour (board_code_eyelike) whose orthogonal neighbours are all
     * strings with two or more liberties (its owner does not fill it, the
     * other colour may not play there). The light policy draws among the
     * open points only; the board reopens a settled point as soon as that
     * may no longer hold (a stone on a diagonal, a neighbouring string in
     * atari). Open points can be unacceptable too: settling is an economy. */
    uint16_t empty[BOARD_MAX_POINTS];
    uint16_t empty_pos[BOARD_MAX_POINTS];
    int n_empty;
    int n_settled;
    point ko;               /* point forbidden to `to_move` by simple ko, or 0 */
    enum color to_move;     /* colour whose turn it is (set by board_play) */
    int captures[3];        /* stones captured by BLACK and WHITE so far */
    int n_stones[3];        /* stones of BLACK and WHITE on the board */
    point last_move, last_move2;  /* the last and second-to-last moves (PASS, or 0 if none) */
    point last_move3, last_move4; /* the two before them (move-prediction features) */
    int passes;             /* consecutive passes at the end of the move sequence */
    uint64_t hash;          /* Zobrist hash of the stones only (positional) */
};

/* Facts about a 3x3 code, by bit arithmetic on its 2-bit fields (no table:
 * a 64K-entry one misses the cache in the playout loop). */
static inline bool board_code_has_empty(unsigned code)
{
    return (~(code | (code >> 1)) & 0x55) != 0;    /* some orthogonal field is 00 */
}

/* At most one orthogonal field is empty (00): only there can a move be a
 * self-atari, as two empty neighbours are two liberties. */
static inline bool board_code_few_empty(unsigned code)
{
    unsigned e = ~(code | (code >> 1)) & 0x55;
    return (e & (e - 1)) == 0;
}

/* Eyelike for `c` (see board_is_eyelike): every orthogonal field is c or
 * border, and enemy diagonals plus one for any off-board diagonal number < 2. */
static inline bool board_code_eyelike(unsigned code, enum color c)
{
    /* Bit 0 of a field is Black's bit, bit 1 White's (border has both):
     * shifting by c - 1 brings c's bit to bit 0, by 2 - c the other's. */
    unsigned mine = code >> (c - 1), theirs = code >> (2 - c);
    unsigned f = theirs & ~mine & 0x5500;          /* enemy diagonals */
    unsigned off = code & (code >> 1) & 0x5500;    /* off-board diagonals */
    /* No enemy diagonal at the edge, at most one (f & (f - 1) == 0) inside;
     * written without branches, which the playout would mispredict. */
    return ((mine & 0x55) == 0x55) & ((f & (f - 1)) == 0) & ((off == 0) | (f == 0));
}

/* Counts from the orthogonal fields: are all four `c` or border? */
static inline bool board_code_surrounded(unsigned code, enum color c)
{
    return ((code >> (c - 1)) & 0x55) == 0x55;
}

/* Builds the geometry tables. Call once before anything else (safe to repeat). */
void board_init(void);

/* The shared geometry of a size (2..25). */
const struct board_geom *board_geom_of(int size);

/* Empties the board and sets its size (2..25); Black to move, no ko. */
void board_clear(struct board *b, int size);

/* Copies a board (a plain memcpy of the used part). */
void board_copy(struct board *dst, const struct board *src);

static inline point board_point(const struct board *b, int x, int y)
{
    return (y + 1) * b->geom->stride + x + 1;
}
static inline int board_x(const struct board *b, point p)
{
    return (unsigned)p < BOARD_MAX_POINTS ? b->geom->x_of[p] : p % b->geom->stride - 1;
}
static inline int board_y(const struct board *b, point p)
{
    return (unsigned)p < BOARD_MAX_POINTS ? b->geom->y_of[p] : p / b->geom->stride - 1;
}
static inline bool board_on(const struct board *b, point p)
{
    return p > 0 && p < b->geom->points && b->color[p] != OFFBOARD;
}

/* The one liberty of the string at stone `p` when it is in atari (libs == 1). */
static inline point board_atari_lib(const struct board *b, point p)
{
    return (point)b->str[b->sid[p]].lib_sum;
}

/* Adds `q` to the point set set[0..*n) unless it is there (a set of a few
 * liberties: a linear scan beats anything cleverer). */
static inline void board_point_set_add(point *set, int *n, point q)
{
    for (int i = 0; i < *n; i++)
        if (set[i] == q)
            return;
    set[(*n)++] = q;
}

/* The orthogonal directions of a 3x3 code whose neighbour is a stone of
 * `c` (friendly) or of the other colour (enemy), as bits 0, 2, 4, 6. */
static inline unsigned board_code_friends(unsigned code, enum color c)
{
    return (code >> (c - 1)) & ~(code >> (2 - c)) & 0x55;
}
static inline unsigned board_code_enemies(unsigned code, enum color c)
{
    return (code >> (2 - c)) & ~(code >> (c - 1)) & 0x55;
}

/* Legality of `c` at an empty on-board `p` none of whose orthogonal
 * neighbours is empty (`code` = its 3x3 code), simple ko aside: it must join
 * a friendly string with another liberty or take an enemy string's last one.
 * The playout's inner loop; board_is_legal is the general form. */
static inline bool board_legal_surrounded(const struct board *b, enum color c, point p,
                                          unsigned code)
{
    int s = b->geom->stride;
    /* The directions whose string is in atari (border: string 0, no
     * liberties), written out: a loop here is not unrolled at -O2. */
    unsigned atari = (unsigned)(b->str[b->sid[p + s]].libs == 1)
                     | (unsigned)(b->str[b->sid[p + 1]].libs == 1) << 2
                     | (unsigned)(b->str[b->sid[p - s]].libs == 1) << 4
                     | (unsigned)(b->str[b->sid[p - 1]].libs == 1) << 6;
    return ((board_code_friends(code, c) & ~atari) | (board_code_enemies(code, c) & atari)) != 0;
}

/* Is `c` playing at `p` legal under simple ko and no-suicide (no history)?
 * PASS is always legal. Occupied and off-board points are not. */
bool board_is_legal(const struct board *b, enum color c, point p);

/* Plays `c` at `p` (or PASS). Returns the number of stones captured, or -1 if the
 * move is illegal by board_is_legal, in which case the board is unchanged.
 * Updates strings, liberties, captures, ko, hash, nbr3x3 codes, empty list,
 * last_move(s), passes and to_move (= the other colour). */
int board_play(struct board *b, enum color c, point p);

/* The hash the position would have after `c` plays the legal move `p`
 * (captures included), without playing it: for positional superko checks. */
uint64_t board_hash_after(const struct board *b, enum color c, point p);

/* board_play without the legality check, for playouts that already know the
 * move is legal (an illegal move here corrupts the board). */
int board_play_known_legal(struct board *b, enum color c, point p);

/* Places a stone with no capture and no ko (setup: handicap, SGF AB/AW).
 * Returns false if the point is occupied or the result would leave a string
 * without liberties. Does not change to_move. */
bool board_setup_stone(struct board *b, enum color c, point p);

/* Would `c` at `p` capture anything? Would it be a self-atari (the played
 * string ends with one liberty and captures nothing)? */
int board_capture_count(const struct board *b, enum color c, point p);
bool board_is_self_atari(const struct board *b, enum color c, point p);
/* A self-atari whose string in atari has at least `min_stones` stones. */
bool board_is_big_self_atari(const struct board *b, enum color c, point p, int min_stones);
/* A self-atari that no nakade needs: its string in atari has at least
 * `min_stones` stones, or four or five in a shape that, captured, gives the
 * capturer two eyes (not the square or pyramid four, not the bulky or
 * crossed five). Playouts that refuse it keep a seki of such strings,
 * which a blind filler breaks, and still kill by nakade. */
bool board_is_wasted_self_atari(const struct board *b, enum color c, point p, int min_stones);
/* Is `c` at `p` a snapback: a lone stone left in atari that the opponent
 * can take only by making a string of two or more stones with no liberty
 * but `p`, so that `c` at `p` again captures it? Returns the stones that
 * recapture takes (the capturing stone and the strings it joins), 0 if not
 * a snapback. The pattern features see such a move as a self-atari. */
int board_snapback_size(const struct board *b, enum color c, point p);

/* Up to `max` liberties of the string at stone `p`, into `out`; returns how many. */
int board_string_libs(const struct board *b, point p, point *out, int max);
/* Does the string with id `sid` have a stone next to point `q`? */
bool board_string_touches(const struct board *b, uint16_t sid, point q);
/* Does the string at stone `q` touch a string of the other colour that is in
 * atari? (Capturing the string at q in atari then saves that string.) */
bool board_string_touches_atari(const struct board *b, point q);

/* Is `p` an empty point all of whose neighbours are `c` (or border), with few
 * enough enemy diagonals to be a real eye (light playouts do not fill these)? */
bool board_is_eyelike(const struct board *b, enum color c, point p);

/* The vital point of the empty region `reg` of `n` points (3 to 6): the
 * point that leaves its owner one eye when the other side plays it first,
 * for the straight and bent three, pyramid four, bent four with its bend on
 * the corner point (at best a ko for its owner), bulky and crossed five and
 * rabbity six; 0 for any other shape (which gives two eyes, or is the square
 * four, one eye already). */
point board_nakade_vital(const struct board *b, const point *reg, int n);

/* Is the region `pts` of `n` points a shape its owner cannot make two eyes
 * in when the other side plays first: the square four (every point of
 * degree 2, already one eye), or a shape with a vital point (above)? The
 * others (straight, zigzag four, bent four away from the corner point;
 * bent, L and U five...) give two
 * eyes; so do two points or fewer here (no vital point), though one eye
 * is all they make. */
bool board_is_nakade_shape(const struct board *b, const point *pts, int n);

/* Eye spaces: out[p] = BLACK or WHITE for every point of an empty region of
 * at most `max_points` points whose neighbouring stones are all of that colour
 * (the board's edge aside); EMPTY elsewhere, stones included. `out` is indexed
 * by point. */
void board_eye_spaces(const struct board *b, int max_points, uint8_t *out);

/* Area score (stones + territory surrounded by one colour only) of the position
 * as it stands, Black minus White minus komi. */
double board_score_area(const struct board *b, double komi);

/* Owner of every point under area scoring: BLACK, WHITE or EMPTY (dame); `out`
 * is indexed by point. */
void board_area_owner(const struct board *b, uint8_t *out);

/* The same with the stones on points where dead[p] != 0 removed first (dead
 * may be NULL); returns the area score with komi of that position. */
double board_area_owner_dead(const struct board *b, const uint8_t *dead, double komi,
                             uint8_t *out);

/* The GTP fixed-handicap points for `n` stones (2..9; fewer on small boards).
 * Returns how many points were written, or 0 if `n` is not allowed on this size. */
int board_fixed_handicap(const struct board *b, int n, point *out);

/* Checks every incremental invariant against a recount; returns false and
 * writes a reason into `why` on the first mismatch. For tests and debug builds. */
bool board_check(const struct board *b, char *why, int why_len);

#endif
