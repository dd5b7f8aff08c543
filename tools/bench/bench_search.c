/* bench_search — the whole search with light playouts: playouts per second
 * with the tree (MC-RAVE as configured by default, no pattern knowledge),
 * tree nodes per second and bytes per node. */
#include "tools/bench/bench.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/search.h"

/* One genmove from the empty board of `size` with `threads` threads, a fresh
 * tree and a budget of `playouts` (if > 0) or else `seconds`. */
static struct search_result budget_search(int size, int threads, int64_t playouts, double seconds,
                                          void (*tune)(struct params *p), double *cpu,
                                          int64_t *nodes)
{
    struct params p;
    params_default(&p);
    if (tune)
        tune(&p);
    p.threads = threads;
    p.playouts = playouts > 0 ? playouts : 0;
    p.time_per_move = playouts > 0 ? 0 : seconds;
    p.early_stop = 0;   /* the whole budget is spent, whatever the tree says */
    p.reuse_tree = 0;
    p.resign = 0;
    p.seed = 1;
    char err[200];
    struct search *s = search_new(&p, err, sizeof err);
    if (!s) {
        fprintf(stderr, "hane-bench: %s\n", err);
        exit(1);
    }
    struct game g;
    game_init(&g, size, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    double c0 = bench_process_cpu_now();
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    *cpu = bench_process_cpu_now() - c0;
    struct search_stats st;
    search_stats(s, &st);
    *nodes = st.nodes;
    game_free(&g);
    search_free(s);
    return r;
}

struct bench_search_rates bench_timed_search(const struct bench_entry *e, double seconds,
                                             void (*tune)(struct params *p))
{
    double cpu;
    int64_t nodes;
    struct search_result r = budget_search(e->size, e->threads, 0, seconds, tune, &cpu, &nodes);
    return (struct bench_search_rates){
        .playouts = r.seconds > 0 ? r.playouts / r.seconds : 0,
        .playouts_cpu = cpu > 0 ? r.playouts / cpu : 0,
        .nodes = r.seconds > 0 ? nodes / r.seconds : 0,
    };
}

/* The search_light_* keys measure the tree and the light playouts whatever
 * the engine's defaults for knowledge are, so that they stay comparable
 * across changes to those defaults. */
static void light_params(struct params *p)
{
    snprintf(p->playout, sizeof p->playout, "light");
    p->pw_mu = 0;
    p->bt_c = 0;
}

double bench_search_light(const struct bench_entry *e, double seconds)
{
    return bench_timed_search(e, seconds, light_params).playouts;
}

double bench_search_light_cpu(const struct bench_entry *e, double seconds)
{
    return bench_timed_search(e, seconds, light_params).playouts_cpu;
}

/* Speed-up of e->threads threads over one at equal work: one thread searches
 * for `seconds`, then e->threads threads search the same number of playouts,
 * and the ratio of their rates is returned. At equal time (speedup_*_t2 of
 * main.c) the threads grow a tree twice as large, whose deeper paths cost
 * more per playout; here both trees end at the same size, which is the
 * textbook definition of a parallel speed-up (same problem, T1 / Tp). */
double bench_speedup_light(const struct bench_entry *e, double seconds)
{
    double cpu;
    int64_t nodes;
    struct search_result r1 = budget_search(e->size, 1, 0, seconds, light_params, &cpu, &nodes);
    if (r1.playouts <= 0 || r1.seconds <= 0)
        return 0;
    struct search_result rn = budget_search(e->size, e->threads, r1.playouts, 0, light_params,
                                            &cpu, &nodes);
    if (rn.playouts <= 0 || rn.seconds <= 0)
        return 0;
    return (rn.playouts / rn.seconds) / (r1.playouts / r1.seconds);
}

struct solo_run {
    int size;
    double seconds, rate;
};

static void *solo_search(void *arg)
{
    struct solo_run *run = arg;
    double cpu;
    int64_t nodes;
    struct search_result r = budget_search(run->size, 1, 0, run->seconds, light_params, &cpu,
                                           &nodes);
    run->rate = r.seconds > 0 ? r.playouts / r.seconds : 0;
    return NULL;
}

/* Two one-thread searches, each with its own tree, at the same time: the sum
 * of their rates is what the machine's two cores give when nothing is shared,
 * the ceiling for search_light_*_t2. On this machine kind the two vCPUs are
 * not always equally fast (a one-thread search pinned to each differed by a
 * quarter on 24 Nov), so 2x a one-thread rate, which the scheduler runs on
 * whichever core is free, can lie above what two cores can do. */
double bench_pair_light(const struct bench_entry *e, double seconds)
{
    struct solo_run runs[2] = { { e->size, seconds, 0 }, { e->size, seconds, 0 } };
    pthread_t helper;
    if (pthread_create(&helper, NULL, solo_search, &runs[1]) != 0)
        return 0;
    solo_search(&runs[0]);
    pthread_join(helper, NULL);
    return runs[0].rate + runs[1].rate;
}

double bench_search_nodes(const struct bench_entry *e, double seconds)
{
    return bench_timed_search(e, seconds, light_params).nodes;
}

double bench_bytes_per_node(const struct bench_entry *e, double seconds)
{
    (void)e;
    (void)seconds;
    struct params p;
    params_default(&p);
    p.threads = 1;
    p.memory_mb = 8;
    char err[200];
    struct search *s = search_new(&p, err, sizeof err);
    if (!s)
        return 0;
    struct search_stats st;
    search_stats(s, &st);
    search_free(s);
    return st.bytes_per_node;
}
