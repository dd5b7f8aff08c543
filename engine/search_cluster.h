/* search_cluster — one search spread over several processes (bin/hane-mpi):
 * every process runs its own search of the same position with its own
 * threads and tree, and at a fixed interval they add up what they learnt
 * about the nodes near the root, in the manner of the cluster version of
 * MoGo (Gelly et al. 2008, "The parallelization of Monte-Carlo planning"):
 * each process sends the visits and wins (and, with `amaf`, the AMAF visits
 * and wins) its own playouts added since the last round to the children of
 * the shared nodes, and adds the other processes' to its tree. The root is
 * shared from the start; a node within `depth` - 1 plies of it joins the
 * shared nodes (and stays one for the rest of the search) once its visits
 * over all processes reach `share` percent of the root's, at most `width`
 * of them besides the root.
 *
 * The transport is a non-blocking sum of an int64 array over the processes
 * (struct search_net; engine/net_mpi.c for Open MPI): worker 0 starts one
 * round, keeps searching, and collects it at a later check, so no process
 * waits on another while it searches. Integer sums are exact, so every
 * process sees the same totals and picks the same moves for the next round.
 *
 * Stopping: every process plays at most its own playout budget (the
 * playouts parameter: N processes play N times as many) and then says it is
 * done in the rounds; the clock and interrupts are process 0's alone (the
 * others ignore theirs). Process 0 says stop once all are done, or as soon
 * as its clock, an early stop or an interrupt ends its own search; then all
 * run one last round so that process 0 decides on everything that was
 * played.
 *
 * Cadence: a round starts `interval_ms` after the previous one, or, with
 * `playouts` set, once this process played that many since it (worker 0
 * counts its own share, playouts / threads), whichever comes first. At a
 * fixed number of playouts the count of rounds is then the same whatever
 * the machine's load: a process that is due while the previous round is
 * still out (the others are behind) waits for it instead of searching on
 * with stale statistics. The collective stays non-blocking; only a process
 * a whole cadence ahead of the slowest one waits.
 *
 * Cost of a round, per process: (5 + 2 * points * shared nodes) int64 sent
 * and received, 4 instead of 2 with `amaf` (points: (size + 2) * (size + 1)
 * + 1, 111 on 9x9, 421 on 19x19), that is 1.8 KB per shared node on 9x9 and
 * 6.7 KB on 19x19, twice that with `amaf`.
 *
 * Nothing here includes mpi.h: a process that never attaches a net searches
 * alone as before.
 */
#ifndef HANE_SEARCH_CLUSTER_H
#define HANE_SEARCH_CLUSTER_H

#include <stdbool.h>
#include <stdint.h>

struct search;

/* The processes' sum. */
struct search_net {
    void *ctx;
    int rank, size;
    /* Starts replacing buf[0..n) by its sum over all processes; buf must not
     * be touched until test says the sum is there. */
    void (*start)(void *ctx, int64_t *buf, int n);
    /* True once the sum started last is complete. */
    bool (*test)(void *ctx);
};

struct search_cluster_params {
    int interval_ms;    /* between the starts of two rounds, at most */
    /* A round every `playouts` playouts of this process as well (0: by time
     * alone); a process that played them while the previous round is still
     * out waits for it, so the rounds of a search do not depend on the load. */
    int playouts;
    int depth;          /* deepest shared children: 1, the root's; 2, also their children... */
    int width;          /* shared nodes besides the root (at most SEARCH_CLUSTER_MAX_WIDTH) */
    /* The children's AMAF statistics (RAVE) travel too, so that the
     * blend of a shared node's children weighs all processes' AMAF against
     * all processes' visits; twice the bytes. */
    bool amaf;
    double share;       /* percent of the root's visits a node needs to be shared (0..100) */
    double wait;        /* seconds process 0 waits for a round before it gives up on the others */
};

#define SEARCH_CLUSTER_MAX_WIDTH 256
#define SEARCH_CLUSTER_MAX_DEPTH 12

/* Joins `s` to the processes of `net` (copied). False if memory runs out or
 * the parameters are out of range. */
bool search_cluster_attach(struct search *s, const struct search_net *net,
                           const struct search_cluster_params *p);
/* The next search of `s` (only the next: not the ownership search a
 * decision may run after it) is one search over all processes. Every
 * process must arm and then run the same search: the processes execute the
 * same commands on the same positions. */
void search_cluster_arm(struct search *s);
/* Forgets an arming that no search used (the command failed on its
 * arguments, alike on every process). */
void search_cluster_disarm(struct search *s);
/* True once process 0 stopped waiting for a round (a process hung or died):
 * its last answer came from what it had; the cluster cannot go on. */
bool search_cluster_failed(const struct search *s);

struct search_cluster_totals {
    int64_t searches;       /* searches over all processes */
    int64_t rounds;
    int64_t bytes;          /* payload sent by this process (the same amount is received) */
    int64_t playouts;       /* of the last search, summed over all processes */
    double seconds;         /* of the searches */
    double busy;            /* of worker 0's time building and applying rounds */
    double in_flight;       /* from the start of a round to its collection, summed over rounds */
    int64_t waits;          /* rounds worker 0 stopped searching to wait for (playouts cadence) */
    int64_t max_lead;       /* most playouts of worker 0 while one round was out */
    int shared;             /* nodes shared at the end of the last search, the root included */
};
void search_cluster_totals(const struct search *s, struct search_cluster_totals *out);

/* search_threads.c's hooks: search_run calls begin before the workers start
 * and end after they stopped; worker 0 calls poll at its checks, which
 * returns true when this process should stop searching. */
void search_cluster_begin(struct search *s);
bool search_cluster_poll(struct search *s);
void search_cluster_end(struct search *s);
/* Does a search over several processes run (followers skip their own clock)? */
bool search_cluster_following(const struct search *s);
void search_cluster_free(struct search *s);

#endif
