/* bench_bt — Bradley–Terry playouts (playout=bt): raw playouts per second from
 * the empty board, and the whole search with every knowledge term on. */
#include "tools/bench/bench_bt.h"

#include <stdio.h>
#include <stdlib.h>

#include "engine/playout_bt.h"

static double bt_rate(const struct bench_entry *e, double seconds, double (*clock)(void))
{
    struct playout_policy pp;
    if (!playout_bt_new(&pp, playout_bt_default_gammas())) {
        fprintf(stderr, "hane-bench: out of memory\n");
        exit(1);
    }
    double rate = bench_playout_rate(e, seconds, clock, &pp);
    pp.release(&pp);
    return rate;
}

double bench_playout_bt(const struct bench_entry *e, double seconds)
{
    return bt_rate(e, seconds, bench_now);
}

double bench_playout_bt_cpu(const struct bench_entry *e, double seconds)
{
    return bt_rate(e, seconds, bench_thread_cpu_now);
}

void bench_bt_params(struct params *p)
{
    snprintf(p->playout, sizeof p->playout, "bt");
    p->pw_mu = BENCH_BT_PW_MU;
    p->bt_c = BENCH_BT_C;
    p->bt_k = BENCH_BT_K;
}

double bench_search_bt(const struct bench_entry *e, double seconds)
{
    return bench_timed_search(e, seconds, bench_bt_params).playouts;
}

double bench_search_bt_cpu(const struct bench_entry *e, double seconds)
{
    return bench_timed_search(e, seconds, bench_bt_params).playouts_cpu;
}
