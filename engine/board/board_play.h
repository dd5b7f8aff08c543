/* board_play — the move-playing core of engine/board/board.c as inline functions,
 * so that the light playout loop (engine/playout.c) plays moves without a
 * call per move. Internal to engine/: everything else uses board.h
 * (board_play, board_play_known_legal).
 *
 * Branches or not: in a random playout the colour of each neighbour is a
 * coin toss, so a branch on it mispredicts often, and a mispredict costs
 * as much as dozens of instructions here (docs/notes/board.md has the
 * figures). Branch-free forms are used where they cost less than that: sid[] is 0 on empty and border points and str[0] is an all-zero
 * dummy string, so adding zero to string 0 is a harmless no-op, and the
 * colour of a neighbour in direction i is read from the 3x3 code. Loops
 * over the directions of one kind (a bit mask from the code) are used where
 * they save more instructions than their exits cost.
 */
#ifndef HANE_BOARD_PLAY_H
#define HANE_BOARD_PLAY_H

#include <stdint.h>
#include <string.h>

#include "engine/board/board.h"

/* Fully unrolled small loops, and the neighbour offsets as local constants:
 * a plain `const int *o = b->geom->offs` would be reloaded after every byte
 * store (char stores may alias anything), and the loop overhead would rival
 * the work in the hot paths. */
#define UNROLL _Pragma("GCC unroll 8")
#define LOCAL_OFFSETS(o, b) \
    const int o##_s = (b)->geom->stride; \
    const int o[8] = { o##_s, 1, -o##_s, -1, o##_s + 1, 1 - o##_s, -o##_s - 1, o##_s - 1 }

/* ---- empty list: open points first, then settled ones (board.h) ---- */

static inline void empty_swap(struct board *b, int i, int j)
{
    point p = b->empty[i], q = b->empty[j];
    b->empty[i] = (uint16_t)q;
    b->empty_pos[q] = (uint16_t)i;
    b->empty[j] = (uint16_t)p;
    b->empty_pos[p] = (uint16_t)j;
}

static inline void empty_add(struct board *b, point p)
{
    b->empty_pos[p] = (uint16_t)b->n_empty;
    b->empty[b->n_empty++] = (uint16_t)p;
}

/* Settled point p (empty) back to the open part: it swaps places with the
 * last settled point. */
static inline void empty_unsettle(struct board *b, point p)
{
    b->settled[p] = 0;
    empty_swap(b, b->empty_pos[p], --b->n_settled);
}

/* Open point p (empty, at index i) to the settled part. */
static inline void empty_settle(struct board *b, point p, int i)
{
    b->settled[p] = 1;
    empty_swap(b, i, b->n_settled++);
}

static inline void empty_remove(struct board *b, point p)
{
    if (b->settled[p]) empty_unsettle(b, p);    /* only board_play fills own eyes */
    int i = b->empty_pos[p];
    point last = b->empty[--b->n_empty];
    b->empty[i] = (uint16_t)last;
    b->empty_pos[last] = (uint16_t)i;
}

/* A string in atari may be captured at its liberty l, or l may be the
 * eye it needs: if l was settled, it is open again. One branch, rarely
 * taken (lib_sum is a point only when libs == 1; point 0 is border, never
 * settled). */
static inline void empty_atari(struct board *b, int s)
{
    point l = (point)(b->str[s].lib_sum & (0u - (unsigned)(b->str[s].libs == 1)));
    if (b->settled[l]) empty_unsettle(b, l);
}

/* ---- 3x3 codes: direction i of q is direction i ^ 2 seen from the other side ---- */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The three neighbours in a row are adjacent uint16 codes, so one 64-bit
 * add or subtract updates them (and adds 0 to a fourth): 3 read-modify-writes
 * instead of 8. No lane carries or borrows, since each field only goes
 * between 0 and c. The words start at p+s-2 (top: p+s+2 may lie past the
 * array on 25x25), p-1 and p-s-1 (bottom: p-s-2 may be -1); lane k is
 * bits 16k..16k+15, and the value for direction i is c << 2 * (i ^ 2). */
#define NBR_TOP ((1ULL << 10) << 16 | (1ULL << 4) << 32 | (1ULL << 12) << 48) /* NW N NE */
#define NBR_MID ((1ULL << 2) | (1ULL << 6) << 32)                             /* W . E */
#define NBR_BOT ((1ULL << 8) | (1ULL << 0) << 16 | (1ULL << 14) << 32)        /* SW S SE */

static inline void nbr_add_word(uint16_t *at, uint64_t v)
{
    uint64_t w;
    memcpy(&w, at, sizeof w);
    w += v;
    memcpy(at, &w, sizeof w);
}

static inline void nbr_set(struct board *b, point p, enum color c)
{
    int s = b->geom->stride;
    uint64_t k = (uint64_t)c;
    nbr_add_word(&b->nbr3x3[p + s - 2], k * NBR_TOP);
    nbr_add_word(&b->nbr3x3[p - 1], k * NBR_MID);
    nbr_add_word(&b->nbr3x3[p - s - 1], k * NBR_BOT);
}

static inline void nbr_clear(struct board *b, point p, enum color c)
{
    int s = b->geom->stride;
    uint64_t k = (uint64_t)c;
    nbr_add_word(&b->nbr3x3[p + s - 2], -(k * NBR_TOP));
    nbr_add_word(&b->nbr3x3[p - 1], -(k * NBR_MID));
    nbr_add_word(&b->nbr3x3[p - s - 1], -(k * NBR_BOT));
}
#else
static inline void nbr_set(struct board *b, point p, enum color c)
{
    LOCAL_OFFSETS(o, b);
    UNROLL for (int i = 0; i < 8; i++) b->nbr3x3[p + o[i]] += (uint16_t)(c << (2 * (i ^ 2)));
}

static inline void nbr_clear(struct board *b, point p, enum color c)
{
    LOCAL_OFFSETS(o, b);
    UNROLL for (int i = 0; i < 8; i++) b->nbr3x3[p + o[i]] -= (uint16_t)(c << (2 * (i ^ 2)));
}
#endif

/* For the low byte of a 3x3 code (the four orthogonal neighbours): how many
 * are empty, and the sum of their offsets as (north - south, east - west)
 * counts, so the sum of the empty neighbours' points is
 * n * p + dy * stride + dx. */
struct board_orth_empties {
    int8_t n, dy, dx;
};
extern struct board_orth_empties board_orth_empty_[256];
/* Number of orthogonal neighbours of colour c in the low byte of a 3x3 code. */
extern uint8_t board_orth_count_[4][256];

/* A liberty as a delta of a string's first 64-bit word: one more (or less)
 * liberty and l more (or less) in the sum. The add or subtract never
 * carries between the fields (libs and lib_sum stay in range and never go
 * below zero), so one read-modify-write updates both. */
static inline uint64_t lib_delta(point l)
{
    return (1ULL << 32) | (uint32_t)l;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static inline void str_add(struct board *b, int s, uint64_t v)
{
    uint64_t w;
    memcpy(&w, &b->str[s], sizeof w);
    w += v;
    memcpy(&b->str[s], &w, sizeof w);
}

static inline void str_sub(struct board *b, int s, uint64_t v)
{
    uint64_t w;
    memcpy(&w, &b->str[s], sizeof w);
    w -= v;
    memcpy(&b->str[s], &w, sizeof w);
}
#else
static inline void str_add(struct board *b, int s, uint64_t v)
{
    b->str[s].libs = (uint16_t)(b->str[s].libs + (v >> 32));
    b->str[s].lib_sum += (uint32_t)v;
}

static inline void str_sub(struct board *b, int s, uint64_t v)
{
    b->str[s].libs = (uint16_t)(b->str[s].libs - (v >> 32));
    b->str[s].lib_sum -= (uint32_t)v;
}
#endif

/* A mask of 0 or all ones from a bit (0 or 1). */
static inline uint64_t mask64(unsigned bit)
{
    return 0 - (uint64_t)bit;
}

/* Of the string ids t0..t3 of p's four orthogonal neighbours (0 for empty
 * and border), the directions where an id appears for the first time, as
 * bits 0, 2, 4, 6 (the layout of a 3x3 code's orthogonal fields): a string
 * touching p twice is then counted once. */
static inline unsigned first_ids(int t0, int t1, int t2, int t3)
{
    return 1u | (unsigned)(t1 != t0) << 2 | (unsigned)((t2 != t0) & (t2 != t1)) << 4
           | (unsigned)((t3 != t0) & (t3 != t1) & (t3 != t2)) << 6;
}

/* Removes the captured string `s`: its points become liberties of the
 * strings around it (once per string per point). Returns its size. */
static inline __attribute__((always_inline)) int board_capture_string_(struct board *b, int s,
                                                                        enum color taker)
{
    enum color c = color_other(taker);
    const int st = b->geom->stride;
    int n = b->str[s].stones;
    b->n_stones[c] -= n;
    point q = s;
    do {
        point next = b->next_stone[q];
        b->color[q] = EMPTY;
        b->sid[q] = 0;
        b->hash ^= b->geom->zobrist[q][c - 1];
        nbr_clear(b, q, c);
        empty_add(b, q);
        /* Neighbours are stones of s, of the taker, empty or border; each
         * distinct string of the taker gains q once. */
        int t[4] = { b->sid[q + st], b->sid[q + 1], b->sid[q - st], b->sid[q - 1] };
        unsigned m = board_code_friends(b->nbr3x3[q], taker) & first_ids(t[0], t[1], t[2], t[3]);
        for (; m; m &= m - 1) str_add(b, t[__builtin_ctz(m) >> 1], lib_delta(q));
        q = next;
    } while (q != s);
    return n;
}

/* Joins string `small` into string `big` (both of one colour): the merged
 * liberties are the union, so the points both touch are subtracted once.
 * Returns the id of the merged string (the larger of the two). */
static inline __attribute__((always_inline)) int board_merge_strings_(struct board *b, int big,
                                                                       int small, enum color c)
{
    if (b->str[big].stones < b->str[small].stones) {
        int t = big; big = small; small = t;
    }
    LOCAL_OFFSETS(o, b);
    point q = small;
    do {
        unsigned code = b->nbr3x3[q];
        UNROLL for (int i = 0; i < 4; i++) {
            if (((code >> (2 * i)) & 3) != EMPTY) continue;
            point l = q + o[i];
            /* l can touch both strings only if two of its neighbours have
             * their colour; most liberties fail that test at once. */
            if (board_orth_count_[c][b->nbr3x3[l] & 0xff] < 2) continue;
            /* l counts once for `small`: from its first neighbour in `small`
             * in direction order; q is l's neighbour in direction i ^ 2. */
            unsigned first = 1, touches_big = 0;
            UNROLL for (int j = 0; j < 4; j++) {
                int t = b->sid[l + o[j]];
                first &= !((t == small) & (j < (i ^ 2)));
                touches_big |= t == big;
            }
            str_sub(b, big, lib_delta(l) & mask64(first & touches_big));
        }
        q = b->next_stone[q];
    } while (q != small);
    /* Relabel and splice the two stone cycles. */
    q = small;
    do {
        b->sid[q] = (uint16_t)big;
        q = b->next_stone[q];
    } while (q != small);
    uint16_t t = b->next_stone[big];
    b->next_stone[big] = b->next_stone[small];
    b->next_stone[small] = t;
    b->str[big].stones = (uint16_t)(b->str[big].stones + b->str[small].stones);
    b->str[big].libs = (uint16_t)(b->str[big].libs + b->str[small].libs);
    b->str[big].lib_sum += b->str[small].lib_sum;
    return big;
}

/* Makes the stone of `c` just put on `p` a string of its own: its liberties
 * and their sum come from a table of the low byte of p's 3x3 code. */
static inline void new_string(struct board *b, enum color c, point p, unsigned code)
{
    const struct board_orth_empties *e = &board_orth_empty_[code];
    b->sid[p] = (uint16_t)p;
    b->next_stone[p] = (uint16_t)p;
    struct board_string *s = &b->str[p];
    s->color = (uint8_t)c;
    s->stones = 1;
    s->libs = (uint16_t)e->n;
    s->lib_sum = (uint32_t)(e->n * p + e->dy * b->geom->stride + e->dx);
}

/* Puts a stone of `c` on empty `p`: takes `p` from the liberties of the
 * strings around it, joins it to the friendly ones, and lists in dead[] the
 * enemy strings left without liberties (the caller captures them or, for
 * setup, has made sure there are none). Returns how many are dead.
 *
 * A stone touching no friendly string starts one whose liberties come from a
 * table. Touching one, it joins it, and an empty neighbour l of p is a new
 * liberty unless the string already touches l. Two or more are merged. */
static inline __attribute__((always_inline)) int place_stone(struct board *b, enum color c, point p, int dead[4])
{
    const int st = b->geom->stride;
    unsigned code = b->nbr3x3[p] & 0xff;
    b->color[p] = (uint8_t)c;
    b->hash ^= b->geom->zobrist[p][c - 1];
    b->n_stones[c]++;
    nbr_set(b, p, c);
    empty_remove(b, p);
    /* A stone on the diagonal of a settled point may make it a false eye
     * (board.h): reopen those, after one test of all four. */
    if (b->settled[p + st + 1] | b->settled[p - st + 1] | b->settled[p - st - 1]
        | b->settled[p + st - 1]) {
        const int dgo[4] = { st + 1, 1 - st, -st - 1, st - 1 };
        UNROLL for (int j = 0; j < 4; j++)
            if (b->settled[p + dgo[j]]) empty_unsettle(b, p + dgo[j]);
    }
    /* No stone next to p (a field is a stone when its two bits differ): a
     * new string and nothing else to do. Common early in a playout, and it
     * skips the per-direction work below. */
    if (((code ^ (code >> 1)) & 0x55) == 0) {
        new_string(b, c, p, code);
        return 0;
    }
    const int o[4] = { st, 1, -st, -1 };
    int t[4] = { b->sid[p + st], b->sid[p + 1], b->sid[p - st], b->sid[p - 1] };
    /* Each distinct enemy string loses liberty p. A loop over the enemy
     * directions: fewer instructions than all four written out without
     * branches, at the price of a loop exit the predictor sometimes misses. */
    uint64_t v = lib_delta(p);
    int n_dead = 0;
    unsigned first = first_ids(t[0], t[1], t[2], t[3]);
    for (unsigned en = board_code_enemies(code, c) & first; en; en &= en - 1) {
        int e = t[__builtin_ctz(en) >> 1];
        str_sub(b, e, v);
        dead[n_dead] = e;
        n_dead += b->str[e].libs == 0;
        empty_atari(b, e);
    }
    unsigned fr = board_code_friends(code, c) & first;
    if (fr == 0) {
        new_string(b, c, p, code);
        return n_dead;
    }
    /* Join the first friendly string. p's sid is still 0 here, so "does s
     * touch l" is not fooled by p itself. */
    int s = t[__builtin_ctz(fr) >> 1];
    str_sub(b, s, v);
    /* Over the empty directions only, lowest first: one loop-exit branch
     * instead of a coin-toss test per direction. */
    for (unsigned em = ~(code | (code >> 1)) & 0x55; em; em &= em - 1) {
        point l = p + o[__builtin_ctz(em) >> 1];
        unsigned known = (b->sid[l + st] == s) | (b->sid[l + 1] == s) | (b->sid[l - st] == s)
                         | (b->sid[l - 1] == s);
        str_add(b, s, lib_delta(l) & mask64(!known));
    }
    b->sid[p] = (uint16_t)s;
    b->next_stone[p] = b->next_stone[s];
    b->next_stone[s] = (uint16_t)p;
    b->str[s].stones++;
    for (fr &= fr - 1; fr; fr &= fr - 1) {
        int other = t[__builtin_ctz(fr) >> 1];
        str_sub(b, other, v);
        s = board_merge_strings_(b, s, other, c);
    }
    empty_atari(b, s);
    return n_dead;
}

/* board_play_known_legal, inline. */
static inline __attribute__((always_inline)) int board_play_inline_(struct board *b, enum color c,
                                                                    point p)
{
    b->last_move4 = b->last_move3;
    b->last_move3 = b->last_move2;
    b->last_move2 = b->last_move;
    b->last_move = p;
    b->to_move = color_other(c);
    b->ko = 0;
    if (p == PASS) {
        b->passes++;
        return 0;
    }
    b->passes = 0;
    int dead[4];
    int n_dead = place_stone(b, c, p, dead);
    if (n_dead == 0) return 0;
    int captured = 0;
    for (int i = 0; i < n_dead; i++) captured += board_capture_string_(b, dead[i], c);
    b->captures[c] += captured;
    /* Simple ko: a lone stone that took a lone stone (whose id is its point)
     * and sits in atari. */
    if (captured == 1) {
        const struct board_string *s = &b->str[b->sid[p]];
        if (s->stones == 1 && s->libs == 1) b->ko = dead[0];
    }
    return captured;
}

#endif
