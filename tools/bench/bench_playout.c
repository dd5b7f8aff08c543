/* bench_playout — raw playout speed: copy the empty board, play out, score. */
#include "tools/bench/bench.h"

#include <stddef.h>
#include <time.h>

#include "engine/playout.h"

static double thread_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Playouts per second of `clock` for about `seconds` of it. */
static double light_rate(const struct bench_entry *e, double seconds, double (*clock)(void))
{
    struct board root, b;
    board_clear(&root, e->size);
    struct playout_policy pp = playout_light();
    struct rng r;
    rng_seed(&r, 12345);
    int cap = playout_default_cap(e->size);
    volatile double sink = 0;
    long n = 0;
    double t0 = clock(), t;
    /* Check the clock every 64 playouts: cheap against a playout's cost. */
    do {
        for (int i = 0; i < 64; i++) {
            board_copy(&b, &root);
            sink += playout_run(&b, &pp, &r, 7.5, cap, NULL);
        }
        n += 64;
        t = clock() - t0;
    } while (t < seconds);
    (void)sink;
    return n / t;
}

double bench_playout_light(const struct bench_entry *e, double seconds)
{
    return light_rate(e, seconds, bench_now);
}

double bench_playout_light_cpu(const struct bench_entry *e, double seconds)
{
    return light_rate(e, seconds, thread_cpu_now);
}
