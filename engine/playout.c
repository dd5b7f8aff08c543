/* playout — the playout loop and the light (uniformly random) policy. */
#include "engine/playout.h"

#include "engine/board/board_play.h"

#include <stddef.h>

/* Uniform choice among acceptable points without a candidate list: draw an
 * index among the open entries of the empty list (board.h: the settled
 * ones are unacceptable to both colours); if the point is unacceptable,
 * swap it to the end of the candidates and draw again among one fewer.
 * Every acceptable point is then equally likely, and the cost is one draw
 * per rejected point. The swaps only reorder the list. A rejected point
 * that is a real eye of either colour whose strings all have two or more
 * liberties is settled: moved to the settled part, where no draw finds it
 * until the board reopens it. */
static inline __attribute__((always_inline)) point light_pick(struct board *b, enum color c,
                                                              struct rng *r, bool seki_safe)
{
    /* Candidates are empty[lo..lo + n): the open points not yet rejected. */
    int lo = b->n_settled, n = b->n_empty - lo;
    while (n > 0) {
        int i = lo + (int)rng_below(r, (uint32_t)n);
        point p = b->empty[i];
        unsigned code = b->nbr3x3[p];
        /* An empty neighbour makes the move legal and rules out an eye (and
         * a ko point never has one): the common case, tested first. */
        if (board_code_has_empty(code)) {
            if (!seki_safe || !playout_wasted_self_atari(b, c, p, code)) return p;
        } else if ((int)!board_code_eyelike(code, c) & (int)!(p == b->ko && c == b->to_move)
                   & (int)board_legal_surrounded(b, c, p, code)
                   & (int)!(seki_safe && playout_wasted_self_atari(b, c, p, code))) {
            /* One branch on the whole verdict (bitwise &: each part is
             * cheap, and a branch per part mispredicts). */
            return p;
        }
        n--;
        /* Rejected. A safe eye (board.h) is settled: swapped to slot lo,
         * the candidates becoming empty[lo + 1..lo + 1 + n); any other
         * point to the end of the candidates. Without branches: whether
         * a point settles is a coin toss. */
        int s = b->geom->stride;
        unsigned settle = ((b->str[b->sid[p + s]].libs == 1) | (b->str[b->sid[p + 1]].libs == 1)
                           | (b->str[b->sid[p - s]].libs == 1) | (b->str[b->sid[p - 1]].libs == 1)) == 0;
        settle &= (unsigned)board_code_eyelike(code, BLACK) | (unsigned)board_code_eyelike(code, WHITE);
        int j = settle ? lo : lo + n;
        empty_swap(b, i, j);
        b->settled[p] = (uint8_t)settle;
        b->n_settled += (int)settle;
        lo += (int)settle;
    }
    return PASS;
}

static point light_choose(struct playout_policy *pp, struct board *b, enum color c,
                          struct rng *r)
{
    (void)pp;
    return light_pick(b, c, r, false);
}

static point seki_safe_choose(struct playout_policy *pp, struct board *b, enum color c,
                              struct rng *r)
{
    (void)pp;
    return light_pick(b, c, r, true);
}

/* Area score of a finished playout. After two passes no empty point has an
 * empty neighbour (either side could have played there: legal, not an
 * eye), so every empty region is one point owned by the colour around it and
 * no flood fill is needed; other positions (move cap) take the general way. */
static double playout_score(const struct board *b, double komi)
{
    int s = b->n_stones[BLACK] - b->n_stones[WHITE];
    for (int i = 0; i < b->n_empty; i++) {
        unsigned code = b->nbr3x3[b->empty[i]];
        if (board_code_has_empty(code)) {
            uint8_t owner[BOARD_MAX_POINTS];
            return board_area_owner_dead(b, NULL, komi, owner);
        }
        s += (int)board_code_surrounded(code, BLACK) - (int)board_code_surrounded(code, WHITE);
    }
    return s - komi;
}

struct playout_policy playout_light(void)
{
    struct playout_policy pp = { .name = "light", .choose = light_choose };
    return pp;
}

struct playout_policy playout_light_seki_safe(void)
{
    struct playout_policy pp = { .name = "light-seki-safe", .choose = seki_safe_choose };
    return pp;
}

/* One light move of the constant colour `c`, recorded while there is room
 * (rmax is 0 when nothing is recorded). */
static inline __attribute__((always_inline)) void light_move(struct board *b, enum color c,
                                                             struct rng *r,
                                                             struct playout_move *rm, int *rn,
                                                             int rmax)
{
    point p = light_pick(b, c, r, false);
    board_play_inline_(b, c, p);
    if (p != PASS && *rn < rmax) {
        rm[*rn].p = (uint16_t)p;
        rm[*rn].color = (uint8_t)c;
        (*rn)++;
    }
}

/* The light playout loop: the choice and the move inlined, no indirect
 * call or hook tests per move. Black's and White's moves are written out
 * separately, so that the colour is a constant in each (shifts by it, table
 * rows, the Zobrist column). Returns the number of moves recorded. */
static inline __attribute__((always_inline)) int light_loop(struct board *b, struct rng *r,
                                                            int max_moves,
                                                            struct playout_move *rm, int rmax)
{
    int m = 0, rn = 0;
    if (b->to_move == WHITE && m < max_moves && b->passes < 2) {
        light_move(b, WHITE, r, rm, &rn, rmax);
        m++;
    }
    while (m < max_moves && b->passes < 2) {
        light_move(b, BLACK, r, rm, &rn, rmax);
        if (++m >= max_moves || b->passes >= 2) break;
        light_move(b, WHITE, r, rm, &rn, rmax);
        m++;
    }
    return rn;
}

/* The two instances, as functions of their own (each gets its own register
 * allocation, which inlining both into playout_run spoilt). */
static __attribute__((noinline)) void light_loop_bare(struct board *b, struct rng *r,
                                                      int max_moves)
{
    light_loop(b, r, max_moves, NULL, 0);
}

static __attribute__((noinline)) int light_loop_rec(struct board *b, struct rng *r,
                                                    int max_moves, struct playout_move *rm,
                                                    int rmax)
{
    return light_loop(b, r, max_moves, rm, rmax);
}

double playout_run(struct board *b, struct playout_policy *pp, struct rng *r,
                   double komi, int max_moves, struct playout_record *rec)
{
    if (pp->begin) pp->begin(pp, b);
    struct playout_move *rm = rec ? rec->moves : NULL;
    int rn = 0, rmax = rm ? rec->max_moves : 0;
    enum color c = b->to_move;
    if (pp->choose == light_choose && !pp->played) {
        /* The light policy, the search's (which records the moves) and
         * the bare one, each with a loop of its own: the recording test
         * costs nothing where nothing is recorded. */
        if (rmax == 0)
            light_loop_bare(b, r, max_moves);
        else
            rn = light_loop_rec(b, r, max_moves, rm, rmax);
    } else {
        for (int m = 0; m < max_moves && b->passes < 2; m++) {
            point p = pp->choose(pp, b, c, r);
            board_play_known_legal(b, c, p);
            if (pp->played) pp->played(pp, b, c, p);
            if (p != PASS && rn < rmax) {
                rm[rn].p = (uint16_t)p;
                rm[rn].color = (uint8_t)c;
                rn++;
            }
            c = color_other(c);
        }
    }
    if (rec) rec->n_moves = rn;
    if (rec && rec->owner) return board_area_owner_dead(b, NULL, komi, rec->owner);
    return playout_score(b, komi);
}
