/* search_threads — the workers: the playout loop, the helper pthreads, and
 * the controls worker 0 runs between playouts (time, early stop, reports). */
#include "engine/search_cluster.h"
#include "engine/search_internal.h"

#include <math.h>
#include <string.h>

static inline void count_add(_Atomic uint32_t *x, uint32_t v)
{
    atomic_store_explicit(x, atomic_load_explicit(x, memory_order_relaxed) + v,
                          memory_order_relaxed);
}

/* Pending ownership counts are added to the shared counters every this many
 * playouts of a worker (and when it stops): they fit in 16 bits, and a
 * report's ownership map is at most this many playouts behind per worker. */
#define OWN_FLUSH 256

/* Adds the worker's pending ownership counts to its counters (the worker is
 * their only writer: a relaxed load and store, no locked add) and clears them. */
static void flush_ownership(struct search_thread *t)
{
    if (!t->own_pend_n)
        return;
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        uint32_t bw = t->own_pend[p];
        if (bw) {
            count_add(&t->own_black[p], bw & 0xffff);
            count_add(&t->own_white[p], bw >> 16);
        }
    }
    memset(t->own_pend, 0, sizeof t->own_pend);
    count_add(&t->own_n, t->own_pend_n);
    atomic_store_explicit(&t->score_sum2,
                          atomic_load_explicit(&t->score_sum2, memory_order_relaxed) +
                              t->own_pend_score2,
                          memory_order_relaxed);
    t->own_pend_n = 0;
    t->own_pend_score2 = 0;
}

/* The owner of a point at the end of a finished playout as a pending-count
 * increment (1 for Black, 1 << 16 for White), by the point's colour and the
 * orthogonal half (low 8 bits) of its 3x3 code: a stone owns its point; an
 * empty point belongs to the colour on all four sides (border aside) and to
 * nobody otherwise. One table load per point replaces two compares and
 * two adds. */
static uint32_t own_inc[4][256];
static pthread_once_t own_inc_once = PTHREAD_ONCE_INIT;

static void own_inc_build(void)
{
    for (unsigned code = 0; code < 256; code++) {
        own_inc[EMPTY][code] = board_code_surrounded(code, BLACK)   ? 1u
                               : board_code_surrounded(code, WHITE) ? 1u << 16
                                                                    : 0;
        own_inc[BLACK][code] = 1;
        own_inc[WHITE][code] = 1u << 16;
        own_inc[OFFBOARD][code] = 0;
    }
}

/* Adds the final owners of this playout (board `b`, finished or stopped by
 * the move cap) and its score to the worker's pending counts.
 *
 * A playout that ended by two passes has no empty point with an empty
 * neighbour (either side could still have played there), so every empty
 * region is one point, owned by the colour all around it (dame if both):
 * its 3x3 code answers, and no flood fill is needed. The rare position
 * stopped by the move cap takes the general area count. The counting is
 * branch-free: a branch on the owner would be mispredicted about half the
 * time, at every point of every playout. */
static void record_ownership(struct search_thread *t, const struct board *b, double score)
{
    int np = b->geom->points;
    bool simple = true;
    for (int i = 0; i < b->n_empty && simple; i++)
        simple = !board_code_has_empty(b->nbr3x3[b->empty[i]]);
    if (simple) {
        for (int p = 0; p < np; p++)
            t->own_pend[p] += own_inc[b->color[p] & 3][b->nbr3x3[p] & 0xff];
    } else {
        board_area_owner_dead(b, NULL, 0, t->owner);
        for (int p = 0; p < np; p++)
            t->own_pend[p] += (t->owner[p] == BLACK) | (uint32_t)(t->owner[p] == WHITE) << 16;
    }
    t->own_pend_score2 += (int64_t)llround(2 * score);
    if (++t->own_pend_n >= OWN_FLUSH)
        flush_ownership(t);
}

/* A playout's result for Black in half points: 2 a win, 1 jigo, 0 a loss.
 *
 * With weight w > 0 (score_weight) the value also grows with the margin,
 * v = (1 - w) * win + w * (1 + tanh(score / scale)) / 2, so that among
 * moves that all win (or all lose) the search prefers the ones that keep
 * more points: an engine that only counts wins gives a lead away a few
 * points at a time while its playouts still call the game won, and then
 * has no cushion when they turn out wrong about a big group. 2v is rounded
 * to a whole half point at random, up with the probability of its fraction:
 * the tree's sums stay integers and only their means carry the margin. */
uint32_t search_result_half(double w, double scale, struct rng *r, double score)
{
    uint32_t half = score > 0 ? 2 : score < 0 ? 0 : 1;
    if (w <= 0)
        return half;
    double v2 = (1 - w) * half + w * (1 + tanh(score / scale));
    if (v2 >= 2)          /* rounding may pass the top by an ulp */
        return 2;
    uint32_t whole = v2 > 0 ? (uint32_t)v2 : 0;
    return whole + (rng_double(r) < v2 - whole);
}

/* One iteration: descend, play out, back up. */
static void one_playout(struct search_thread *t)
{
    struct search *s = t->s;
    int forced;
    int depth = search_descend(t, &forced);
    uint32_t black_half;
    int n_seq = depth;
    if (forced >= 0) {
        black_half = (uint32_t)forced;
    } else {
        /* A path that ended the game by two passes says nothing about who
         * owns what if play went on (dead stones would count as alive). */
        bool ended = t->board.passes >= 2;
        if (ended && s->job.light_playouts) {
            /* The ownership search asks just that (own_search): play goes
             * on. Left out, its counts would come only from the paths where
             * someone played; in a seki, only from those where a side
             * filled a shared liberty and lost its stones. */
            t->board.passes = 0;
            ended = false;
        }
        /* No owner array asked of the playout: record_ownership reads the
         * final board itself, faster than the general area count. */
        struct playout_record rec = {
            .moves = t->seq + depth,
            .max_moves = t->seq_cap - depth,
            .owner = NULL,
        };
        struct playout_policy *pp = s->job.light_playouts ? &t->light : &t->policy;
        double score = playout_run(&t->board, pp, &t->rng, s->job.komi,
                                   playout_default_cap(s->job.size), &rec);
        n_seq = depth + rec.n_moves;
        black_half = search_result_half(s->job.score_weight, s->job.score_scale, &t->rng, score);
        if (!ended)
            record_ownership(t, &t->board, score);
    }
    search_backup(t, depth, n_seq, black_half);
}

/* Should a search with a budget stop now? Called by worker 0 only. */
static bool time_to_stop(struct search *s, int64_t done)
{
    struct search_job *j = &s->job;
    if (atomic_load_explicit(&j->interrupt, memory_order_relaxed))
        return true;                                /* search_interrupt */
    if (j->endless || (j->max_playouts <= 0 && j->hard <= 0))
        return false;                               /* analysis, ponder: until told */
    double el = search_now() - j->t0;
    if (j->hard > 0 && el >= j->hard)
        return true;
    struct tree_node *second = NULL;
    struct tree_node *best = search_best_child(s, &second);
    if (!best)
        return false;
    uint32_t bv = tree_visits(best), sv = second ? tree_visits(second) : 0;
    if (!second && done >= 256)
        return true;                                /* a single move: nothing to think about */
    /* The playouts still to come at the current rate: if they cannot lift the
     * second move past the first, the answer is settled. */
    double left = INFINITY;
    if (j->max_playouts > 0)
        left = (double)(j->max_playouts - done);
    if (j->soft > 0 && el > 0.05) {
        double rate = done / el;
        left = fmin(left, rate * (j->soft - el));
    }
    if (j->early_stop && done >= 100 && (double)bv - sv > left)
        return true;
    if (j->soft > 0 && el >= j->soft) {
        /* Past the aim: go on towards the hard limit only while the most
         * visited move is not also the best by win rate. */
        double bw = tree_winrate(best, 0), sw = second ? tree_winrate(second, 0) : 0;
        return !(second && sw > bw + 0.02 && sv * 2 > bv);
    }
    return false;
}

/* Playouts a worker runs between two additions to the shared count, and the
 * share of a playout budget it claims at a time. The count is one cache line
 * that every worker writes; bumped after every playout, it would move between
 * the cores all the time. Worker 0's checks (time, reports) come every 16
 * of its playouts, right after an addition, so with one thread they see
 * the exact count. */
#define COUNT_CHUNK 16

/* Up to COUNT_CHUNK playouts of the budget for this worker; 0 when the
 * workers together have claimed it all (the budget is never overrun). */
static int64_t claim_playouts(struct search_job *j)
{
    int64_t old = atomic_fetch_add_explicit(&j->claimed, COUNT_CHUNK, memory_order_relaxed);
    int64_t left = j->max_playouts - old;
    return left <= 0 ? 0 : left < COUNT_CHUNK ? left : COUNT_CHUNK;
}

static void worker(struct search_thread *t)
{
    struct search *s = t->s;
    struct search_job *j = &s->job;
    unsigned k = 0;
    bool budget = j->max_playouts > 0;
    int64_t claimed = 0, pending = 0, done = 0;
    pthread_once(&own_inc_once, own_inc_build);
    search_amaf_begin(t);
    t->root_pend = 0;
    while (!atomic_load_explicit(&j->stop, memory_order_relaxed)) {
        if (budget && claimed == 0 && (claimed = claim_playouts(j)) == 0) {
            atomic_store(&j->stop, true);
            break;
        }
        one_playout(t);
        claimed--;
        if (++pending == COUNT_CHUNK || (budget && claimed == 0)) {
            done = atomic_fetch_add_explicit(&j->playouts, pending, memory_order_relaxed) + pending;
            pending = 0;
            if (budget && done >= j->max_playouts)
                atomic_store(&j->stop, true);
        }
        /* In a search over several processes, the rounds may say stop, and
         * process 0's clock decides for all (search_cluster.h). A round
         * advances only inside an MPI call of every process, one step per
         * call, so worker 0 looks at it after every playout: every 16, a
         * round took several checks of all processes to come back. */
        if (t->id == 0 && s->cluster && search_cluster_poll(s))
            atomic_store(&j->stop, true);
        if (t->id == 0 && (++k & 15) == 0) {
            if (j->report && search_now() >= j->next_report) {
                struct search_report r;
                search_fill_report(s, &r, s->report_own);
                j->report(j->report_ctx, &r);
                j->next_report = search_now() + j->interval_ms / 1000.0;
            }
            if (!search_cluster_following(s) && time_to_stop(s, done))
                atomic_store(&j->stop, true);
        }
    }
    if (pending)
        atomic_fetch_add_explicit(&j->playouts, pending, memory_order_relaxed);
    search_amaf_flush(t);
    search_root_flush(t);
    flush_ownership(t);
}

static void *worker_main(void *arg)
{
    worker(arg);
    return NULL;
}

void search_run(struct search *s)
{
    int started = 0;
    search_cluster_begin(s);
    for (int i = 1; i < s->n_threads; i++) {
        if (pthread_create(&s->th[i].tid, NULL, worker_main, &s->th[i]) != 0)
            break;   /* fewer helpers than asked: still correct, only slower */
        started = i;
    }
    worker(&s->th[0]);
    for (int i = 1; i <= started; i++)
        pthread_join(s->th[i].tid, NULL);
    search_cluster_end(s);
}
