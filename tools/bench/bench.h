/* bench — hane-bench's table of named speed measurements.
 *
 * Each entry measures one figure (events per second) for about `seconds` of
 * wall time and returns it; main runs every selected entry several times and
 * prints the medians as one JSON object. Keys follow
 * <what>_<policy>_<size>[_t<threads>] and never change meaning, because the
 * figures are tracked over time. To add a measurement, write a function in a
 * bench_*.c file, declare it here and add a line to the table in main.c.
 */
#ifndef HANE_BENCH_H
#define HANE_BENCH_H

struct bench_entry {
    const char *key;
    const char *help;
    double (*measure)(const struct bench_entry *e, double seconds);
    int size;       /* board size, for measurements that share a function */
    int threads;
};

struct params;
struct playout_policy;

/* Seconds on a monotonic clock. */
double bench_now(void);
/* CPU seconds of the calling thread, and of the whole process (all threads):
 * on a loaded machine these fall much less than the wall clock. */
double bench_thread_cpu_now(void);
double bench_process_cpu_now(void);

/* bench_playout.c: playouts per second of `clock` (one of the above) with
 * policy `pp` from the empty board of e->size, 1 thread, no tree. */
double bench_playout_rate(const struct bench_entry *e, double seconds, double (*clock)(void),
                          struct playout_policy *pp);

/* bench_search.c: one genmove of about `seconds` from the empty board with a
 * fresh tree and e->threads threads, default parameters changed by `tune`
 * (may be NULL). Fills playouts per wall second, per CPU second of all
 * threads, and tree nodes per wall second. */
struct bench_search_rates {
    double playouts, playouts_cpu, nodes;
};
struct bench_search_rates bench_timed_search(const struct bench_entry *e, double seconds,
                                             void (*tune)(struct params *p));

/* Light playouts per second from the empty board of e->size, one thread, no tree. */
double bench_playout_light(const struct bench_entry *e, double seconds);
/* The same per second of the thread's CPU time: on a shared machine the
 * wall-clock figure falls with the load, this one much less. */
double bench_playout_light_cpu(const struct bench_entry *e, double seconds);

/* bench_search.c: playouts/s of a whole genmove (fresh tree, e->threads
 * threads, default parameters), tree nodes/s, and the node size. */
double bench_search_light(const struct bench_entry *e, double seconds);
double bench_search_nodes(const struct bench_entry *e, double seconds);
/* Playouts per CPU second of all the search's threads together: on a shared,
 * loaded machine, t2/t1 of this figure near 1 means the threads do not get
 * in each other's way (the wall-clock speed-up then depends on free cores). */
double bench_search_light_cpu(const struct bench_entry *e, double seconds);
double bench_bytes_per_node(const struct bench_entry *e, double seconds);
/* Playouts/s of e->threads threads over one thread's at equal work: one
 * thread searches for `seconds`, then e->threads the same playout count. */
double bench_speedup_light(const struct bench_entry *e, double seconds);
/* Summed playouts/s of two one-thread searches with separate trees run at
 * the same time: the two cores' ceiling for a two-thread search. */
double bench_pair_light(const struct bench_entry *e, double seconds);

/* Positions per second, full BT feature extraction (large patterns of the
 * built-in table included) and strengths of every legal move, 1 thread. */
double bench_features(const struct bench_entry *e, double seconds);
/* Positions per second through one MM iteration (all features), synthetic data
 * of 20000 positions x 190 candidates, 1 thread. */
double bench_mm(const struct bench_entry *e, double seconds);
/* The same two per CPU second of the thread (robust on a loaded machine). */
double bench_features_cpu(const struct bench_entry *e, double seconds);
double bench_mm_cpu(const struct bench_entry *e, double seconds);

#endif
