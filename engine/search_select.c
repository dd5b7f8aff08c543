/* search_select — the way down: expansion of leaves and the choice of a child
 * by (1 - beta) Q + beta Q_RAVE + C sqrt(ln n / n_j) + C_BT sqrt(K / (n + K)) P(m_j)
 * among the first T(n) children in prior order (progressive widening). */
#include "engine/search_internal.h"

#include <math.h>

#include "engine/playout_nakade.h"
#include "engine/search_prior.h"
#include "patterns/features.h"

/* 1/sqrt(k + 1) for small visit counts k, so the inner loop over children
 * has no sqrt; built once per process. The beta table of MC-RAVE (Gelly &
 * Silver 2011) depends
 * on rave_equiv and lives in the searcher (search_select_init). */
static double inv_sqrt_tab[SEARCH_SELECT_TAB];
/* sqrt(ln(n + 1)) for the parent's count n, by the same expression as the
 * fallback in sqrt_ln1, so either gives the same bits. */
static double sqrt_ln_tab[SEARCH_SELECT_TAB];
static pthread_once_t inv_sqrt_once = PTHREAD_ONCE_INIT;

static void inv_sqrt_build(void)
{
    for (int k = 0; k < SEARCH_SELECT_TAB; k++) {
        inv_sqrt_tab[k] = 1.0 / sqrt(k + 1.0);
        sqrt_ln_tab[k] = sqrt(log((double)k + 1.0));
    }
}

void search_select_init(struct search *s)
{
    pthread_once(&inv_sqrt_once, inv_sqrt_build);
    if (s->beta_equiv != s->p.rave_equiv) {
        double k = s->p.rave_equiv;
        for (int i = 0; i < SEARCH_SELECT_TAB; i++)
            s->beta_tab[i] = sqrt(k / (3.0 * i + k));
        s->beta_equiv = k;
    }
}

static inline double inv_sqrt1(uint32_t k)
{
    return k < SEARCH_SELECT_TAB ? inv_sqrt_tab[k] : 1.0 / sqrt(k + 1.0);
}

static inline double sqrt_ln1(uint32_t n)
{
    return n < SEARCH_SELECT_TAB ? sqrt_ln_tab[n] : sqrt(log((double)n + 1.0));
}

static inline double rave_beta(const struct search *s, uint32_t k)
{
    return k < SEARCH_SELECT_TAB ? s->beta_tab[k]
                                 : sqrt(s->beta_equiv / (3.0 * k + s->beta_equiv));
}

bool search_hist_has(const struct search_job *j, uint64_t h)
{
    if (!j->hist)
        return false;
    uint32_t i = (uint32_t)(h ^ (h >> 32)) & j->hist_mask;
    while (j->hist[i]) {
        if (j->hist[i] == h)
            return true;
        i = (i + 1) & j->hist_mask;
    }
    return false;
}

/* Is every point within Manhattan distance 2 of `p` empty (or off the board)? */
static bool empty_around(const struct board *b, point p)
{
    /* Within distance 2: the eight neighbours, whose stones the 3x3 code
     * shows (a field is a stone when its two bits differ), and the four
     * points two steps straight away. */
    unsigned code = b->nbr3x3[p];
    if ((code ^ (code >> 1)) & 0x5555)
        return false;
    int x = board_x(b, p), y = board_y(b, p), w = b->geom->stride;
    return (x < 2 || b->color[p - 2] == EMPTY) && (x > b->size - 3 || b->color[p + 2] == EMPTY) &&
           (y < 2 || b->color[p - 2 * w] == EMPTY) && (y > b->size - 3 || b->color[p + 2 * w] == EMPTY);
}

/* Tactical prior of a move, 0..255 for 0..1 (128 = no opinion), in the
 * spirit of Gelly & Silver's heuristic MC-RAVE: captures and escapes from
 * atari look good, and so does an atari; self-atari looks bad (a lone stone
 * less so: it may be a throw-in) unless it is a snapback, which captures as
 * surely as a capture; and so does the first line far from every stone. It
 * acts as `prior_visits` virtual playouts at that value, in Q and in
 * Q_RAVE, so it steers only until real results accumulate. */
static uint8_t move_hint(const struct board *b, enum color c, point p)
{
    enum color o = color_other(c);
    bool escape = false, atari = false, joins = false, captures = false, stones = false;
    int empties = 0;
    for (int i = 0; i < 4; i++) {
        point q = p + b->geom->offs[i];
        if (b->color[q] == EMPTY) {
            empties++;
        } else if (b->color[q] == c) {
            joins = stones = true;
            if (b->str[b->sid[q]].libs == 1)
                escape = true;
        } else if (b->color[q] == o) {
            stones = true;
            uint32_t libs = b->str[b->sid[q]].libs;
            captures |= libs == 1;
            atari |= libs == 2;
        }
    }
    /* The neighbours already tell whether anything is captured, and a stone
     * with two empty neighbours keeps two liberties: the board's general
     * tests run only where they can change the answer. */
    if (captures) {
        int cap = board_capture_count(b, c, p);
        return cap >= 2 || escape ? 235 : 210;
    }
    if (empties < 2 && board_is_self_atari(b, c, p))
        return joins ? 30 : board_snapback_size(b, c, p) > 0 ? 235 : 80;
    if (escape)
        return 200;
    if (atari)
        return 165;
    int x = board_x(b, p), y = board_y(b, p);
    if (!stones && (x == 0 || y == 0 || x == b->size - 1 || y == b->size - 1) &&
        empty_around(b, p))
        return 70;
    return 128;
}

/* Does `c` at `p` extend a string of its own out of atari into a ladder
 * that captures it? Only an extension is read (the ladder reader copies
 * boards): a point next to an own string in atari that captures nothing. */
static bool escape_into_ladder(const struct board *b, enum color c, point p)
{
    bool escape = false;
    for (int i = 0; i < 4; i++) {
        point q = p + b->geom->offs[i];
        if (b->color[q] == c && b->str[b->sid[q]].libs == 1)
            escape = true;
        else if (b->color[q] == color_other(c) && b->str[b->sid[q]].libs == 1)
            return false;
    }
    return escape && pat_ladder_escape_fails(b, c, p);
}

/* Does a move at `p` touch a string (of either colour) with at most
 * `max_libs` liberties? */
static bool touches_short_string(const struct board *b, point p, int max_libs)
{
    for (int i = 0; i < 4; i++) {
        point q = p + b->geom->offs[i];
        if ((b->color[q] == BLACK || b->color[q] == WHITE) && b->str[b->sid[q]].libs <= max_libs)
            return true;
    }
    return false;
}

/* Progressive widening ranks moves by the pattern model, which learnt from
 * professional games how likely a move is, not how urgent: the move that
 * turns a 19x19 game may rank far down, where mu 1.8 would need more visits
 * than any search has to let it in, and such a move most often stands on a
 * liberty of a string with two liberties (tools/match/blindspots.sh finds
 * them in a game record). With `pw_libs`, the children of a
 * freshly expanded node that touch a string with at most that many
 * liberties are let in past the window for good (the flags pw_rave uses);
 * UCB and RAVE then decide whether they deserve visits. The flags are set
 * just after the children are published, so another thread may select once
 * without them: harmless.
 *
 * The blind spots pw_libs leaves are eye spaces, where the placement that
 * kills (or the move that lives) ranks low: `pw_eyes` lets in the moves of
 * every empty region of at most that many points bordered by one colour.
 * `pw_nakade` lets in only the vital point of such a region of a killable
 * shape (playout_nakade.h): where small regions are many, as on 9x9,
 * pw_eyes would let in every point of each. */
static void let_in_urgent(struct search *s, struct tree_node *n, const struct board *b)
{
    uint8_t eye[BOARD_MAX_POINTS];
    int max_libs = s->job.pw_libs, max_eye = s->p.pw_eyes;
    bool nakade = s->p.pw_nakade;
    if (max_eye > 0)
        board_eye_spaces(b, max_eye, eye);
    struct tree_node *ch = tree_node_at(&s->tree, n->first);
    bool any = false;
    for (int i = 1; i < n->n_children; i++) {   /* the first is always in the window */
        point m = tree_move(&ch[i]);
        if (m == PASS)
            continue;
        if ((max_libs > 0 && touches_short_string(b, m, max_libs)) ||
            (max_eye > 0 && eye[m] != EMPTY) || (nakade && playout_nakade_is_vital(b, m))) {
            atomic_fetch_or_explicit(&ch[i].pw, TREE_PW_IN, memory_order_relaxed);
            any = true;
        }
    }
    if (any)
        atomic_fetch_or_explicit(&n->pw, TREE_PW_SOME, memory_order_relaxed);
}

bool search_expand(struct search *s, struct tree_node *n, const struct board *b, enum color c,
                   bool at_root)
{
    point moves[BOARD_MAX_POINTS + 1];
    uint8_t hints[BOARD_MAX_POINTS + 1];
    bool want_hints = s->p.prior_visits > 0;
    /* The ownership search's tree plays by its playouts' rule, the same
     * test (playout_wasted_self_atari): a move it explored that gives away
     * a seki would count as often as the playouts that keep it. */
    bool seki_safe = s->job.light_playouts;
    int k = 0;
    /* Own eyes are never filled in the tree either: the playouts cannot tell
     * such moves apart, and leaving them out keeps the tree narrow and lets
     * a finished game reach "pass is the only move". */
    for (int i = 0; i < b->n_empty; i++) {
        point p = b->empty[i];
        if (!search_candidate(b, c, p))
            continue;
        if (at_root && s->job.root_forbidden[p])
            continue;
        if (seki_safe && playout_wasted_self_atari(b, c, p, b->nbr3x3[p]))
            continue;
        /* The playouts do not read ladders (the chaser's next atari is one
         * draw among the whole board's), so the chased string lives in many
         * of them and such an escape looks good there; progressive widening,
         * the short-string rule and AMAF unpruning would all let it in
         * (docs/notes/against-pachi.md, game r1 on 19x19). */
        if (s->p.tree_ladder && escape_into_ladder(b, c, p))
            continue;
        if (want_hints)
            hints[k] = move_hint(b, c, p);
        moves[k++] = p;
    }
    hints[k] = 64;   /* a pass is rarely right while the tree still grows */
    moves[k++] = PASS;
    /* The knowledge terms need P(m) per child, and progressive widening the
     * children in prior order: both come from one pass of the full features. */
    if (params_knowledge(&s->p)) {
        float priors[BOARD_MAX_POINTS + 1];
        /* Another thread got here first: skip the features, which cost
         * more than a lost race. */
        if (atomic_load_explicit(&n->state, memory_order_relaxed) != TREE_UNEXPANDED)
            return false;
        /* The pass comes last, with no prior, whatever the table says of
         * it. A table whose pass is fitted to where players pass ranks it
         * among the first moves of an endgame with points left, where its
         * bias and an early place in the window only cost visits; the
         * search finds a right pass by its value, as it did when the tables
         * gave the pass almost nothing. */
        search_prior_rank(&s->prior, b, c, moves, priors, want_hints ? hints : NULL, k - 1);
        priors[k - 1] = k == 1 ? 1.0f : 0.0f;
        if (!tree_expand(&s->tree, n, moves, priors, want_hints ? hints : NULL, k))
            return false;
        if ((s->job.pw_libs > 0 || s->p.pw_eyes > 0 || s->p.pw_nakade) && s->p.pw_mu > 1.0)
            let_in_urgent(s, n, b);
        return true;
    }
    return tree_expand(&s->tree, n, moves, NULL, want_hints ? hints : NULL, k);
}

/* The loop of select_child over the children ch[0, nc). Inlined with
 * constant `rave`, `hints` and `know` for the default (MC-RAVE, no hints, no
 * knowledge), so that the common case tests none of them per child. `forbid`
 * is the root's mask of forbidden moves (superko, restricted_genmove), or
 * NULL below the root. With `know`, only the first `width` children (in
 * prior order) that are not forbidden compete, each with `bias` times its
 * prior added: a forbidden child takes no place in the window, so a
 * restriction to a few low-prior moves still searches the best of them.
 * With `extra`, children past the window that let_in_by_amaf or
 * let_in_urgent flagged compete too. */
static inline __attribute__((always_inline)) struct tree_node *
select_loop(const struct search *s, struct tree_node *ch, int nc, const uint8_t *forbid,
            double sq_ln, int rave, bool hints, bool know, int width, double bias, bool extra,
            double wins)
{
    double fpu = s->p.fpu;
    double n0 = s->p.prior_visits;
    struct tree_node *best = NULL;
    double best_v = -1e300;
    int in_window = 0;
    for (int i = 0; i < nc; i++) {
        struct tree_node *c = &ch[i];
        if (forbid && forbid[c->move])
            continue;
        if (know && in_window++ >= width) {
            /* Past the window only the children let in (by their AMAF
             * value or a short string) compete, and only when the node has
             * any (`extra`). */
            if (!extra)
                break;
            if (!(atomic_load_explicit(&c->pw, memory_order_relaxed) & TREE_PW_IN))
                continue;
        }
        uint64_t st = tree_stats(c);
        uint32_t nj = tree_count(st);
        /* Prior knowledge as virtual playouts (vn of them, worth vw wins):
         * the hint, n0 playouts at its value, and the pattern prior
         * (pattern_wins), wins * sqrt(P) playouts won. */
        double vn = 0, vw = 0;
        if (hints) {
            vn = n0;
            vw = c->hint * (n0 / 255.0);
        }
        if (wins > 0) {
            double e = wins * sqrt(c->prior);
            vn += e;
            vw += e;
        }
        double q = nj + vn > 0 ? (tree_sum(st) * 0.5 + vw) / (nj + vn) : fpu;
        double v;
        uint64_t am = rave ? tree_amaf(c) : 0;
        uint32_t an = tree_count(am);
        if (an) {
            /* The prior counts in Q_RAVE too: beta is near 1 for a move with
             * few visits, so a prior in Q alone would be unseen. */
            double qr = (tree_sum(am) * 0.5 + vw) / (an + vn);
            /* rave_beta(s, 0) is 1 (sqrt(k / k)), the value an unvisited
             * child takes in the blend. */
            double beta = rave == 2 ? 1.0 : rave_beta(s, nj);
            v = (1.0 - beta) * q + beta * qr;
        } else {
            /* No AMAF data (never for a pass): the plain estimate. */
            v = q;
        }
        v += sq_ln * inv_sqrt1(nj);
        if (know)
            v += bias * c->prior;
        if (v > best_v) {
            best_v = v;
            best = c;
        }
    }
    return best;
}

/* Progressive widening lets moves in by prior alone, and on 19x19 the move
 * that decides a fight (a liberty in a semeai, an atari on the edge) may
 * rank 30th, out of reach for millions of visits. Its AMAF value gives it
 * away: far above that of every move in the window. Every PW_RAVE_EVERY
 * visits of a node, a child past the window whose AMAF win rate (over
 * PW_RAVE_MIN samples at least) beats the best one inside by `margin` is
 * let in for good. The flags only ever get set, so threads racing here
 * agree. */
#define PW_RAVE_EVERY 64
#define PW_RAVE_MIN 32

/* A child's AMAF win rate, or -1 under PW_RAVE_MIN samples. */
static double amaf_rate(const struct tree_node *c)
{
    uint64_t am = tree_amaf(c);
    uint32_t an = tree_count(am);
    return an >= PW_RAVE_MIN ? tree_sum(am) / (2.0 * an) : -1;
}

static void let_in_by_amaf(struct tree_node *n, struct tree_node *ch, int nc, int width,
                           double margin)
{
    double best = -1;
    for (int i = 0; i < width; i++)
        best = fmax(best, amaf_rate(&ch[i]));
    if (best < 0)
        return;
    bool any = false;
    for (int i = width; i < nc; i++)
        if (amaf_rate(&ch[i]) > best + margin) {
            atomic_fetch_or_explicit(&ch[i].pw, TREE_PW_IN, memory_order_relaxed);
            any = true;
        }
    if (any)
        atomic_fetch_or_explicit(&n->pw, TREE_PW_SOME, memory_order_relaxed);
}

/* The child of `n` to descend into; `own_pending` visits of this worker not
 * yet in `n`'s count are added to it. `depth` 0 is the root, where moves that
 * positional superko forbids are skipped. With knowledge on (search_prior.h),
 * only the first T(n) children in prior order are candidates, and each gets
 * the bias C_BT sqrt(K / (n + K)) P(m_j) on top of its value. */
static struct tree_node *select_child(struct search *s, struct tree_node *n, int depth,
                                      uint32_t own_pending)
{
    const struct params *p = &s->p;
    uint32_t visits = tree_visits(n) + own_pending;
    double sq_ln = p->uct_c * sqrt_ln1(visits);
    struct tree_node *ch = tree_node_at(&s->tree, n->first);
    int nc = n->n_children;
    const uint8_t *forbid = depth == 0 ? s->job.root_forbidden : NULL;
    bool hints = p->prior_visits > 0;
    if (params_knowledge(p)) {
        int width = search_pw_width(p->pw_mu, visits, nc);
        if (p->pw_rave > 0 && p->rave && width < nc && visits % PW_RAVE_EVERY == 0)
            let_in_by_amaf(n, ch, nc, width, p->pw_rave);
        /* Not the flag alone: a reused tree keeps flags set under other
         * parameters, and `hane-param pw_libs 0` (or pw_eyes) must take effect at once. */
        bool extra = (p->pw_rave > 0 || s->job.pw_libs > 0 || p->pw_eyes > 0 || p->pw_nakade) &&
                     (atomic_load_explicit(&n->pw, memory_order_relaxed) & TREE_PW_SOME);
        return select_loop(s, ch, nc, forbid, sq_ln, p->rave, hints, true, width,
                           search_bias_coef(p->bt_c, p->bt_k, visits), extra, p->pattern_wins);
    }
    /* The default modes with constants, so their loops test no mode per child. */
    if (p->rave == 1 && !hints)
        return select_loop(s, ch, nc, forbid, sq_ln, 1, false, false, nc, 0, false, 0);
    if (p->rave == 1 && hints)
        return select_loop(s, ch, nc, forbid, sq_ln, 1, true, false, nc, 0, false, 0);
    return select_loop(s, ch, nc, forbid, sq_ln, p->rave, hints, false, nc, 0, false, 0);
}

int search_descend(struct search_thread *t, int *forced_result)
{
    struct search *s = t->s;
    struct search_job *j = &s->job;
    struct board *b = &t->board;
    int vl = s->job.virtual_loss;
    board_copy(b, &s->root_board);
    struct tree_node *node = tree_root(&s->tree);
    enum color c = j->to_move;
    int depth = 0;
    *forced_result = -1;
    t->path[0] = node;
    /* With several threads, the root's count is not touched on the way down
     * and its results are added every few playouts (search_backup.c): every
     * playout of every thread passes the root, so its cache line would move
     * between the cores twice a playout, and a virtual loss there steers
     * nothing (nobody compares the root with a sibling). The worker's own
     * pending playouts still count in its view of the root's visits. A
     * single thread updates the root as every other node. */
    bool root_buf = search_root_buffered(s);
    uint32_t own = 0, prev = 0;
    if (root_buf)
        own = tree_count(t->root_pend);
    else
        prev = tree_descend(node, vl);
    while (depth < SEARCH_MAX_DEPTH) {
        if (!tree_is_expanded(node)) {
            if (depth > 0 && prev < j->expand_at)
                break;
            search_expand(s, node, b, c, depth == 0);
            if (!tree_is_expanded(node))
                break;  /* another thread is expanding it, or the pool is full */
        }
        struct tree_node *child = select_child(s, node, depth, depth == 0 ? own : 0);
        if (!child)
            break;
        prev = tree_descend(child, vl);
        point m = tree_move(child);
        board_play_known_legal(b, c, m);
        t->path[++depth] = child;
        t->seq[depth - 1].p = (uint16_t)(m == PASS ? 0 : m);
        t->seq[depth - 1].color = (uint8_t)c;
        t->hash_path[depth] = b->hash;
        if (m != PASS && depth >= 2) {
            /* Positional superko below the root: a repetition loses for its player. */
            bool rep = search_hist_has(j, b->hash);
            for (int d = 1; d < depth && !rep; d++)
                rep = t->hash_path[d] == b->hash;
            if (rep) {
                *forced_result = c == BLACK ? 0 : 2;
                return depth;
            }
        }
        c = color_other(c);
        node = child;
        if (b->passes >= 2)
            break;
    }
    return depth;
}
