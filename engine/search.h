/* search — the Monte-Carlo tree search as the rest of hane sees it: think about
 * a position and answer a move, stream analysis, estimate ownership. The GTP
 * front end talks to the engine only through this header, params.h and
 * timectl.h; nothing here knows GTP text.
 */
#ifndef HANE_SEARCH_H
#define HANE_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/board/game.h"
#include "engine/params.h"
#include "engine/timectl.h"

struct search;  /* opaque: tree, worker threads, RNGs */

/* One candidate move in an analysis report. */
struct search_candidate {
    point move;
    int visits;
    double winrate;       /* 0..1 for the side to move */
    double prior;         /* 0..1 */
    double score_lead;    /* Black-view estimate, for kata-analyze's scoreLead (may be 0) */
    point pv[32];         /* principal variation starting with `move` */
    int pv_len;
};

struct search_report {
    enum color to_move;
    int n;                            /* candidates, best first */
    struct search_candidate cand[64];
    int64_t playouts;                 /* total so far in this search */
    double root_winrate;              /* side to move */
    /* Ownership, Black positive, -1..1, indexed by point; NULL if not kept.
     * Points into the searcher: valid until the next report or search (copy
     * what you need inside the callback). */
    const float *ownership;
};

/* Called from a search thread; keep it short (format and write a line). */
typedef void (*search_report_fn)(void *ctx, const struct search_report *r);

struct search_result {
    point move;            /* vertex, PASS or RESIGN */
    double winrate;        /* of the chosen move, side to move */
    int64_t playouts;      /* done in this call */
    double seconds;        /* wall time spent */
};

/* Creates a searcher with these parameters (copied). NULL with a message in
 * `err` if they are inconsistent (e.g. memory too small). */
struct search *search_new(const struct params *p, char *err, int err_len);
void search_free(struct search *s);

/* Parameters changed at run time (hane-param); may rebuild the tree pool. */
bool search_set_params(struct search *s, const struct params *p, char *err, int err_len);
/* The parameters the searcher runs with, exactly as last given to
 * search_new or search_set_params: the one copy the front end reads. */
const struct params *search_params(const struct search *s);

/* Think about `g` for colour `c` within the budget of the game clock `tc`, or
 * without one the parameters' playouts or time per move, and return the move
 * (the clock is charged for the time). Does not play it. Reuses the
 * subtree of the previous search when `g` continues the game it saw. */
struct search_result search_genmove(struct search *s, const struct game *g, enum color c,
                                    struct time_control *tc);

/* search_genmove that also calls `fn` every `interval_ms` while it thinks
 * (from a search thread, as for analysis): lz-genmove_analyze and
 * kata-genmove_analyze, with which Sabaki shows what an engine considers
 * while it plays. */
struct search_result search_genmove_analyze(struct search *s, const struct game *g, enum color c,
                                            struct time_control *tc, int interval_ms,
                                            search_report_fn fn, void *ctx);

/* Like genmove, for kgs-genmove_cleanup: never pass while the opponent has
 * stones that the playouts say are dead. */
struct search_result search_genmove_cleanup(struct search *s, const struct game *g,
                                            enum color c, struct time_control *tc);

/* Like genmove, choosing only among the points p with only[p] set (never a
 * pass): GNU Go's restricted_genmove, which regression suites use to ask
 * which of a few candidate moves an engine prefers. PASS when none of them
 * is legal (or an own eye, which the search never plays). */
struct search_result search_genmove_restricted(struct search *s, const struct game *g,
                                               enum color c, struct time_control *tc,
                                               const uint8_t *only);

/* Like genmove, but never a resignation: the move hane thinks best even in
 * a lost position (reg_genmove, gg_genmove). Regression suites ask for a
 * move; GNU Go's own reg_genmove never resigns. */
struct search_result search_genmove_reg(struct search *s, const struct game *g, enum color c,
                                        struct time_control *tc);

/* Ends the search that is running as its budget would: genmove answers at
 * once with the best move found so far (after at least the few playouts of
 * worker 0's next check), an analysis stops. Only a store to a lock-free
 * atomic, so a signal handler may call it (GoGui's gogui-sigint). An
 * interrupt that comes when no search runs is forgotten when the next one
 * starts. */
void search_interrupt(struct search *s);

/* Analysis (lz-analyze, kata-analyze): search `g` for `c` in background
 * threads, calling `fn` every `interval_ms`, until search_analyze_stop(). */
bool search_analyze_start(struct search *s, const struct game *g, enum color c,
                          int interval_ms, search_report_fn fn, void *ctx);
void search_analyze_stop(struct search *s);

/* Pondering on the opponent's time (params ponder=1): same, no callback. */
void search_ponder_start(struct search *s, const struct game *g, enum color c);
void search_ponder_stop(struct search *s);

/* Ownership estimate of the current position from `playouts` playouts:
 * `own[p]` in -1..1, Black positive, for every on-board point. */
void search_ownership(struct search *s, const struct game *g, int playouts, float *own);

/* The pattern model's probability of each move the tree would give `c` in
 * `g` (legal, not an own eye, and pass), in the order progressive widening
 * lets them in: best first. Fills `moves` and `priors` (room for
 * BOARD_MAX_POINTS + 1) and returns how many. For GUIs and for finding
 * moves the window kept out. */
int search_move_priors(const struct search *s, const struct game *g, enum color c, point *moves,
                       float *priors);

/* The status of every stone of the position by ownership, for final_score
 * and final_status_list: dead (the other colour owns its point with
 * probability above a threshold), seki (alive, next to a liberty shared
 * with living enemy stones that the playouts leave empty or that both
 * colours would fill only by self-atari, or joined to such a string by a
 * one-point eye), alive; empty
 * points are STONE_NONE. `status` holds one byte per point. Returns the
 * number of dead stones. */
enum stone_status { STONE_NONE, STONE_ALIVE, STONE_DEAD, STONE_SEKI };
int search_final_status(struct search *s, const struct game *g, uint8_t *status);

/* Figures about the tree, for hane-bench and logs. */
struct search_stats {
    int64_t nodes;          /* nodes in use in the current tree */
    int64_t capacity;       /* nodes the current pool can hold */
    int bytes_per_node;
    int threads;
};
void search_stats(struct search *s, struct search_stats *out);

/* Reseeds the random generators and forgets the tree (reg_genmove asks for
 * answers that do not depend on earlier commands). */
void search_reseed(struct search *s, uint64_t seed);

#endif
