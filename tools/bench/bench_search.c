/* bench_search — the whole search with light playouts: playouts per second
 * with the tree (MC-RAVE as configured by default, no pattern knowledge),
 * tree nodes per second and bytes per node. */
#include "tools/bench/bench.h"

#include <stdio.h>
#include <stdlib.h>

#include "engine/search.h"

struct bench_search_rates bench_timed_search(const struct bench_entry *e, double seconds,
                                             void (*tune)(struct params *p))
{
    struct params p;
    params_default(&p);
    if (tune)
        tune(&p);
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
    double c0 = bench_process_cpu_now();
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    double cpu = bench_process_cpu_now() - c0;
    struct search_stats st;
    search_stats(s, &st);
    struct bench_search_rates out = {
        .playouts = r.seconds > 0 ? r.playouts / r.seconds : 0,
        .playouts_cpu = cpu > 0 ? r.playouts / cpu : 0,
        .nodes = r.seconds > 0 ? st.nodes / r.seconds : 0,
    };
    game_free(&g);
    search_free(s);
    return out;
}

/* The search_light_* keys measure the tree and the light playouts whatever
 * the engine's defaults for knowledge are (issue 3's figures). */
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
