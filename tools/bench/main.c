/* hane-bench — runs the speed measurements and prints one JSON object of
 * medians: {"playout_light_9": 123456.7, ...}. The keys are measured in
 * rounds (each key once a round), and 2-thread speed-ups at equal time come
 * from the ratio within each round (speedup_light_9_t2, speedup_light_19_t2);
 * the _equal_work speed-ups are measured pairs of their own.
 *
 *   hane-bench [--runs N] [--seconds S] [--only KEY,KEY...] [--list]
 */
#include "tools/bench/bench.h"
#include "tools/bench/bench_bt.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/board/board.h"
#include "tools/common/cli_num.h"

static const struct bench_entry entries[] = {
    { "playout_light_9", "light playouts/s, 9x9, empty board, 1 thread, no tree",
      bench_playout_light, 9, 1 },
    { "playout_light_19", "light playouts/s, 19x19, empty board, 1 thread, no tree",
      bench_playout_light, 19, 1 },
    { "playout_light_9_cpu", "light playouts per CPU second of the thread, 9x9 (robust on a loaded machine)",
      bench_playout_light_cpu, 9, 1 },
    { "playout_light_19_cpu", "light playouts per CPU second of the thread, 19x19 (robust on a loaded machine)",
      bench_playout_light_cpu, 19, 1 },
    { "search_light_9_t1", "playouts/s of the whole search (MC-RAVE, tree), 9x9, empty board, 1 thread",
      bench_search_light, 9, 1 },
    { "search_light_19_t1", "playouts/s of the whole search (MC-RAVE, tree), 19x19, empty board, 1 thread",
      bench_search_light, 19, 1 },
    { "search_light_9_t2", "playouts/s of the whole search (MC-RAVE, tree), 9x9, empty board, 2 threads",
      bench_search_light, 9, 2 },
    { "search_light_19_t2", "playouts/s of the whole search (MC-RAVE, tree), 19x19, empty board, 2 threads",
      bench_search_light, 19, 2 },
    { "nodes_per_s_9_t1", "tree nodes allocated per second, 9x9 search, 1 thread",
      bench_search_nodes, 9, 1 },
    { "bytes_per_node", "bytes of one tree node", bench_bytes_per_node, 9, 1 },
    { "search_light_9_t1_cpu", "search playouts per CPU second (all threads), 9x9, 1 thread",
      bench_search_light_cpu, 9, 1 },
    { "search_light_9_t2_cpu", "search playouts per CPU second (all threads), 9x9, 2 threads",
      bench_search_light_cpu, 9, 2 },
    { "search_light_19_t1_cpu", "search playouts per CPU second (all threads), 19x19, 1 thread",
      bench_search_light_cpu, 19, 1 },
    { "search_light_19_t2_cpu", "search playouts per CPU second (all threads), 19x19, 2 threads",
      bench_search_light_cpu, 19, 2 },
    { "pair_light_9", "summed playouts/s of two 1-thread searches with separate trees at the same time, 9x9 (the two cores' ceiling for search_light_9_t2)",
      bench_pair_light, 9, 2 },
    { "pair_light_19", "the same on 19x19 (ceiling for search_light_19_t2)",
      bench_pair_light, 19, 2 },
    { "speedup_light_9_t2_equal_work", "2-thread over 1-thread playouts/s of the search, 9x9, the 2 threads doing the playouts the 1 did in its run (same tree size)",
      bench_speedup_light, 9, 2 },
    { "speedup_light_19_t2_equal_work", "the same on 19x19",
      bench_speedup_light, 19, 2 },
    { "playout_bt_9", "BT playouts/s, 9x9, empty board, 1 thread, no tree",
      bench_playout_bt, 9, 1 },
    { "playout_bt_19", "BT playouts/s, 19x19, empty board, 1 thread, no tree",
      bench_playout_bt, 19, 1 },
    { "playout_bt_9_cpu", "BT playouts per CPU second of the thread, 9x9",
      bench_playout_bt_cpu, 9, 1 },
    { "playout_bt_19_cpu", "BT playouts per CPU second of the thread, 19x19",
      bench_playout_bt_cpu, 19, 1 },
    { "search_bt_9_t1", "playouts/s of the whole search, BT playouts, PW mu 1.8, bias C_BT 0.6 K 600, 9x9, 1 thread",
      bench_search_bt, 9, 1 },
    { "search_bt_19_t1", "playouts/s of the whole search, BT playouts, PW mu 1.8, bias C_BT 0.6 K 600, 19x19, 1 thread",
      bench_search_bt, 19, 1 },
    { "search_bt_9_t1_cpu", "the same per CPU second, 9x9",
      bench_search_bt_cpu, 9, 1 },
    { "search_bt_19_t1_cpu", "the same per CPU second, 19x19",
      bench_search_bt_cpu, 19, 1 },
    { "features_positions_per_s_19", "positions/s, BT features + strengths of all legal moves, 19x19, 1 thread",
      bench_features, 19, 1 },
    { "mm_positions_per_s", "positions/s through one MM iteration (190 candidates each), 1 thread",
      bench_mm, 19, 1 },
    { "features_positions_per_cpu_s_19", "positions per CPU second of the thread, BT features of all legal moves, 19x19",
      bench_features_cpu, 19, 1 },
    { "mm_positions_per_cpu_s", "positions per CPU second through one MM iteration (190 candidates each), 1 thread",
      bench_mm_cpu, 19, 1 },
};
#define N_ENTRIES ((int)(sizeof entries / sizeof entries[0]))

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

double bench_now(void)
{
    return clock_seconds(CLOCK_MONOTONIC);
}

double bench_thread_cpu_now(void)
{
    return clock_seconds(CLOCK_THREAD_CPUTIME_ID);
}

double bench_process_cpu_now(void)
{
    return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v[0..n) and returns its median. */
static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Derived keys from the same rounds: 2-thread over 1-thread playout rate, and
 * the 2-thread rate over the two cores' ceiling (two separate searches). */
static const struct {
    const char *key, *t1, *t2;
} speedups[] = {
    { "speedup_light_9_t2", "search_light_9_t1", "search_light_9_t2" },
    { "speedup_light_19_t2", "search_light_19_t1", "search_light_19_t2" },
    { "efficiency_light_9_t2", "pair_light_9", "search_light_9_t2" },
    { "efficiency_light_19_t2", "pair_light_19", "search_light_19_t2" },
};
#define N_SPEEDUPS ((int)(sizeof speedups / sizeof speedups[0]))

static int entry_index(const char *key)
{
    for (int k = 0; k < N_ENTRIES; k++)
        if (strcmp(entries[k].key, key) == 0) return k;
    abort();   /* the speedups table names only keys of the entries table */
}

/* Is `key` one of the comma-separated names in `list` (NULL = all)? */
static int selected(const char *list, const char *key)
{
    if (!list) return 1;
    size_t k = strlen(key);
    for (const char *s = list; *s;) {
        const char *e = strchr(s, ',');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n == k && strncmp(s, key, k) == 0) return 1;
        if (!e) break;
        s = e + 1;
    }
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: hane-bench [--runs N] [--seconds S] [--only KEY,KEY...] [--list]\n"
               "  --runs N      rounds; each key is measured once a round, median reported (default 5, 1..101)\n"
               "  --seconds S   wall time of one run (default 1.0, 0.01..60)\n"
               "  --only KEYS   measure only these keys\n"
               "  --list        list the keys and what they measure\n");
}

int main(int argc, char **argv)
{
    int runs = 5;
    double seconds = 1.0;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--list") == 0) {
            for (int k = 0; k < N_ENTRIES; k++) printf("%-24s %s\n", entries[k].key, entries[k].help);
            for (int k = 0; k < N_SPEEDUPS; k++)
                printf("%-24s %s / %s, median of the per-round ratios (both keys measured)\n",
                       speedups[k].key, speedups[k].t2, speedups[k].t1);
            return 0;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--runs") == 0 && v) {
            long n;
            if (!cli_parse_long(v, 1, 101, &n)) {
                fprintf(stderr, "hane-bench: --runs: expected an integer 1..101, got '%s'\n", v);
                return 2;
            }
            runs = (int)n;
            i++;
        } else if (strcmp(a, "--seconds") == 0 && v) {
            double s;
            if (!cli_parse_real(v, 0.01, 60, &s)) {
                fprintf(stderr, "hane-bench: --seconds: expected a number 0.01..60, got '%s'\n", v);
                return 2;
            }
            seconds = s;
            i++;
        } else if (strcmp(a, "--only") == 0 && v) {
            only = v;
            i++;
        } else {
            fprintf(stderr, "hane-bench: unknown or incomplete argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (only) {
        /* Every requested key must exist: a typo should not pass silently. */
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", only);
        for (char *k = strtok(buf, ","); k; k = strtok(NULL, ",")) {
            int found = 0;
            for (int j = 0; j < N_ENTRIES; j++) found |= strcmp(entries[j].key, k) == 0;
            if (!found) {
                fprintf(stderr, "hane-bench: --only: unknown key '%s' (see --list)\n", k);
                return 2;
            }
        }
    }
    board_init();
    /* Rounds: every selected key is measured once per round, and the median
     * of its rounds is reported. Measuring a key's runs back to back would let
     * a slow stretch of the shared machine fall on one key only; interleaved,
     * a drift touches every key alike, and the 1- and 2-thread searches of a
     * round run seconds apart, so their ratio within the round is a fair
     * scaling sample. */
    static double vals[N_ENTRIES][101];
    int sel[N_ENTRIES], n_sel = 0;
    for (int k = 0; k < N_ENTRIES; k++)
        if (selected(only, entries[k].key)) sel[n_sel++] = k;
    /* A full run takes minutes and prints its JSON at the end: progress goes to
     * stderr, a line per round, or on a terminal one line redrawn per key. */
    bool tty = isatty(2);
    fprintf(stderr, "hane-bench: %d rounds of %d keys, at least %.0f s\n", runs, n_sel,
            runs * n_sel * seconds);
    for (int r = 0; r < runs; r++) {
        if (!tty)
            fprintf(stderr, "hane-bench: round %d of %d\n", r + 1, runs);
        for (int i = 0; i < n_sel; i++) {
            if (tty)
                fprintf(stderr, "\rhane-bench: round %d of %d, key %d of %d: %-28s", r + 1, runs,
                        i + 1, n_sel, entries[sel[i]].key);
            vals[sel[i]][r] = entries[sel[i]].measure(&entries[sel[i]], seconds);
        }
    }
    if (tty)
        fprintf(stderr, "\n");
    printf("{");
    int first = 1;
    for (int i = 0; i < n_sel; i++) {
        const struct bench_entry *e = &entries[sel[i]];
        /* speedup_* keys are ratios, the others rates */
        int decimals = strncmp(e->key, "speedup_", 8) == 0 ? 3 : 1;
        printf("%s\n  \"%s\": %.*f", first ? "" : ",", e->key, decimals,
               median(vals[sel[i]], runs));
        first = 0;
    }
    /* Speed-up of 2 threads over 1: the median of the per-round ratios. */
    for (int i = 0; i < N_SPEEDUPS; i++) {
        int k1 = entry_index(speedups[i].t1), k2 = entry_index(speedups[i].t2);
        if (!selected(only, entries[k1].key) || !selected(only, entries[k2].key))
            continue;
        double ratio[101];
        for (int r = 0; r < runs; r++)
            ratio[r] = vals[k1][r] > 0 ? vals[k2][r] / vals[k1][r] : 0;
        printf("%s\n  \"%s\": %.3f", first ? "" : ",", speedups[i].key, median(ratio, runs));
        first = 0;
    }
    printf("\n}\n");
    return 0;
}
