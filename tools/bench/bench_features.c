/* bench_features — Bradley–Terry feature extraction and MM training speed. */
#include "tools/bench/bench.h"

#include <stdlib.h>
#include <time.h>

#include "patterns/features.h"
#include "patterns/gammas.h"
#include "patterns/mm.h"

#define N_SNAP 16

/* Positions of a fixed pseudo-random game: snapshots after 20, 40, ... moves
 * (random legal non-eye moves: a crude but repeatable middle game). */
static struct board snaps[N_SNAP];
static int n_snaps;

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void make_snaps(int size)
{
    struct board b;
    board_clear(&b, size);
    uint64_t s = 0x2545F4914F6CDD1Dull;
    enum color c = BLACK;
    int moves = 0;
    while (n_snaps < N_SNAP && moves < 2000) {
        point p = PASS;
        for (int tries = 0; tries < 50 && b.n_empty > 0; tries++) {
            point q = b.empty[next(&s) % (uint64_t)b.n_empty];
            if (board_is_legal(&b, c, q) && !board_is_eyelike(&b, c, q)) {
                p = q;
                break;
            }
        }
        board_play(&b, c, p);
        c = color_other(c);
        if (++moves % 12 == 0)
            board_copy(&snaps[n_snaps++], &b);
    }
}

static double features_run(const struct bench_entry *e, double seconds, double (*clk)(void))
{
    pat_init();
    if (n_snaps == 0)
        make_snaps(e->size);
    const struct pat_gammas *t = pat_gammas_default();
    struct pat_opts o;
    pat_gammas_opts(t, &o);
    static point moves[BOARD_MAX_POINTS + 1];
    static pat_vec vecs[BOARD_MAX_POINTS + 1];
    volatile double sink = 0;
    long n = 0;
    double t0 = clk(), el;
    do {
        for (int i = 0; i < n_snaps; i++) {
            const struct board *b = &snaps[i];
            int k = pat_all_features(b, b->to_move, &o, moves, vecs);
            double sum = 0;
            for (int j = 0; j < k; j++)
                sum += pat_gammas_strength(t, vecs[j]);
            sink += sum;
        }
        n += n_snaps;
        el = clk() - t0;
    } while (el < seconds);
    (void)sink;
    return (double)n / el;
}

double bench_features(const struct bench_entry *e, double seconds)
{
    return features_run(e, seconds, bench_now);
}

double bench_features_cpu(const struct bench_entry *e, double seconds)
{
    return features_run(e, seconds, bench_thread_cpu_now);
}

/* Synthetic training data shaped like the real thing: 20000 positions of 190
 * distinct candidates, every feature present with realistic value ranges. */
#define MM_POS 20000
static struct mm_shard mm_data;
static struct mm_model mm;

static void make_mm_data(void)
{
    uint64_t s = 12345;
    pat_vec v[190];
    int n3 = pat3_classes();
    for (int j = 0; j < MM_POS; j++) {
        for (int i = 0; i < 190; i++) {
            pat_vec x = 0;
            x = pat_set(x, PAT_F_PAT3, 1 + (unsigned)(next(&s) % (uint64_t)n3));
            x = pat_set(x, PAT_F_LARGE, (unsigned)(next(&s) % 20001));
            x = pat_set(x, PAT_F_DIST1, (unsigned)(next(&s) % 16));
            x = pat_set(x, PAT_F_DIST2, (unsigned)(next(&s) % 16));
            x = pat_set(x, PAT_F_EDGE, (unsigned)(next(&s) % 4));
            x = pat_set(x, PAT_F_LIBS, (unsigned)(next(&s) % 101));
            x = pat_set(x, PAT_F_NEAR, (unsigned)(next(&s) % 26));
            if (next(&s) % 20 == 0)
                x = pat_set(x, PAT_F_CAPTURE + (int)(next(&s) % 4), 1);
            v[i] = x;
        }
        mm_shard_add(&mm_data, v, 190, (int)(next(&s) % 190));
    }
    mm_model_init(&mm, 20000);
    mm_count_wins(&mm, &mm_data, 1);
}

static double mm_run(double seconds, double (*clk)(void))
{
    pat_init();
    if (mm_data.n_pos == 0)
        make_mm_data();
    long n = 0;
    double t0 = clk(), el;
    do {
        mm_iterate(&mm, &mm_data, 1);   /* one shard: runs on this thread */
        n += MM_POS;
        el = clk() - t0;
    } while (el < seconds);
    return (double)n / el;
}

double bench_mm(const struct bench_entry *e, double seconds)
{
    (void)e;
    return mm_run(seconds, bench_now);
}

double bench_mm_cpu(const struct bench_entry *e, double seconds)
{
    (void)e;
    return mm_run(seconds, bench_thread_cpu_now);
}
