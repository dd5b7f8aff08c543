/* bench_bt — hane-bench's measurements of the Bradley–Terry playouts and of
 * the search with all knowledge on (playout=bt, progressive widening, bias). */
#ifndef HANE_BENCH_BT_H
#define HANE_BENCH_BT_H

#include "engine/params.h"
#include "tools/bench/bench.h"

/* The knowledge settings of the search_bt_* keys: Ikeda & Viennot's (2013) best 13x13
 * values (mu = 1.8, C_BT = 0.6, K = 600). */
#define BENCH_BT_PW_MU 1.8
#define BENCH_BT_C 0.6
#define BENCH_BT_K 600.0

/* BT playouts per second from the empty board of e->size, 1 thread, no tree
 * (each playout rebuilds its weights once, then updates them per move). */
double bench_playout_bt(const struct bench_entry *e, double seconds);
/* The same per CPU second of the thread. */
double bench_playout_bt_cpu(const struct bench_entry *e, double seconds);
/* Playouts per second of a whole genmove (fresh tree, e->threads threads)
 * with BT playouts and the knowledge above; per wall and per CPU second. */
double bench_search_bt(const struct bench_entry *e, double seconds);
double bench_search_bt_cpu(const struct bench_entry *e, double seconds);
/* Sets playout=bt and the knowledge settings above in `p`. */
void bench_bt_params(struct params *p);

#endif
