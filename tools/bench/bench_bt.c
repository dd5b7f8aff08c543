/* bench_bt — Bradley–Terry playouts (playout=bt): raw playouts per second from
 * the empty board, and the whole search with every knowledge term on. */
#include "tools/bench/bench_bt.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/playout_bt.h"
#include "engine/search.h"
#include "patterns/gammas.h"

static double thread_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double process_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double bt_rate(const struct bench_entry *e, double seconds, double (*clock)(void))
{
    struct board root, b;
    board_clear(&root, e->size);
    struct playout_policy pp;
    if (!playout_bt_new(&pp, playout_bt_default_gammas())) {
        fprintf(stderr, "hane-bench: out of memory\n");
        exit(1);
    }
    struct rng r;
    rng_seed(&r, 12345);
    int cap = playout_default_cap(e->size);
    volatile double sink = 0;
    long n = 0;
    double t0 = clock(), t;
    do {
        for (int i = 0; i < 16; i++) {
            board_copy(&b, &root);
            sink += playout_run(&b, &pp, &r, 7.5, cap, NULL);
        }
        n += 16;
        t = clock() - t0;
    } while (t < seconds);
    (void)sink;
    pp.release(&pp);
    return n / t;
}

double bench_playout_bt(const struct bench_entry *e, double seconds)
{
    return bt_rate(e, seconds, bench_now);
}

double bench_playout_bt_cpu(const struct bench_entry *e, double seconds)
{
    return bt_rate(e, seconds, thread_cpu_now);
}

void bench_bt_params(struct params *p)
{
    p->playout[0] = 'b';
    p->playout[1] = 't';
    p->playout[2] = '\0';
    p->pw_mu = BENCH_BT_PW_MU;
    p->bt_c = BENCH_BT_C;
    p->bt_k = BENCH_BT_K;
}

/* One genmove from the empty board, fresh tree, BT playouts and knowledge. */
static void bt_search(const struct bench_entry *e, double seconds, double *po_s, double *po_cpu)
{
    struct params p;
    params_default(&p);
    bench_bt_params(&p);
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
    double c0 = process_cpu_now();
    struct search_result res = search_genmove(s, &g, BLACK, &tc);
    double cpu = process_cpu_now() - c0;
    *po_s = res.seconds > 0 ? res.playouts / res.seconds : 0;
    *po_cpu = cpu > 0 ? res.playouts / cpu : 0;
    game_free(&g);
    search_free(s);
}

double bench_search_bt(const struct bench_entry *e, double seconds)
{
    double po, cpu;
    bt_search(e, seconds, &po, &cpu);
    return po;
}

double bench_search_bt_cpu(const struct bench_entry *e, double seconds)
{
    double po, cpu;
    bt_search(e, seconds, &po, &cpu);
    return cpu;
}
