/* bench_search — the whole search: playouts per second with the tree (MC-RAVE
 * as configured by default), tree nodes per second and bytes per node. */
#include "tools/bench/bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/search.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One timed genmove from the empty board with a fresh tree (no reuse) and
 * e->threads threads; fills playouts per wall second, per CPU second (all
 * threads together) and nodes per wall second. */
static void timed_search(const struct bench_entry *e, double seconds, double *po_s,
                         double *po_cpu_s, double *nodes_s)
{
    struct params p;
    params_default(&p);
    p.threads = e->threads;
    p.playouts = 0;
    p.time_per_move = seconds;
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
    game_init(&g, e->size, 7.5);
    struct time_control tc;
    timectl_init(&tc, 0, seconds);
    double c0 = cpu_now();
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    double cpu = cpu_now() - c0;
    struct search_stats st;
    search_stats(s, &st);
    *po_s = r.seconds > 0 ? r.playouts / r.seconds : 0;
    *po_cpu_s = cpu > 0 ? r.playouts / cpu : 0;
    *nodes_s = r.seconds > 0 ? st.nodes / r.seconds : 0;
    game_free(&g);
    search_free(s);
}

double bench_search_light(const struct bench_entry *e, double seconds)
{
    double po, cpu, nodes;
    timed_search(e, seconds, &po, &cpu, &nodes);
    return po;
}

double bench_search_light_cpu(const struct bench_entry *e, double seconds)
{
    double po, cpu, nodes;
    timed_search(e, seconds, &po, &cpu, &nodes);
    return cpu;
}

double bench_search_nodes(const struct bench_entry *e, double seconds)
{
    double po, cpu, nodes;
    timed_search(e, seconds, &po, &cpu, &nodes);
    return nodes;
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
