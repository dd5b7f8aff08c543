/* search_decide — from a finished search to a move: most visits with a
 * win-rate check, resignation, and when passing is safe. */
#include "engine/search_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct tree_node *search_best_child(struct search *s, struct tree_node **second)
{
    struct tree_node *root = tree_root(&s->tree);
    struct tree_node *best = NULL, *sec = NULL;
    if (tree_is_expanded(root)) {
        struct tree_node *ch = tree_node_at(&s->tree, root->first);
        for (int i = 0; i < root->n_children; i++) {
            struct tree_node *c = &ch[i];
            if (s->job.root_forbidden[c->move])
                continue;
            uint32_t v = tree_visits(c);
            if (!best || v > tree_visits(best)) {
                sec = best;
                best = c;
            } else if (!sec || v > tree_visits(sec)) {
                sec = c;
            }
        }
    }
    if (second)
        *second = sec;
    return best;
}

/* The most visited child that satisfies `ok`, or NULL. */
static struct tree_node *best_where(struct search *s, bool (*ok)(struct search *, point))
{
    struct tree_node *root = tree_root(&s->tree), *best = NULL;
    if (!tree_is_expanded(root))
        return NULL;
    struct tree_node *ch = tree_node_at(&s->tree, root->first);
    for (int i = 0; i < root->n_children; i++) {
        struct tree_node *c = &ch[i];
        if (s->job.root_forbidden[c->move] || !ok(s, tree_move(c)))
            continue;
        if (!best || tree_visits(c) > tree_visits(best))
            best = c;
    }
    return best;
}

/* Dead stones of the last search's ownership, into `dead`; how many of colour `c`. */
static int dead_of(struct search *s, const struct board *b, uint8_t *dead, enum color c)
{
    float own[BOARD_MAX_POINTS];
    memset(dead, 0, BOARD_MAX_POINTS);
    if (search_own_merge(s, own) == 0)
        return 0;
    int n = 0;
    for (int p = 0; p < b->geom->points; p++) {
        if (b->color[p] != BLACK && b->color[p] != WHITE)
            continue;
        if (search_own_dead(s, b->color[p], own[p])) {
            dead[p] = 1;
            if (b->color[p] == c)
                n++;
        }
    }
    return n;
}

/* A move the search may end on: anything but a self-atari of six or more
 * stones that captures nothing (the playouts' own rule), which gives them
 * away. When every move loses (or wins) alike the playouts cannot tell such
 * a move from the others, and the knowledge bias, whose pattern model likes
 * the atari it makes, sends it the visits: in a seki, that fills a shared
 * liberty (regress/gtp/genmove.tst cases 971 and 980). The pass, always a
 * child of the root, qualifies, so the search always has such a move. */
static bool keeps_its_stones(struct search *s, point m)
{
    return m == PASS || !board_is_big_self_atari(&s->root_board, s->job.to_move, m,
                                                 PLAYOUT_SEKI_MIN_STONES);
}

/* A move to play instead of a pass (kgs-genmove_cleanup's, or when passing
 * would lose). Taking dead stones off never needs a big self-atari, and in
 * a seki it gives the group away: playouts that break seki (playout=light)
 * call the seki's stones dead, and cleanup would fill a shared liberty to
 * take them. */
static bool instead_of_pass(struct search *s, point m)
{
    return m != PASS && keeps_its_stones(s, m);
}

/* kgs-genmove_cleanup: a move next to a dead enemy stone (it helps capture). */
static bool next_to_dead(struct search *s, point m)
{
    if (!instead_of_pass(s, m))
        return false;
    const struct board *b = &s->root_board;
    for (int i = 0; i < 4; i++) {
        point q = m + b->geom->offs[i];
        if (s->cleanup_dead[q] && b->color[q] == color_other(s->job.to_move))
            return true;
    }
    return false;
}

/* Is there a legal move for the side to move on a point whose owner the
 * playouts have not settled? */
static bool useful_move_left(struct search *s)
{
    float own[BOARD_MAX_POINTS];
    if (search_own_merge(s, own) < 100)
        return true;                    /* too few playouts to judge */
    const struct board *b = &s->root_board;
    enum color c = s->job.to_move;
    for (int i = 0; i < b->n_empty; i++) {
        point p = b->empty[i];
        if (s->job.root_forbidden[p] || board_is_eyelike(b, c, p) || !board_is_legal(b, c, p))
            continue;
        if (fabsf(own[p]) < 0.9f)
            return true;
    }
    return false;
}

/* Before passing, strings in atari are settled on the board rather than
 * left to the count. Scoring is by area, so a move inside one's own area
 * costs nothing:
 *  - an opponent string in atari that the count calls dead is dead only
 *    because the playouts, where we move first, take it; after our pass the
 *    opponent moves first and may connect (regress/gtp/genmove.tst cases
 *    450 and 530). We take it. One the playouts leave alone (a snapback,
 *    say) is left alone.
 *  - a string of ours in atari that the count calls alive hands the
 *    opponent a free capture once we pass (a lone stone beside our wall,
 *    which can turn the result: case 420). We fill its last liberty. One
 *    the count calls dead is already counted lost.
 * Returns the last liberty of the first string of colour `owner` in atari
 * whose deadness is `want_dead`, if the move there is legal and not a
 * self-atari (a capture never is one); PASS if there is none. */
static point atari_lib_move(struct search *s, const uint8_t *dead, enum color owner, bool want_dead)
{
    const struct board *b = &s->root_board;
    enum color c = s->job.to_move;
    for (int p = 0; p < b->geom->points; p++) {
        if (b->color[p] != owner || b->str[b->sid[p]].libs != 1 ||
            (dead[p] != 0) != want_dead)
            continue;
        point lib = board_atari_lib(b, p);
        if (s->job.root_forbidden[lib] || !board_is_legal(b, c, lib) ||
            board_is_self_atari(b, c, lib))
            continue;
        return lib;
    }
    return PASS;
}

/* Pass, unless a string in atari should be settled first (atari_lib_move):
 * a dead one of the opponent's taken, then one of ours saved. */
static void pass_or_mend(struct search *s, struct search_result *res, const uint8_t *dead)
{
    enum color c = s->job.to_move;
    point m = atari_lib_move(s, dead, color_other(c), true);
    if (m == PASS)
        m = atari_lib_move(s, dead, c, false);
    res->move = m;
    if (m != PASS) {
        struct tree_node *n = tree_child(&s->tree, tree_root(&s->tree), m);
        if (n)
            res->winrate = tree_winrate(n, res->winrate);
    }
}

/* "Settled" is measured in playouts where we move first, so a point that
 * matters looks settled when we always take it: the count wins, every point
 * looks settled, and a pass lets the opponent play there and turn the game,
 * while the search had nearly all its visits on that move. Below the root's
 * pass child the opponent moves first, so a pass is as good only if that
 * child was searched enough (PASS_CHECK_VISITS) and is within
 * PASS_CHECK_MARGIN of the chosen move. Otherwise we play on; the game
 * still ends when the opponent passes (the first rule) or the search
 * itself prefers passing. */
#define PASS_CHECK_VISITS 16
#define PASS_CHECK_MARGIN 0.05
static bool pass_is_as_good(struct search *s, const struct search_result *res)
{
    struct tree_node *p = tree_child(&s->tree, tree_root(&s->tree), PASS);
    return p && tree_visits(p) >= PASS_CHECK_VISITS &&
           tree_winrate(p, 0) >= res->winrate - PASS_CHECK_MARGIN;
}

struct search_result search_decide(struct search *s, const struct game *g)
{
    struct search_result res = {PASS, 0.5, 0, 0};
    struct search_job *j = &s->job;
    enum color c = j->to_move, opp = color_other(c);
    const struct board *b = &s->root_board;
    struct tree_node *second;
    struct tree_node *best = search_best_child(s, &second);
    if (!best)
        return res;
    /* Win-rate check: a close second by visits that is clearly better by
     * win rate is the better move (the search just ran out of time on it).
     * How close is overturn_share: with the knowledge bias on, the bias itself
     * sends visits to the moves it likes, so the visits weigh more and only a
     * near tie should be overturned (Ikeda & Viennot 2013). */
    if (second &&
        (double)tree_visits(second) >= s->p.overturn_share * tree_visits(best) &&
        tree_winrate(second, 0) > tree_winrate(best, 0) + 0.03)
        best = second;
    if (!keeps_its_stones(s, tree_move(best))) {
        struct tree_node *k = best_where(s, keeps_its_stones);
        if (k)
            best = k;
    }
    res.move = tree_move(best);
    res.winrate = tree_winrate(best, 0.5);
    int64_t done = atomic_load(&j->playouts);
    /* A move restricted to given points (restricted_genmove) is the best
     * of them, never a resignation; it passes only when none of them can
     * be played (best is then NULL, above). */
    if (j->restricted)
        return res;

    if (!j->no_resign && s->p.resign > 0 && done >= s->p.resign_playouts &&
        res.winrate < s->p.resign) {
        res.move = RESIGN;
        return res;
    }
    uint8_t dead[BOARD_MAX_POINTS];
    struct tree_node *np = best_where(s, instead_of_pass);
    if (j->cleanup) {
        /* Never pass while the opponent has dead stones on the board: take
         * them off, preferring moves next to them. */
        int n_dead = dead_of(s, b, s->cleanup_dead, opp);
        if (n_dead > 0 && (res.move == PASS || !next_to_dead(s, res.move))) {
            struct tree_node *k = best_where(s, next_to_dead);
            if (!k)
                k = np;
            if (k) {
                res.move = tree_move(k);
                res.winrate = tree_winrate(k, 0.5);
            }
        }
        return res;
    }
    /* The opponent passed: if the count with dead stones removed wins, pass
     * and end the game. */
    if (g->n_moves > 0 && g->moves[g->n_moves - 1].p == PASS &&
        g->moves[g->n_moves - 1].color == opp) {
        dead_of(s, b, dead, EMPTY);
        double score = game_score(g, dead);
        if ((c == BLACK && score > 0) || (c == WHITE && score < 0)) {
            pass_or_mend(s, &res, dead);
            return res;
        }
    }
    /* Nothing useful left: every point we could play is settled (owned by
     * one side in nearly all playouts), and the count wins. Passing now
     * saves the filling of our own territory that light playouts would do. */
    if (res.move != PASS && res.winrate >= 0.5 && !useful_move_left(s) &&
        pass_is_as_good(s, &res)) {
        dead_of(s, b, dead, EMPTY);
        double score = game_score(g, dead);
        if ((c == BLACK && score > 0) || (c == WHITE && score < 0)) {
            pass_or_mend(s, &res, dead);
            return res;
        }
    }
    /* Passing is for the two cases above. A pass that merely collected the
     * most visits (few playouts, or a lopsided count) gives the game away
     * while useful moves remain, and never passes while losing. */
    if (res.move == PASS && np && (res.winrate < 0.5 || useful_move_left(s))) {
        res.move = tree_move(np);
        res.winrate = tree_winrate(np, 0.5);
    }
    return res;
}
