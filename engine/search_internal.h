/* search_internal — what the search_*.c files share and nothing outside
 * engine/search*.c may use: the searcher, its per-thread state and the steps
 * of one playout (descend, play out, back up).
 *
 * Threads and sharing. A search runs on `n_threads` workers: worker 0 is the
 * thread that called (genmove) or the background driver (analysis, ponder);
 * the others are pthreads started for this search only. Each worker owns a
 * struct search_thread (board copy, RNG, playout policy, path, AMAF scratch,
 * ownership counts); only the tree (see tree.h for its protocol) and the few
 * atomics of struct search_job are shared. Everything else in struct search
 * is written only while no worker runs.
 */
#ifndef HANE_SEARCH_INTERNAL_H
#define HANE_SEARCH_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "engine/playout.h"
#include "engine/board/rng.h"
#include "engine/search.h"
#include "engine/search_prior.h"
#include "engine/tree.h"

/* Deepest tree path followed; beyond it the playout takes over. */
#define SEARCH_MAX_DEPTH 512
/* Visit counts below this use tables in the selection formula. */
#define SEARCH_SELECT_TAB 4096

struct search;

/* Buffers of AMAF results per worker: the root's, and SEARCH_AMAF_BUFS - 1
 * slots for busy nodes below it, chosen by node index (search_backup.c). */
#define SEARCH_AMAF_BUFS 64

/* AMAF results for the children of one node, added up by one worker and
 * added to the tree every few playouts. Every playout updates about half of
 * a node's children; when another core does the same to the same node at
 * the same time, the cache lines of the children bounce between the cores
 * and the backup, not the playout, sets the pace. The children's moves are
 * copied here so that the matching does not read the shared lines either. */
struct search_amaf_buf {
    uint32_t node;                  /* index of the node in the tree; 0 = free */
    int n;                          /* its children */
    uint32_t pending;               /* playouts summed in acc since the last flush */
    uint16_t moves[BOARD_MAX_POINTS + 1];
    uint64_t acc[BOARD_MAX_POINTS + 1];   /* (half points << 32) + count, as tree_node.amaf */
};

/* Each worker's state starts on a cache line of its own (the array is
 * allocated aligned, see search.c): the random generator and the counters
 * of one worker, written all the time, must not share a line with the next
 * worker's. */
struct search_thread {
    _Alignas(CACHE_LINE) struct search *s;
    int id;
    struct rng rng;
    struct playout_policy policy;
    struct playout_policy light;    /* seki-safe light: ownership searches (job.light_playouts) */
    struct board board;
    struct tree_node *path[SEARCH_MAX_DEPTH + 1];
    uint64_t hash_path[SEARCH_MAX_DEPTH + 1];   /* position after each tree move */
    /* Moves of the tree path then of the playout (AMAF needs both). */
    struct playout_move *seq;
    int seq_cap;
    /* AMAF scratch: cur_stamp * 4 + the colour of the first move at each
     * point in the suffix being processed (stale stamps mean "not played"),
     * and the list of the children that match (search_backup.c). */
    uint32_t amaf_key[BOARD_MAX_POINTS];
    uint32_t cur_stamp;
    uint16_t amaf_hit[BOARD_MAX_POINTS + 1];
    uint8_t owner[BOARD_MAX_POINTS];
    /* AMAF results kept here and added to the tree every few playouts
     * (search_backup.c): [0] for the root's children, the others for busy
     * nodes below it (a slot per node index hash) when several threads search. */
    struct search_amaf_buf amaf_buf[SEARCH_AMAF_BUFS];
    /* With several threads, this worker's results not yet added to the root
     * (search_backup.c), packed as tree_node.stats: (half points << 32) +
     * playouts, so the low half is how many are waiting. */
    uint64_t root_pend;
    /* Ownership counts of this worker's last playouts, not yet added to the
     * counters below (search_threads.c): plain memory, private to the worker. */
    uint32_t own_pend[BOARD_MAX_POINTS];    /* Black's in the low 16 bits, White's above */
    uint32_t own_pend_n;
    int64_t own_pend_score2;
    /* Ownership counts of this worker's playouts in this search. Written by
     * the worker only (relaxed store of load + n, no RMW needed); read by a
     * reporter at any time, hence atomic. */
    _Atomic uint32_t own_black[BOARD_MAX_POINTS];
    _Atomic uint32_t own_white[BOARD_MAX_POINTS];
    _Atomic uint32_t own_n;
    _Atomic int64_t score_sum2;     /* sum of 2 * playout score (Black view) */
    pthread_t tid;
};

/* The job of one search call, fixed before the workers start. */
struct search_job {
    enum color to_move;
    double komi;
    int size;
    bool cleanup;                   /* kgs-genmove_cleanup */
    bool restricted;                /* restricted_genmove: only the root moves not
                                     * in root_forbidden, never a pass or resignation */
    bool no_resign;                 /* reg_genmove, gg_genmove: a move, never "resign" */
    int64_t max_playouts;           /* 0 = unlimited */
    double soft, hard;              /* seconds; 0 = no time limit */
    double t0;                      /* start time (monotonic seconds) */
    bool endless;                   /* analysis, ponder: run until stopped */
    bool early_stop;                /* may end once the best move cannot change */
    /* Uniformly random playouts whatever `playout` says: the ownership
     * search of final_score and final_status_list. A lone stone deep in the
     * other side's area dies in random playouts, where every point is played
     * sooner or later; Bradley-Terry playouts copy players who never put
     * such a stone there, answer elsewhere, and let it live, which can
     * swing the count by dozens of points. They are the seki-safe kind
     * (playout.h): plain random playouts fill a seki's shared liberties and
     * call both sides' stones dead. */
    bool light_playouts;
    uint32_t expand_at;             /* visits before a leaf is expanded */
    int pw_libs;                    /* params' pw_libs with "by size" resolved */
    int virtual_loss;               /* params' virtual_loss, at least 1 */
    double score_weight;            /* params' score_weight; 0 in the ownership search */
    double score_scale;             /* params' score_scale, 0 resolved to the board's side */
    int interval_ms;                /* analysis: report every; 0 = no reports */
    search_report_fn report;
    void *report_ctx;
    double next_report;
    /* Root moves forbidden by positional superko (tree reuse may bring such
     * children along, so they are skipped rather than never created). */
    uint8_t root_forbidden[BOARD_MAX_POINTS];
    /* Positional superko history: open-addressing set of the game's hashes. */
    uint64_t *hist;
    uint32_t hist_mask;             /* capacity - 1 (a power of two) */
    /* Shared while running, and the only fields here that change then: on a
     * cache line of their own, so that the count every worker bumps after
     * every playout does not keep evicting the read-only fields above (the
     * superko set is read at every tree move) from the other core. */
    _Alignas(CACHE_LINE) _Atomic bool stop;
    /* search_interrupt: worker 0 turns it into `stop` at its next check,
     * so an interrupted search has done at least one round of playouts. */
    _Atomic bool interrupt;
    _Atomic int64_t playouts;       /* done (each worker adds every few, see search_threads.c) */
    _Atomic int64_t claimed;        /* of max_playouts, by the workers */
};

struct pat_gammas;

struct search {
    struct params p;
    int n_threads;
    struct tree tree;
    struct search_thread *th;
    struct search_job job;
    struct board root_board;
    /* The game the tree's root stands for (for reuse); valid if have_root. */
    struct game root_game;
    bool have_root;
    uint64_t seed;
    /* Background search (analysis, ponder). */
    pthread_t bg;
    bool bg_running;
    /* Gelly-Silver beta sqrt(k / (3 n + k)) for n < SEARCH_SELECT_TAB, built
     * for k = beta_equiv (search_select_init, while no worker runs). */
    double beta_tab[SEARCH_SELECT_TAB];
    double beta_equiv;
    /* Ownership handed out with reports: written by worker 0 only, and still
     * valid after the search stops (the last report's values). */
    float report_own[BOARD_MAX_POINTS];
    /* Ownership of the last search_ownership run, by position, so that
     * final_score and final_status_list on the same position agree and do
     * not search twice. */
    float own_cache[BOARD_MAX_POINTS];
    float neutral_cache[BOARD_MAX_POINTS];  /* share of playouts ending in dame */
    uint64_t own_cache_hash;
    int own_cache_moves, own_cache_size;
    bool own_cache_valid;
    /* Bradley-Terry gammas (params `patterns`): the compiled-in table, or
     * gammas_owned when loaded from a file. Read-only during a search. */
    const struct pat_gammas *gammas;
    struct pat_gammas *gammas_owned;
    /* The BT playouts' table (params `playout_patterns`): the compiled-in
     * playout table, or playout_gammas_owned when loaded from a file. The
     * threads' policies point at it. */
    const struct pat_gammas *playout_gammas;
    struct pat_gammas *playout_gammas_owned;
    /* The same table made ready for the priors at expansion (search_prior.h),
     * rebuilt whenever `gammas` changes. */
    struct search_prior_table prior;
    /* kgs-genmove_cleanup: the opponent's dead stones (search_decide). */
    uint8_t cleanup_dead[BOARD_MAX_POINTS];
    /* Other processes searching with this one (search_cluster.h); NULL alone. */
    struct search_cluster *cluster;
};

/* search.c */
double search_now(void);
/* Runs workers until the job says stop; the calling thread is worker 0. */
void search_run(struct search *s);
/* Prepares s->job, the root board and the tree for searching `g` for `c`. */
void search_prepare(struct search *s, const struct game *g, enum color c);

/* search_select.c: tables for the selection formula (no worker may run). */
void search_select_init(struct search *s);
/* One descent from the root; returns the path length (the
 * number of tree moves played on t->board, recorded in t->seq), and in
 * *forced_result a half-point result for Black when the path ended in a
 * superko violation (-1 otherwise). */
int search_descend(struct search_thread *t, int *forced_result);
/* Adds the children of `n` for the position `b` with `c` to play. */
bool search_expand(struct search *s, struct tree_node *n, const struct board *b, enum color c,
                   bool at_root);
bool search_hist_has(const struct search_job *j, uint64_t h);

/* search_backup.c: results (half points for Black) up the path, with AMAF. */
void search_backup(struct search_thread *t, int depth, int n_seq, uint32_t black_half);

/* A playout's result for Black in half points (2 win, 1 jigo, 0 loss), its
 * mean moved toward (1 + tanh(score / scale)) / 2 by the weight w (the job's
 * score_weight and score_scale; search_threads.c); w = 0 leaves it plain. */
uint32_t search_result_half(double w, double scale, struct rng *r, double score);
/* A worker's AMAF buffers: emptied and set up for the root when the worker
 * starts; added to the tree when it stops (and every few playouts). */
void search_amaf_begin(struct search_thread *t);
void search_amaf_flush(struct search_thread *t);
/* With several threads the root's visits and wins go through root_pend
 * (search_root_buffered); adds them to the root. */
/* Is `p` a move the tree gives `c` (legal and not an own eye)? An empty
 * neighbour makes the move legal (a liberty; a ko point has none) and the
 * point no eye: the common case, answered by the 3x3 code without the
 * general tests. */
static inline bool search_candidate(const struct board *b, enum color c, point p)
{
    return board_code_has_empty(b->nbr3x3[p]) ||
           (!board_is_eyelike(b, c, p) && board_is_legal(b, c, p));
}

static inline bool search_root_buffered(const struct search *s) { return s->n_threads > 1; }
void search_root_flush(struct search_thread *t);

/* search_analyze.c: the job calls fn(ctx, report) every interval_ms (100
 * if not positive) from worker 0; fn NULL: no reports. */
void search_set_reports(struct search *s, int interval_ms, search_report_fn fn, void *ctx);

/* search_decide.c: the move to play after a search. */
struct search_result search_decide(struct search *s, const struct game *g);
/* The best child of the root by visits (skipping forbidden moves), or NULL. */
struct tree_node *search_best_child(struct search *s, struct tree_node **second);

/* search_ownership.c */
void search_own_reset(struct search *s);
/* Merged ownership, Black positive, -1..1; returns the playouts counted. */
uint32_t search_own_merge(struct search *s, float *own);
/* Is a stone of colour `c` whose point has ownership `own` dead? Ownership
 * is P(Black) - P(White); a Black stone is dead when White's share beats
 * Black's by the margin the threshold implies (2 t - 1; at t = 0.5 a plain
 * majority), mirrored for White. A majority rule, not a high bar: positions
 * scored before every group has two eyes leave light playouts unsure, and a
 * lone stone deep in enemy area often keeps its point in a good share of
 * them while the area's owner takes it in only a little more. */
static inline bool search_own_dead(const struct search *s, int c, float own)
{
    double o = c == BLACK ? own : -own;
    return o < -(2 * s->p.dead_threshold - 1);
}

/* search_analyze.c: fills a report from the current tree. */
void search_fill_report(struct search *s, struct search_report *r, float *own_buf);

#endif
