/* playout_bt_state — the BT playout policy's state, shared by its two
 * files: playout_bt.c (weights, draws) and playout_bt_grad.c (the score
 * function and parameters, for simulation balancing). Not for other users. */
#ifndef HANE_PLAYOUT_BT_STATE_H
#define HANE_PLAYOUT_BT_STATE_H

#include <stdint.h>

#include "engine/board/board.h"

struct pat_gammas;

/* dist1 is applied to the points within this Coulom distance of the previous
 * move; beyond it every point counts alike (the gammas of d = 9..16+ are
 * averaged into the common factor, which sampling divides out). */
#define BT_NEAR_D 8
#define BT_NEAR_MAX 64
/* Coulom's distance |dx| + |dy| + max(|dx|, |dy|) is at least twice either
 * offset, so the near points lie within this many rows and columns. */
#define BT_NEAR_W (BT_NEAR_D / 2)

/* The zeros around the weights: the draw's near rows (BT_NEAR_W rows and
 * columns either side of the previous move) may run off the board and read
 * them, and a row off the board then sums to zero with no test. */
#define BT_W_PAD (BT_NEAR_W * (BOARD_MAX_SIZE + 1) + BT_NEAR_W)
/* The weights of colour index ci, by point. */
#define BT_W(st, ci) ((st)->w_pad[ci] + BT_W_PAD)

/* A colour's total weight below which the draw counts its positive weights
 * (resync) before it trusts the running total. The total drifts from the
 * exact sum by the rounding of its updates, some 1e-12 of the largest
 * total of a playout; the least weight the built-in tables give is 3e-5
 * (the smallest pat3 gamma times the smallest self-atari one). A table of
 * much smaller gammas only makes the draw count them more often. */
#define BT_TOTAL_LOW 1e-6

struct playout_bt_state {
    const struct pat_gammas *g;
    /* The whole weight of a point whose orthogonal strings all have three
     * or more liberties (or that has none), by its 16-bit neighbourhood code,
     * at 2 * code for Black to move and 2 * code + 1 for White (side by side:
     * both are read together, and the 512 KB table often misses the L2
     * cache, so one line instead of two shows in the time): the pat3 gamma,
     * 0 for an own eye or a suicide, times the self-atari gamma for a lone
     * stone left with one liberty. Such a point has no atari mark, capture,
     * atari or extension, so the code decides everything: one load instead
     * of the class look-up, colour swap and the eye, legality and
     * self-atari tests (points next to a string with one or two liberties
     * take the long way). */
    float *g16;
    /* Tactical gammas by feature value (index 0 = absent = 1). */
    float g_cap[8], g_ext[8], g_atari[4], g_self[4];
    /* Share of moves answered at the vital point of the eye space the
     * previous move touched (playout_nakade.h); 0 = never. */
    double nakade;
    /* Share of moves answered with a two-liberty race move next to the
     * previous move (playout_races.h); 0 = never. */
    double races;
    /* Share of moves answered when the previous move put a string in atari
     * (playout_atari_moves in playout_races.h); 0 = never. */
    double atari;
    /* That answer also escapes to two liberties out of a ladder that fails
     * (playout_atari_moves_ladder). */
    bool atari_ladder;
    /* Points around the previous move that get a dist1 factor f: offsets and
     * the extra mass factor f - 1 (> 0). */
    int n_near;
    int8_t near_dx[BT_NEAR_MAX], near_dy[BT_NEAR_MAX];
    float near_extra[BT_NEAR_MAX];
    /* The same by row offset dy (-D..D): dx runs over -half..half, extra
     * factor near_row[dy + D][dx + D], so a row is one contiguous scan. */
    int near_half[2 * BT_NEAR_D + 1];
    int near_maxdy;         /* the largest |dy| with a near point (4 for d <= 8) */
    float near_row[2 * BT_NEAR_D + 1][2 * BT_NEAR_D + 1];
    /* near_row by the previous move's column lx and row offset dy + W, over
     * the columns lx - W .. lx + W, zero where a column is off the board:
     * a row's extra mass is then a fixed-length sum with no bounds test
     * (a loop exit by column would be a mispredicted branch), adding only
     * zeros to what the clipped row gives, so the same float. Built with the
     * geometry. */
    float near_cols[BOARD_MAX_SIZE][2 * BT_NEAR_W + 1][2 * BT_NEAR_W + 1];
    /* The board geometry the weights belong to (NULL: rebuild before use). */
    const struct board_geom *geom;
    uint8_t row_of[BOARD_MAX_POINTS];
    /* Weights by colour (BLACK - 1, WHITE - 1) and point (read through
     * BT_W), with BT_W_PAD zeros on either side; per-row sums. */
    float w_pad[2][BT_W_PAD + BOARD_MAX_POINTS + BT_W_PAD];
    double row[2][BOARD_MAX_SIZE];
    double total[2];
    /* Points to recompute after a move, deduplicated by stamp; strings
     * already walked, by the same stamp on their id. */
    uint32_t stamp[BOARD_MAX_POINTS], sstamp[BOARD_MAX_POINTS], cur;
    uint16_t dirty[BOARD_MAX_POINTS + 1];   /* one spare: mark writes before it counts */
    int n_dirty;
    /* Points whose weights depend on the last move (its neighbours, the
     * liberty of strings in atari at it): recomputed after the next move. */
    uint16_t lastdep[16];
    int n_lastdep;
    /* Per empty point: is an orthogonal neighbour a string in atari (its 3x3
     * code has an atari mark)? Kept with the weights, exact for the same
     * reason: it changes only where weights are recomputed. */
    uint8_t atari_nbr[BOARD_MAX_POINTS];
    /* Per empty point, bit ci: is the move of colour index ci there a
     * self-atari (board_is_self_atari: no capture, at most one liberty)
     * that joins a friendly string, the only kind the seki rule of the
     * draw can set aside? Kept with the weights, as atari_nbr. */
    uint8_t self_atari[BOARD_MAX_POINTS];
    /* State before the move being played (playout_bt_prepare). */
    point pre_p;
    enum color pre_c;
    uint8_t pre_col[4];
    uint16_t pre_libs[4];
    uint16_t capt[BOARD_MAX_POINTS];    /* stones the move captures */
    int n_capt;
    long recomputed;
    /* Simulation balancing (playout_bt_set_grad): when `grad` is set, each
     * draw adds its score function to it, and `tac` holds the tactical
     * feature values of every weighed point (BT_TAC_* fields) by colour. */
    double *grad;
    uint16_t tac[2][BOARD_MAX_POINTS];
    /* The index of the dist1 parameter of each near offset (-1: none),
     * laid out as near_row. */
    int8_t near_param[2 * BT_NEAR_D + 1][2 * BT_NEAR_D + 1];
    double near_factor[BT_NEAR_D + 1];  /* by Coulom distance, 1 when not applied */
};

/* Packed tactical feature values of a point (struct playout_bt_state.tac). */
#define BT_TAC(cap, ext, atari, self) \
    ((uint16_t)((cap) | (ext) << 3 | (atari) << 6 | (self) << 8))
#define BT_TAC_CAPTURE(t) ((t) & 7u)
#define BT_TAC_EXTEND(t) ((t) >> 3 & 7u)
#define BT_TAC_ATARI(t) ((t) >> 6 & 3u)
#define BT_TAC_SELF(t) ((t) >> 8 & 3u)

/* Coulom's distance class of an offset: |dx| + |dy| + max(|dx|, |dy|). */
static inline int playout_bt_coulom_d(int dx, int dy)
{
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    return ax + ay + (ax > ay ? ax : ay);
}

/* The dist1 feature value of Coulom distance d (features.h). */
static inline unsigned playout_bt_dist_value(int d)
{
    return d >= 16 ? 15u : d < 2 ? 1u : (unsigned)(d - 1);
}

/* The common factor of the far points: the geometric mean of the dist1
 * gammas of d = BT_NEAR_D + 1 .. 16 in table `g`. */
double playout_bt_far_base(const struct pat_gammas *g);

/* Fills the g16 table from the pat3 and self-atari gammas. */
void playout_bt_build_g16(struct playout_bt_state *st);

/* Sets the near-move factors: factor[d] for Coulom distance d = 2..BT_NEAR_D
 * (only factors above 1 take part: sampling adds mass, never removes it). */
void playout_bt_build_near(struct playout_bt_state *st, const double factor[BT_NEAR_D + 1]);

/* Adds the score function of the draw of `chosen` by colour index `ci` to
 * st->grad (playout_bt_grad.c); the weights are those of the draw. */
void playout_bt_grad_add(const struct playout_bt_state *st, const struct board *b, int ci, point chosen);

#endif
