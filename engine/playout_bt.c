/* playout_bt — Bradley–Terry playouts with incrementally kept move weights.
 * See playout_bt.h for the features used and the update rule. */
#include "engine/playout_bt.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "patterns/features.h"
#include "patterns/gammas.h"

#include "engine/board/bigtable.h"
#include "engine/playout_bt_state.h"
#include "engine/playout_nakade.h"
#include "engine/playout_races.h"

/* ---- the features ---- */

/* The strings next to a point, gathered once for both colours, by
 * direction: `fresh` tells the directions whose string no earlier direction
 * had (empty and off-board directions have string 0 and are not fresh). */
struct bt_nbrs {
    unsigned fresh;
    /* 32 bits, not 16: with 16, GCC's vectoriser packs the four ids and
     * counts into vectors, moving the first count through a 16-bit store
     * and a 32-bit load of the stack, which cannot be forwarded: a stall
     * in the hottest update. */
    uint32_t sid[4];
    uint32_t libs[4];
    uint8_t col[4];
    unsigned empties;       /* the empty neighbours, as bits 0, 2, 4, 6 of the 3x3 code */
    int n_empty;
    /* By the strings' colour (1 Black, 2 White; 0 gathers the directions
     * that are not fresh), summed without branches: what the tactical
     * features of either mover ask of its own strings and of the other's. */
    uint8_t n_atari[3];     /* strings in atari */
    uint8_t n_low[3];       /* strings with two or three liberties */
    uint8_t any_two[3];     /* a string with exactly two */
    uint8_t any_big[3];     /* a string with four or more */
    uint8_t adj_atari[3];   /* directions of p that strings in atari occupy */
    uint8_t cap_min[3];     /* the least capture kind of those strings, NO_CAPTURE if none */
    uint16_t stones[3];
};

#define NO_CAPTURE 255

/* Product of the tactical gammas (capture, extend, atari, self-atari) of `c`
 * at the empty point `p`, from its neighbour strings `nb`. The same values
 * as pat_move_features with no ladders, no snapbacks and "atari during a
 * ko" read as a plain atari. Liberties of the new string are only told
 * apart up to three (all those features look at), and counted only when a
 * feature needs them. */
static inline __attribute__((always_inline)) float
tactical(const struct playout_bt_state *st, const struct board *b, enum color c, point p,
         const struct bt_nbrs *nb, uint16_t *tac, unsigned *self_atari)
{
    point last = b->last_move;
    enum color them = color_other(c);
    /* An enemy string in atari frees its stones next to p. */
    int n_libs = nb->n_empty + nb->adj_atari[them];
    unsigned capture = nb->cap_min[them] == NO_CAPTURE ? 0 : nb->cap_min[them];
    unsigned atari = 3u * nb->any_two[them];
    int stones = 1 + nb->stones[c], own_atari = nb->n_atari[c], own_low = nb->n_low[c];
    bool own_big = nb->any_big[c];
    /* Liberties of the new string, up to 3: needed for a self-atari (<= 1,
     * only without a capture) and to grade an extension (2 or 3+). */
    bool need = own_atari ? n_libs < 3 : capture == 0 && n_libs < 2;
    if (need && own_big) {
        n_libs = 3;
    } else if (need && own_low) {
        /* The freed points are stones, never liberties of own strings, so
         * only the empty neighbours need to be in the set for duplicates. */
        const int *o = b->geom->offs;
        point libset[12];
        int n_set = 0;
        for (unsigned e = nb->empties; e; e &= e - 1)
            libset[n_set++] = p + o[__builtin_ctz(e) >> 1];
        for (unsigned m = nb->fresh; m && n_libs < 3; m &= m - 1) {
            int j = __builtin_ctz(m);
            if (nb->col[j] != c)
                continue;
            int before = n_set;
            if (nb->libs[j] == 2) {
                board_point_set_add(libset, &n_set, (point)b->str[nb->sid[j]].lib_sum - p);  /* p is the other */
            } else if (nb->libs[j] == 3) {
                point l[3];
                int k = board_string_libs(b, p + o[j], l, 3);
                for (int i = 0; i < k; i++)
                    if (l[i] != p)
                        board_point_set_add(libset, &n_set, l[i]);
            }
            /* libs == 1: the liberty is p itself */
            n_libs += n_set - before;
        }
    }
    unsigned extend = 0, selfatari = 0;
    if (capture == 0 && n_libs <= 1)
        selfatari = stones <= 2 ? 1 : 2;
    if (own_atari && !selfatari && n_libs >= 2) {
        for (unsigned m = nb->fresh; m; m &= m - 1) {
            int j = __builtin_ctz(m);
            if (nb->col[j] != c || nb->libs[j] != 1)
                continue;
            bool fresh = last > 0 && b->color[last] == them && board_string_touches(b, nb->sid[j], last);
            unsigned v = fresh ? (n_libs >= 3 ? 1 : 2) : (n_libs >= 3 ? 3 : 4);
            if (extend == 0 || v < extend)
                extend = v;
        }
    }
    if (tac)
        *tac = BT_TAC(capture, extend, atari, selfatari);
    *self_atari = selfatari != 0;
    return st->g_cap[capture] * st->g_ext[extend] * st->g_atari[atari] * st->g_self[selfatari];
}

/* Weights of Black and White at `p`; with `track` (a constant: two copies
 * are compiled) also their tactical values in st->tac, for the score
 * function. */
static inline __attribute__((always_inline)) void
weigh(struct playout_bt_state *st, const struct board *b, point p, float out[2], const bool track)
{
    out[0] = out[1] = 0.0f;
    if (b->color[p] != EMPTY)
        return;
    unsigned code = b->nbr3x3[p];
    /* A field holds a stone when its two bits differ. */
    unsigned stones = (code ^ (code >> 1)) & 0x55;
    if (!stones) {
        /* No orthogonal stone: legal, no eye, no tactics, no atari mark. */
        st->atari_nbr[p] = 0;
        st->self_atari[p] = 0;
        out[0] = st->g16[2 * code];
        out[1] = st->g16[2 * code + 1];
        if (track)
            st->tac[0][p] = st->tac[1][p] = 0;
        return;
    }
    const int *o = b->geom->offs;
    struct bt_nbrs nb;
    /* The fewest liberties of an orthogonal string, less one. An empty or
     * off-board neighbour has string 0, the board's all-zero dummy, whose
     * 0 - 1 wraps to the largest value: no test of which fields hold
     * stones, a branch that is mispredicted often. */
    unsigned min_libs_1 = UINT32_MAX;
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++) {
        nb.sid[i] = b->sid[p + o[i]];
        nb.libs[i] = b->str[nb.sid[i]].libs;
        min_libs_1 = nb.libs[i] - 1u < min_libs_1 ? nb.libs[i] - 1u : min_libs_1;
    }
    unsigned empties = ~(code | (code >> 1)) & 0x55;
    if (min_libs_1 >= 2) {
        /* No string in atari next to p: no atari marks, and no
         * self-atari that joins a friendly string (that string keeps
         * two of its three or more liberties). */
        st->atari_nbr[p] = 0;
        st->self_atari[p] = 0;
        out[0] = st->g16[2 * code];
        out[1] = st->g16[2 * code + 1];
        if (track) {
            /* As calm_weight: a lone stone with one empty neighbour. */
            bool one_empty = (empties & (empties - 1)) == 0;
            for (int c = BLACK; c <= WHITE; c++)
                st->tac[c - 1][p] = BT_TAC(0, 0, 0, one_empty && !board_code_friends(code, (enum color)c));
        }
        return;
    }
    const uint32_t *s4 = nb.sid;
    uint32_t marks = (uint32_t)(nb.libs[0] == 1) << 16 | (uint32_t)(nb.libs[1] == 1) << 17 |
                     (uint32_t)(nb.libs[2] == 1) << 18 | (uint32_t)(nb.libs[3] == 1) << 19;
    st->atari_nbr[p] = marks != 0;
    nb.empties = empties;
    /* The four bits at 0, 2, 4, 6 summed in pairs, then the pairs. */
    unsigned pairs = (empties + (empties >> 2)) & 0x33;
    nb.n_empty = (int)((pairs + (pairs >> 4)) & 7u);
    memset(nb.n_atari, 0, sizeof nb.n_atari);
    memset(nb.n_low, 0, sizeof nb.n_low);
    memset(nb.any_two, 0, sizeof nb.any_two);
    memset(nb.any_big, 0, sizeof nb.any_big);
    memset(nb.adj_atari, 0, sizeof nb.adj_atari);
    memset(nb.cap_min, NO_CAPTURE, sizeof nb.cap_min);
    memset(nb.stones, 0, sizeof nb.stones);
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        nb.col[i] = b->color[p + o[i]];
    /* Which neighbour is a stone, and whether its string was seen in an
     * earlier direction, are close to random from one point to the next:
     * the fresh directions are found, and the strings summed, without
     * branches; a direction that is not fresh adds to colour 0. */
    nb.fresh = (unsigned)(s4[0] != 0)
             | (unsigned)((s4[1] != 0) & (s4[1] != s4[0])) << 1
             | (unsigned)((s4[2] != 0) & (s4[2] != s4[0]) & (s4[2] != s4[1])) << 2
             | (unsigned)((s4[3] != 0) & (s4[3] != s4[0]) & (s4[3] != s4[1]) &
                          (s4[3] != s4[2])) << 3;
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++) {
        uint16_t s = s4[i];
        unsigned col = nb.col[i] & -((nb.fresh >> i) & 1u), l = nb.libs[i];
        nb.n_low[col] += (l == 2) | (l == 3);
        nb.any_two[col] |= l == 2;
        nb.any_big[col] |= l >= 4;
        nb.stones[col] += b->str[s].stones;
    }
    /* The strings in atari (for either colour: its own to extend, the
     * other's to capture, with the kind of the capture: saves an own
     * string in atari, re-takes the last move, next to it). Most points
     * have none: one test of the directions' bit set, which is not empty
     * exactly when an atari mark is (a string's first direction is fresh). */
    unsigned in_atari = nb.fresh & (marks >> 16);
    if (in_atari) {
        point last = b->last_move;
        bool last_adjacent = last == p + o[0] || last == p + o[1] || last == p + o[2] ||
                             last == p + o[3];
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++) {
            /* A direction without a mark (an off-board one included, whose
             * colour 3 is past the sums) adds its 0 to colour 0. */
            unsigned m = (marks >> (16 + i)) & 1u;
            nb.adj_atari[nb.col[i] & -m] += m;
        }
        for (; in_atari; in_atari &= in_atari - 1) {
            int j = __builtin_ctz(in_atari);
            nb.n_atari[nb.col[j]]++;
            unsigned v = board_string_touches_atari(b, p + o[j]) ? 1
                       : last > 0 && b->sid[last] == nb.sid[j] && b->color[last] == nb.col[j] ? 2
                       : last_adjacent ? 3 : 4;
            if (v < nb.cap_min[nb.col[j]])
                nb.cap_min[nb.col[j]] = (uint8_t)v;
        }
    }
    /* One look-up by raw code serves both colours (Black's class; White's
     * is its colour swap). */
    int cls = pat3_class(code | marks);
    unsigned self_atari = 0;
    for (int c = BLACK; c <= WHITE; c++) {
        if (board_code_eyelike(code, (enum color)c))
            continue;
        if (!empties && !board_legal_surrounded(b, (enum color)c, p, code))
            continue;
        int k = c == BLACK || cls < 0 ? cls : pat3_class_swapped(cls);
        float w = pat_gammas_pat3_class(st->g, k);
        unsigned sa;
        out[c - 1] = w * tactical(st, b, (enum color)c, p, &nb, track ? &st->tac[c - 1][p] : NULL,
                                  &sa);
        self_atari |= (sa & (board_code_friends(code, (enum color)c) != 0)) << (c - 1);
    }
    st->self_atari[p] = (uint8_t)self_atari;
}

/* Every point's weights from scratch, with `weigh` inlined (`track` a
 * constant, one copy for each value). */
static inline __attribute__((always_inline)) void
weigh_all(struct playout_bt_state *st, const struct board *b, const bool track)
{
    const struct board_geom *g = b->geom;
    for (int y = 0; y < g->size; y++)
        for (int x = 0; x < g->size; x++) {
            point p = (y + 1) * g->stride + x + 1;
            float w[2];
            weigh(st, b, p, w, track);
            BT_W(st, 0)[p] = w[0];
            BT_W(st, 1)[p] = w[1];
        }
}

/* ---- weights and sums ---- */

static inline void set_w(struct playout_bt_state *st, int ci, point q, float nw)
{
    /* No test for an unchanged weight: d is then 0 and the sums stay as
     * they are, and the test is hard to predict (a fair share of the
     * recomputed points keep both weights, the others not). */
    float old = BT_W(st, ci)[q];
    BT_W(st, ci)[q] = nw;
    double d = (double)nw - (double)old;
    st->row[ci][st->row_of[q]] += d;
    st->total[ci] += d;
}

/* Row sums recomputed exactly from the weights; returns the number of
 * positive weights. */
static int resync(struct playout_bt_state *st, int ci)
{
    const struct board_geom *g = st->geom;
    int size = g->size;
    double tot = 0;
    int n = 0;
    for (int y = 0; y < size; y++) {
        double r = 0;
        point p0 = (y + 1) * g->stride + 1;
        for (int x = 0; x < size; x++) {
            float w = BT_W(st, ci)[p0 + x];
            r += w;
            n += w > 0.0f;
        }
        st->row[ci][y] = r;
        tot += r;
    }
    st->total[ci] = tot;
    return n;
}

static void collect_lastdep(struct playout_bt_state *st, const struct board *b, point p)
{
    st->n_lastdep = 0;
    if (p <= 0 || b->color[p] == EMPTY)
        return;
    const int *o = b->geom->offs;
    /* A neighbour of the last move depends on it only as a capture point
     * ("capture next to the previous move"): an empty point next to a
     * string in atari. Without branches (whether a neighbour qualifies is
     * hard to predict): each candidate is written, and counted only if it
     * qualifies. */
    int n = 0;
    for (int i = 0; i < 4; i++) {
        point q = p + o[i];
        st->lastdep[n] = (uint16_t)q;
        n += (b->color[q] == EMPTY) & (st->atari_nbr[q] != 0);
    }
    if (b->str[b->sid[p]].libs == 1)
        st->lastdep[n++] = (uint16_t)board_atari_lib(b, p);
    enum color them = color_other((enum color)b->color[p]);
    for (int i = 0; i < 4; i++) {
        point q = p + o[i];
        const struct board_string *t = &b->str[b->sid[q]];
        st->lastdep[n] = (uint16_t)t->lib_sum;
        n += (b->color[q] == them) & (t->libs == 1);
    }
    st->n_lastdep = n;
}

static void build_near_cols(struct playout_bt_state *st, int size)
{
    for (int lx = 0; lx < size; lx++)
        for (int dy = -BT_NEAR_W; dy <= BT_NEAR_W; dy++)
            for (int dx = -BT_NEAR_W; dx <= BT_NEAR_W; dx++) {
                int x = lx + dx;
                st->near_cols[lx][dy + BT_NEAR_W][dx + BT_NEAR_W] =
                    x >= 0 && x < size ? st->near_row[dy + BT_NEAR_D][dx + BT_NEAR_D] : 0.0f;
            }
}

static void rebuild(struct playout_bt_state *st, const struct board *b)
{
    const struct board_geom *g = b->geom;
    if (st->geom != g) {
        memset(st->row_of, 0, sizeof st->row_of);
        for (int y = 0; y < g->size; y++)
            for (int x = 0; x < g->size; x++)
                st->row_of[(y + 1) * g->stride + x + 1] = (uint8_t)y;
        memset(st->w_pad, 0, sizeof st->w_pad);
        build_near_cols(st, g->size);
        st->geom = g;
    }
    /* Tracked (tactical values kept for the score function) only while a
     * score is kept. */
    if (st->grad)
        weigh_all(st, b, true);
    else
        weigh_all(st, b, false);
    st->recomputed += (long)g->size * g->size;
    resync(st, 0);
    resync(st, 1);
    collect_lastdep(st, b, b->last_move);
    st->pre_p = 0;
}

/* ---- the dirty set ---- */

static inline void mark(struct playout_bt_state *st, const struct board *b, point q)
{
    /* Only empty points have weights to change: a stone's were zeroed
     * when it was placed (the played point is cleared in bt_played). The
     * board does not change while a move's points are marked, so stamping
     * a stone does no harm, and without branches the test costs no
     * mispredictions (whether a neighbour is empty is close to a coin
     * toss): the point is always written and the count says if it stays. */
    uint32_t seen = st->stamp[q];
    st->stamp[q] = st->cur;
    st->dirty[st->n_dirty] = (uint16_t)q;
    st->n_dirty += (seen != st->cur) & (b->color[q] == EMPTY);
}

/* The eight neighbours of q (not q: the played stone has no weight to
 * recompute; a captured stone's point is marked by its caller). */
static void mark_nbr8(struct playout_bt_state *st, const struct board *b, point q)
{
    const int *o = b->geom->offs;
    /* Unrolled: the loop's exit would be a mispredicted branch per call. */
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        mark(st, b, q + o[i]);
}

/* Marks every liberty of the string `s` (once per move); with `atari_nbrs`
 * also the liberty of each enemy string in atari next to it, whose capture
 * may have become or stopped being a "capture that saves". */
static void mark_string(struct playout_bt_state *st, const struct board *b, int s, bool atari_nbrs)
{
    if (st->sstamp[s] == st->cur)
        return;
    st->sstamp[s] = st->cur;
    const int *o = b->geom->offs;
    unsigned them = 3u - b->str[s].color;
    point q = s;
    do {
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++) {
            point r = q + o[i];
            mark(st, b, r);     /* a liberty; mark passes over stones */
            /* atari_nbrs is the same all through a call (a branch the
             * predictor gets right); then one branch, seldom taken. */
            if (atari_nbrs && ((b->color[r] == them) & (b->str[b->sid[r]].libs == 1)))
                mark(st, b, board_atari_lib(b, r));
        }
        q = b->next_stone[q];
    } while (q != s);
}

/* The dirty points' weights recomputed, with `weigh` inlined in the loop
 * (not a call per point through a pointer); `track` is a constant, as in
 * weigh. */
static inline __attribute__((always_inline)) void
reweigh_dirty(struct playout_bt_state *st, const struct board *b, const bool track)
{
    for (int k = 0; k < st->n_dirty; k++) {
        point q = st->dirty[k];
        float w[2];
        weigh(st, b, q, w, track);
        set_w(st, 0, q, w[0]);
        set_w(st, 1, q, w[1]);
    }
}

static void next_stamp(struct playout_bt_state *st)
{
    if (++st->cur == 0) {
        memset(st->stamp, 0, sizeof st->stamp);
        memset(st->sstamp, 0, sizeof st->sstamp);
        st->cur = 1;
    }
    st->n_dirty = 0;
}

void playout_bt_prepare(struct playout_policy *pp, const struct board *b, enum color c, point p)
{
    struct playout_bt_state *st = pp->data;
    st->pre_p = p;
    st->pre_c = c;
    st->n_capt = 0;
    if (p == PASS)
        return;
    const int *o = b->geom->offs;
    enum color them = color_other(c);
    for (int i = 0; i < 4; i++) {
        point q = p + o[i];
        uint8_t qc = b->color[q];
        st->pre_col[i] = qc;
        st->pre_libs[i] = b->str[b->sid[q]].libs;
        if (qc != them || st->pre_libs[i] != 1)
            continue;
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= st->pre_col[j] == them && b->sid[p + o[j]] == b->sid[q];
        if (seen)
            continue;
        point s = q;
        do {
            st->capt[st->n_capt++] = (uint16_t)s;
            s = b->next_stone[s];
        } while (s != q);
    }
}

static void bt_played(struct playout_policy *pp, const struct board *b, enum color c, point p)
{
    struct playout_bt_state *st = pp->data;
    if (st->geom != b->geom || (p != PASS && (st->pre_p != p || st->pre_c != c))) {
        rebuild(st, b);
        return;
    }
    next_stamp(st);
    for (int k = 0; k < st->n_lastdep; k++)
        mark(st, b, st->lastdep[k]);
    st->n_lastdep = 0;
    if (p != PASS) {
        const int *o = b->geom->offs;
        enum color them = color_other(c);
        set_w(st, 0, p, 0.0f);
        set_w(st, 1, p, 0.0f);
        mark_nbr8(st, b, p);
        for (int k = 0; k < st->n_capt; k++) {
            mark(st, b, st->capt[k]);
            mark_nbr8(st, b, st->capt[k]);
        }
        /* The string the stone joined: its liberties if its count, or that of
         * a string it absorbed, is within the range the features see. */
        int s = b->sid[p];
        unsigned libs = b->str[s].libs;
        bool walk = libs <= 3, atari_change = libs == 1;
        /* The neighbours' kinds are hard to predict: tested without
         * branches, and the enemy strings to walk gathered as a bit set. */
        unsigned enemies = 0;
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++) {
            bool own = st->pre_col[i] == c;
            walk |= own & (st->pre_libs[i] <= 3);
            atari_change |= own & (st->pre_libs[i] == 1);
            point q = p + o[i];
            /* Enemy strings next to the stone lost a liberty (the captured
             * ones are gone; their points are marked above). */
            enemies |= (unsigned)((st->pre_col[i] == them) & (st->pre_libs[i] >= 2) &
                                  (b->str[b->sid[q]].libs <= 3)) << i;
        }
        if (walk)
            mark_string(st, b, s, atari_change);
        while (enemies) {
            int i = __builtin_ctz(enemies);
            enemies &= enemies - 1;
            int t = b->sid[p + o[i]];
            mark_string(st, b, t, b->str[t].libs == 1);
        }
        /* Own strings next to captured stones gained liberties: at most one
         * per captured stone, so a count still above 3 + n_capt was above 3. */
        for (int k = 0; k < st->n_capt; k++) {
            point q = st->capt[k];
            for (int i = 0; i < 4; i++) {
                point r = q + o[i];
                if (b->color[r] != c)
                    continue;
                int t = b->sid[r];
                if ((int)b->str[t].libs - st->n_capt <= 3)
                    mark_string(st, b, t, true);
            }
        }
    }
    st->pre_p = 0;
    if (st->grad)
        reweigh_dirty(st, b, true);
    else
        reweigh_dirty(st, b, false);
    st->recomputed += st->n_dirty;
    /* After the recomputation: it reads the fresh atari_nbr flags of p's
     * neighbours (all of them were just recomputed). */
    if (p != PASS)
        collect_lastdep(st, b, p);
}

static void bt_begin(struct playout_policy *pp, const struct board *b)
{
    rebuild(pp->data, b);
}

/* ---- drawing a move ---- */

/* The last positive-weight point of row y, or 0. */
static point row_last(const struct playout_bt_state *st, int ci, int y)
{
    const struct board_geom *g = st->geom;
    point p0 = (y + 1) * g->stride + 1;
    for (int x = g->size - 1; x >= 0; x--)
        if (BT_W(st, ci)[p0 + x] > 0.0f)
            return p0 + x;
    return 0;
}

static point draw(struct playout_bt_state *st, const struct board *b, int ci, struct rng *r)
{
    /* Is any weight positive? The running total drifts from the weights'
     * sum by rounding only (far below BT_TOTAL_LOW), so only a total near
     * zero needs the weights counted: once or twice a playout, at its end,
     * rather than at every change. */
    if (!(st->total[ci] > BT_TOTAL_LOW)) {
        if (resync(st, ci) == 0)
            return PASS;
    }
    const struct board_geom *g = st->geom;
    int size = g->size;
    /* dist1: extra mass w (f - 1) on the points near the previous move,
     * summed row by row without branches; a draw that lands in it finds
     * its row from these sums and scans that row only. */
    double esum = 0;
    double erow[2 * BT_NEAR_W + 1];     /* by row offset dy + W */
    point last = b->last_move;
    int lx = 0, ly = 0, y0 = 0, y1 = -1;
    const float *wc = BT_W(st, ci);
    if (last > 0) {
        lx = board_x(b, last);
        ly = board_y(b, last);
        y0 = ly - st->near_maxdy < 0 ? 0 : ly - st->near_maxdy;
        y1 = ly + st->near_maxdy >= size ? size - 1 : ly + st->near_maxdy;
        /* Every row offset, each over the columns a near point can have
         * (Coulom distance 8 at most): the other columns have a zero
         * factor, and so does any column off the board (near_cols), whose
         * weight is the border's or a neighbouring row's end; a row off
         * the board reads the zeros around the weights. Adding those
         * zeros changes no sum, so the sums are those of the near points
         * alone, in the same order, with fixed loops and no bounds test. */
        static const int8_t near_h[2 * BT_NEAR_W + 1] = { 0, 2, 3, 3, 4, 3, 3, 2, 0 };
        _Static_assert(BT_NEAR_D == 8, "near_h is the shape of Coulom distance 8");
        /* The farthest reads, on the largest board: row -W and column -W
         * (from the corner at row 0, column 0), row size - 1 + W and
         * column size - 1 + W; a smaller board's stride reads nearer. */
        _Static_assert((BT_NEAR_W - 1) * (BOARD_MAX_SIZE + 1) + BT_NEAR_W - 1 <= BT_W_PAD,
                       "the zeros before the weights cover the near rows above the board");
        _Static_assert((BOARD_MAX_SIZE + BT_NEAR_W) * (BOARD_MAX_SIZE + 1) + BOARD_MAX_SIZE +
                               BT_NEAR_W < BOARD_MAX_POINTS + BT_W_PAD,
                       "the zeros after the weights cover the near rows below the board");
        const float *centre = wc + (ly + 1) * g->stride + 1 + lx;
#pragma GCC unroll 9
        for (int dy = -BT_NEAR_W; dy <= BT_NEAR_W; dy++) {
            const float *wr = centre + dy * g->stride;
            const float *f = st->near_cols[lx][dy + BT_NEAR_W] + BT_NEAR_W;
            const int h = near_h[dy + BT_NEAR_W];
            float rs = 0;
#pragma GCC unroll 9
            for (int dx = -h; dx <= h; dx++)
                rs += wr[dx] * f[dx];
            erow[dy + BT_NEAR_W] = rs;
            esum += rs;
        }
    }
    double tot = st->total[ci] > 0 ? st->total[ci] : 0;
    double u = rng_double(r) * (tot + esum);
    if (u >= tot && esum > 0) {
        u -= tot;
        int y = y0;
        while (y < y1 && u >= erow[y - ly + BT_NEAR_W]) {
            u -= erow[y - ly + BT_NEAR_W];
            y++;
        }
        int h = st->near_half[y - ly + BT_NEAR_D];
        int x0 = lx - h < 0 ? 0 : lx - h, x1 = lx + h >= size ? size - 1 : lx + h;
        point base = (y + 1) * g->stride + 1;
        const float *f = st->near_row[y - ly + BT_NEAR_D] + BT_NEAR_D - lx;
        point cand = 0;
        for (int x = x0; x <= x1; x++) {
            float e = wc[base + x] * f[x];
            if (e <= 0.0f)
                continue;
            if (u < e)
                return base + x;
            u -= e;
            cand = base + x;
        }
        if (cand)
            return cand;    /* rounding: the row's last near candidate */
        for (y = y1; y >= y0; y--)      /* rounding left u past a row with mass */
            for (int x = size - 1; x >= 0; x--) {
                point q = (y + 1) * g->stride + 1 + x;
                int dy = y - ly + BT_NEAR_D, dx = x - lx + BT_NEAR_D;
                if (dx >= 0 && dx <= 2 * BT_NEAR_D && wc[q] > 0.0f && st->near_row[dy][dx] > 0.0f)
                    return q;
            }
    }
    int y = 0;
    for (; y < size; y++) {
        if (u < st->row[ci][y])
            break;
        u -= st->row[ci][y];
    }
    if (y < size) {
        point p0 = (y + 1) * g->stride + 1;
        for (int x = 0; x < size; x++) {
            float w = BT_W(st, ci)[p0 + x];
            if (u < w)
                return p0 + x;
            u -= w;
        }
        /* Rounding in the row sum: the row's last candidate. */
        point p = row_last(st, ci, y);
        if (p)
            return p;
    }
    /* Rounding drift left u beyond every row: resynchronise and take the
     * last candidate. There is none only if the total was drift alone
     * (above BT_TOTAL_LOW, which no table here comes near): no move. */
    resync(st, ci);
    for (y = size - 1; y >= 0; y--) {
        point p = row_last(st, ci, y);
        if (p)
            return p;
    }
    return PASS;
}

/* In a share `rate` of the cases (drawn first, so that the look costs in
 * that share only), one of the answers `gen` (playout_races.h) gives `c`
 * to the previous move that may be played (a positive weight: legal and not
 * an own eye; not the ko point), at random; 0 if none or not this time. */
static point pick_answer(const struct playout_bt_state *st, const struct board *b, enum color c,
                         int ci, point ko, double rate,
                         int (*gen)(const struct board *, enum color, point,
                                    point[PLAYOUT_RACE_MAX]),
                         struct rng *r)
{
    if (rate <= 0 || rng_double(r) >= rate)
        return 0;
    point m[PLAYOUT_RACE_MAX];
    int n = 0, k = gen(b, c, b->last_move, m);
    for (int i = 0; i < k; i++)
        if (m[i] != ko && BT_W(st, ci)[m[i]] > 0.0f)
            m[n++] = m[i];
    return n > 0 ? m[n > 1 ? rng_below(r, (uint32_t)n) : 0] : 0;
}

static point bt_choose(struct playout_policy *pp, struct board *b, enum color c, struct rng *r)
{
    struct playout_bt_state *st = pp->data;
    if (st->geom != b->geom)
        rebuild(st, b);
    int ci = c - 1;
    /* Points out of the draw for this move, their weights set to 0 and put
     * back once it is chosen: the ko point (legal but for simple ko), and
     * every draw that is a self-atari no nakade needs, as in the seki-safe
     * light playouts (playout.h). Filling a seki's shared liberty gives the
     * opponent the seki's stones, and a playout that does it calls them
     * dead, so that the search counts a won seki as lost. */
    point out[BOARD_MAX_POINTS];
    float out_w[BOARD_MAX_POINTS];
    int n_out = 0;
    point ko = b->ko && c == b->to_move ? b->ko : 0;
    /* The vital point of an eye space, played ahead of the draw (not while
     * balancing, whose gradient follows the draw alone). A positive weight
     * means legal, not an own eye; the ko point is never taken here. The
     * share is drawn first, so that the look costs in that share only. */
    if (st->nakade > 0 && !st->grad && rng_double(r) < st->nakade) {
        point v = playout_nakade_point(b, b->last_move);
        if (v > 0 && v != ko && BT_W(st, ci)[v] > 0.0f) {
            playout_bt_prepare(pp, b, c, v);
            return v;
        }
    }
    /* The answer to an atari on a string next to the previous move, then
     * a race move on a two-liberty string there, the same way. */
    if (!st->grad) {
        point v = pick_answer(st, b, c, ci, ko, st->atari,
                              st->atari_ladder ? playout_atari_moves_ladder : playout_atari_moves,
                              r);
        if (v == 0)
            v = pick_answer(st, b, c, ci, ko, st->races, playout_race_moves, r);
        if (v > 0) {
            playout_bt_prepare(pp, b, c, v);
            return v;
        }
    }
    point p = ko && BT_W(st, ci)[ko] > 0.0f ? ko : 0;     /* the first point out, if any */
    for (;;) {
        if (p > 0) {
            out[n_out] = p;
            out_w[n_out++] = BT_W(st, ci)[p];
            set_w(st, ci, p, 0.0f);
        }
        p = draw(st, b, ci, r);     /* one call site: draw stays inlined */
        /* Only a self-atari that joins a friendly string can be a wasted
         * one: the weights know which moves are, and spare the others the
         * board's test. */
        if (p <= 0 || !((st->self_atari[p] >> ci) & 1u) ||
            !playout_wasted_self_atari(b, c, p, b->nbr3x3[p]))
            break;
    }
    if (st->grad)
        playout_bt_grad_add(st, b, ci, p);
    while (n_out > 0) {
        n_out--;
        set_w(st, ci, out[n_out], out_w[n_out]);
    }
    playout_bt_prepare(pp, b, c, p);
    return p;
}

static void bt_release(struct playout_policy *pp)
{
    struct playout_bt_state *st = pp->data;
    if (st)
        free(st->g16);
    free(st);
    pp->data = NULL;
}

/* ---- set-up ---- */


/* The g16 entry of `code` for `c` (see struct playout_bt_state). With every
 * neighbouring string at three liberties or more, a move with no empty
 * neighbour is legal exactly when it joins an own string, and a lone stone
 * with at most one empty neighbour is a self-atari of one stone. */
static float calm_weight(const struct playout_bt_state *st, unsigned code, enum color c)
{
    if (board_code_eyelike(code, c))
        return 0.0f;
    bool own = board_code_friends(code, c) != 0;
    if (!board_code_has_empty(code) && !own)
        return 0.0f;
    unsigned empties = ~(code | (code >> 1)) & 0x55;
    float w = pat_gammas_pat3(st->g, c == WHITE ? pat3_swap_colors(code) : code);
    if (!own && (empties & (empties - 1)) == 0)
        w *= st->g_self[1];
    return w;
}

/* The gamma of capture kind `v` (0 = no capture: 1), at least `floor`. */
static float capture_gamma(const struct pat_gammas *g, int v, double floor)
{
    if (v <= 0)
        return 1.0f;
    double x = v < g->n_values[PAT_F_CAPTURE] ? g->gamma[PAT_F_CAPTURE][v] : 1.0;
    return (float)(x < floor ? floor : x);
}

void playout_bt_set_capture_floor(struct playout_policy *pp, double floor)
{
    struct playout_bt_state *st = pp->data;
    for (int v = 0; v < 8; v++)
        st->g_cap[v] = capture_gamma(st->g, v, floor);
    st->geom = NULL;    /* every weight is rebuilt before the next draw */
}

void playout_bt_set_nakade(struct playout_policy *pp, double rate)
{
    struct playout_bt_state *st = pp->data;
    st->nakade = rate;
}

void playout_bt_set_races(struct playout_policy *pp, double rate)
{
    struct playout_bt_state *st = pp->data;
    st->races = rate;
}

void playout_bt_set_atari(struct playout_policy *pp, double rate)
{
    struct playout_bt_state *st = pp->data;
    st->atari = rate;
}

void playout_bt_set_atari_ladder(struct playout_policy *pp, bool on)
{
    struct playout_bt_state *st = pp->data;
    st->atari_ladder = on;
}

double playout_bt_far_base(const struct pat_gammas *g)
{
    double lsum = 0;
    int nfar = 0;
    for (int d = BT_NEAR_D + 1; d <= 16; d++) {
        unsigned v = playout_bt_dist_value(d);
        lsum += log(v < (unsigned)g->n_values[PAT_F_DIST1] ? g->gamma[PAT_F_DIST1][v] : 1.0);
        nfar++;
    }
    return exp(lsum / nfar);
}

void playout_bt_build_g16(struct playout_bt_state *st)
{
    for (uint32_t code = 0; code < 65536; code++)
        for (int c = BLACK; c <= WHITE; c++)
            st->g16[2 * code + (c - 1)] = calm_weight(st, code, (enum color)c);
}

void playout_bt_build_near(struct playout_bt_state *st, const double factor[BT_NEAR_D + 1])
{
    st->n_near = 0;
    st->near_maxdy = 0;
    memset(st->near_row, 0, sizeof st->near_row);
    memset(st->near_param, -1, sizeof st->near_param);
    for (int i = 0; i <= 2 * BT_NEAR_D; i++)
        st->near_half[i] = -1;
    for (int d = 0; d <= BT_NEAR_D; d++)
        st->near_factor[d] = d >= 2 && factor[d] > 1.0 ? factor[d] : 1.0;
    for (int dy = -BT_NEAR_D; dy <= BT_NEAR_D; dy++)
        for (int dx = -BT_NEAR_D; dx <= BT_NEAR_D; dx++) {
            int d = playout_bt_coulom_d(dx, dy);
            if (d < 2 || d > BT_NEAR_D || st->n_near == BT_NEAR_MAX)
                continue;
            double extra = factor[d] - 1.0;
            if (extra <= 0)
                continue;   /* sampling adds mass only; a near point below the far level stays at 1 */
            st->near_row[dy + BT_NEAR_D][dx + BT_NEAR_D] = (float)extra;
            st->near_param[dy + BT_NEAR_D][dx + BT_NEAR_D] = (int8_t)(d - 2);
            if (abs(dx) > st->near_half[dy + BT_NEAR_D])
                st->near_half[dy + BT_NEAR_D] = abs(dx);
            if (abs(dy) > st->near_maxdy)
                st->near_maxdy = abs(dy);
            st->near_dx[st->n_near] = (int8_t)dx;
            st->near_dy[st->n_near] = (int8_t)dy;
            st->near_extra[st->n_near++] = (float)extra;
        }
}

bool playout_bt_new(struct playout_policy *out, const struct pat_gammas *g)
{
    pat_init();
    struct playout_bt_state *st = calloc(1, sizeof *st);
    if (!st)
        return false;
    st->g = g;
    st->cur = 1;
    for (int v = 0; v < 8; v++) {
        st->g_cap[v] = capture_gamma(g, v, 0);
        st->g_ext[v] = v > 0 && v < g->n_values[PAT_F_EXTEND] ? g->gamma[PAT_F_EXTEND][v] : 1.0f;
    }
    for (int v = 0; v < 4; v++) {
        st->g_atari[v] = v > 0 && v < g->n_values[PAT_F_ATARI] ? g->gamma[PAT_F_ATARI][v] : 1.0f;
        st->g_self[v] = v > 0 && v < g->n_values[PAT_F_SELFATARI] ? g->gamma[PAT_F_SELFATARI][v] : 1.0f;
    }
    st->g16 = bigtable_alloc(2 * 65536 * sizeof *st->g16);
    if (!st->g16) {
        free(st);
        return false;
    }
    playout_bt_build_g16(st);
    /* dist1: factors relative to the geometric mean of the far values. */
    double base = playout_bt_far_base(g);
    double factor[BT_NEAR_D + 1] = { 0 };
    for (int d = 2; d <= BT_NEAR_D; d++) {
        unsigned v = playout_bt_dist_value(d);
        factor[d] = (v < (unsigned)g->n_values[PAT_F_DIST1] ? g->gamma[PAT_F_DIST1][v] : 1.0) / base;
    }
    playout_bt_build_near(st, factor);
    *out = (struct playout_policy){ .name = "bt", .data = st, .begin = bt_begin,
                                    .choose = bt_choose, .played = bt_played,
                                    .release = bt_release };
    return true;
}

bool playout_bt_joining_self_atari(const struct playout_policy *pp, enum color c, point p)
{
    const struct playout_bt_state *st = pp->data;
    return (st->self_atari[p] >> (c - 1)) & 1u;
}

double playout_bt_weight(const struct playout_policy *pp, enum color c, point p)
{
    const struct playout_bt_state *st = pp->data;
    return BT_W(st, c - 1)[p];
}

double playout_bt_weight_ref(const struct pat_gammas *g, const struct board *b, enum color c,
                             point p)
{
    if (!board_on(b, p) || b->color[p] != EMPTY)
        return 0.0;
    unsigned code = b->nbr3x3[p];
    if (board_code_eyelike(code, c))
        return 0.0;
    if (!board_code_has_empty(code) && !board_legal_surrounded(b, c, p, code))
        return 0.0;
    struct pat_opts o = { .no_ladder = true, .no_snapback = true };
    unsigned keep = 1u << PAT_F_CAPTURE | 1u << PAT_F_EXTEND | 1u << PAT_F_ATARI |
                    1u << PAT_F_SELFATARI | 1u << PAT_F_PAT3;
    o.disabled = ~keep;
    pat_vec v = pat_move_features(b, c, p, &o);
    if (pat_get(v, PAT_F_ATARI) == 2)
        v = pat_set(v, PAT_F_ATARI, 3);
    double w = 1.0;
    for (int f = 0; f < PAT_NFEAT; f++) {
        unsigned x = pat_get(v, (enum pat_feature)f);
        if (x && (int)x < g->n_values[f])
            w *= g->gamma[f][x];
    }
    return w;
}

static const struct pat_gammas *playout_table;
static pthread_once_t playout_once = PTHREAD_ONCE_INIT;

static void load_playout_table(void)
{
    char err[512];
    pat_init();
    struct pat_gammas *t = pat_gammas_parse(pat_playout_json, pat_playout_json_len,
                                            "built-in playout table", err, sizeof err);
    if (!t) {
        fprintf(stderr, "hane: broken built-in playout table: %s\n", err);
        abort();
    }
    playout_table = t;
}

const struct pat_gammas *playout_bt_default_gammas(void)
{
    pthread_once(&playout_once, load_playout_table);
    return playout_table;
}

double playout_bt_dist_factor(const struct playout_policy *pp, const struct board *b, point p)
{
    const struct playout_bt_state *st = pp->data;
    point last = b->last_move;
    if (last <= 0 || p <= 0)
        return 1.0;
    int dx = board_x(b, p) - board_x(b, last), dy = board_y(b, p) - board_y(b, last);
    for (int k = 0; k < st->n_near; k++)
        if (st->near_dx[k] == dx && st->near_dy[k] == dy)
            return 1.0 + st->near_extra[k];
    return 1.0;
}

long playout_bt_recomputed(const struct playout_policy *pp)
{
    return ((const struct playout_bt_state *)pp->data)->recomputed;
}
