/* bench_playout — raw playout speed: copy the empty board, play out, score. */
#include "tools/bench/bench.h"

#include <stddef.h>

#include "engine/playout.h"

double bench_playout_rate(const struct bench_entry *e, double seconds, double (*clock)(void),
                          struct playout_policy *pp)
{
    struct board root, b;
    board_clear(&root, e->size);
    struct rng r;
    rng_seed(&r, 12345);
    int cap = playout_default_cap(e->size);
    volatile double sink = 0;
    long n = 0;
    double t0 = clock(), t;
    /* Check the clock every 16 playouts: cheap against a playout's cost. */
    do {
        for (int i = 0; i < 16; i++) {
            board_copy(&b, &root);
            sink += playout_run(&b, pp, &r, 7.5, cap, NULL);
        }
        n += 16;
        t = clock() - t0;
    } while (t < seconds);
    (void)sink;
    return n / t;
}

double bench_playout_light(const struct bench_entry *e, double seconds)
{
    struct playout_policy pp = playout_light();
    return bench_playout_rate(e, seconds, bench_now, &pp);
}

double bench_playout_light_cpu(const struct bench_entry *e, double seconds)
{
    struct playout_policy pp = playout_light();
    return bench_playout_rate(e, seconds, bench_thread_cpu_now, &pp);
}
