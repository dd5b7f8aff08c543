/* dataset — replay, pattern harvest and feature extraction, with threads. */
#include "tools/train/dataset.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tools/train/cluster.h"
#include "tools/train/progress.h"

/* This process's share of the games (train_set_share): game i when
 * i % share_n == share_k; its j-th game is share_k + j * share_n. */
static size_t share_k, share_n = 1;

void train_set_share(int k, int n)
{
    share_n = n < 1 ? 1 : (size_t)n;
    share_k = k < 0 || (size_t)k >= share_n ? 0 : (size_t)k;
}

static size_t share_count(const struct corpus *c)
{
    return c->n_games > share_k ? (c->n_games - share_k + share_n - 1) / share_n : 0;
}

void train_replay(const struct tgame *g, train_position_fn fn, void *ctx)
{
    struct board b;
    board_clear(&b, g->size);
    for (int i = 0; i < g->n_setup; i++) {
        int v = g->setup[i];
        board_setup_stone(&b, v < 0 ? WHITE : BLACK, v < 0 ? -v : v);
    }
    for (int i = 0; i < g->n_moves; i++) {
        enum color c = (enum color)g->colors[i];
        point p = g->moves[i];
        fn(ctx, &b, c, p);
        if (board_play(&b, c, p) < 0)
            break;   /* cannot happen for a record the SGF reader replayed */
    }
}

/* Runs work() on n threads, argument k at args + k * arg_size, while the
 * calling thread shows progress of `done` up to `total`. */
static void run_threads(void *(*work)(void *), void *args, size_t arg_size, int n,
                        atomic_size_t *done, size_t total, const char *what, bool quiet)
{
    pthread_t th[64];
    bool started[64] = { false };
    for (int k = 0; k < n; k++)
        started[k] = pthread_create(&th[k], NULL, work, (char *)args + (size_t)k * arg_size) == 0;
    struct progress pr;
    progress_start(&pr, what, total, quiet);
    for (int k = 0; k < n; k++)
        if (!started[k])
            work((char *)args + (size_t)k * arg_size);
    while (atomic_load(done) < total) {
        progress_update(&pr, atomic_load(done));
        nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
    }
    for (int k = 0; k < n; k++)
        if (started[k])
            pthread_join(th[k], NULL);
    progress_end(&pr, total);
}

/* ---- harvest: a counting hash map per thread ---- */

struct counts {
    uint64_t *key;       /* 0 = empty slot (a zero hash is stored as 1) */
    uint32_t *n;
    uint8_t *size;
    size_t mask, used;
};

static bool counts_init(struct counts *m, size_t cap)
{
    m->mask = cap - 1;
    m->used = 0;
    m->key = calloc(cap, sizeof *m->key);
    m->n = calloc(cap, sizeof *m->n);
    m->size = calloc(cap, 1);
    return m->key && m->n && m->size;
}

static void counts_free(struct counts *m)
{
    free(m->key);
    free(m->n);
    free(m->size);
}

static size_t slot_of(uint64_t h, size_t mask)
{
    return (size_t)((h * 0x9E3779B97F4A7C15ull) >> 20) & mask;
}

static bool counts_add(struct counts *m, uint64_t h, int size, uint32_t k);

static bool counts_grow(struct counts *m)
{
    struct counts big;
    if (!counts_init(&big, (m->mask + 1) * 2)) {
        counts_free(&big);
        return false;
    }
    for (size_t i = 0; i <= m->mask; i++)
        if (m->key[i])
            counts_add(&big, m->key[i], m->size[i], m->n[i]);
    counts_free(m);
    *m = big;
    return true;
}

static bool counts_add(struct counts *m, uint64_t h, int size, uint32_t k)
{
    if (h == 0)
        h = 1;
    if ((m->used + 1) * 2 > m->mask && !counts_grow(m))
        return false;
    size_t i = slot_of(h, m->mask);
    while (m->key[i] && m->key[i] != h)
        i = (i + 1) & m->mask;
    if (!m->key[i]) {
        m->key[i] = h;
        m->size[i] = (uint8_t)size;
        m->used++;
    }
    m->n[i] += k;
    return true;
}

struct harvest_job {
    const struct corpus *c;
    int k, n;
    atomic_size_t *done;
    struct counts m;
    bool ok;
};

static void harvest_position(void *ctx, const struct board *b, enum color c, point p)
{
    struct harvest_job *j = ctx;
    if (p < 0 || !j->ok)
        return;
    uint64_t h[PAT_LARGE_NSIZES];
    pat_large_hashes(b, c, p, h);
    for (int s = 0; s < PAT_LARGE_NSIZES; s++)
        if (!counts_add(&j->m, h[s], s, 1))
            j->ok = false;
}

static void *harvest_worker(void *arg)
{
    struct harvest_job *j = arg;
    for (size_t g = (size_t)j->k, n = share_count(j->c); g < n; g += (size_t)j->n) {
        train_replay(&j->c->games[share_k + g * share_n], harvest_position, j);
        atomic_fetch_add(j->done, 1);
    }
    return NULL;
}

struct entry {
    uint64_t h;
    uint32_t n;
    uint8_t size;
};

/* Most played first, so a full table drops the rarest patterns; a pattern is
 * never more frequent than its smaller sizes, and at equal counts the smaller
 * size comes first, so a cut never breaks a chain of sizes. */
static int cmp_entry(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    if (x->size != y->size)
        return x->size < y->size ? -1 : 1;
    return x->h < y->h ? -1 : x->h > y->h;
}

/* The counts of all processes, each of which counted its share of the games
 * in `m`: every pattern goes to process h % n, which adds up what it receives
 * and keeps the patterns played at least min_count times; then every process
 * receives all of them (*e, *n; unsorted). The dictionary is the one a single
 * process would make. False if memory runs out on any process. */
static bool cluster_counts(struct counts *m, bool ok, int min_count, struct entry **e,
                           size_t *n)
{
    *e = NULL;
    *n = 0;
    size_t *per = calloc(share_n, sizeof *per), *at = calloc(share_n, sizeof *at);
    if (!per || !at) {
        fprintf(stderr, "hane-train: out of memory counting patterns\n");
        cluster_exit(1);
    }
    struct entry *out = ok ? calloc(m->used + 1, sizeof *out) : NULL;
    if (out) {
        for (size_t i = 0; i <= m->mask; i++)
            if (m->key[i])
                per[m->key[i] % share_n]++;
        for (size_t r = 1; r < share_n; r++)
            at[r] = at[r - 1] + per[r - 1];
        for (size_t i = 0; i <= m->mask; i++)
            if (m->key[i]) {
                struct entry *x = &out[at[m->key[i] % share_n]++];
                x->h = m->key[i];
                x->n = m->n[i];
                x->size = m->size[i];
            }
    }
    bool counted = out != NULL;
    void *in = NULL;
    size_t n_in = 0;
    bool got = cluster_exchange(out, per, sizeof *out, &in, &n_in);   /* per: all 0 without out */
    free(out);
    free(per);
    free(at);
    struct counts mine = { 0 };
    bool ok2 = got && counted;
    if (ok2)
        ok2 = counts_init(&mine, 1 << 16);
    for (size_t i = 0; ok2 && i < n_in; i++) {
        const struct entry *x = (const struct entry *)in + i;
        ok2 = counts_add(&mine, x->h, x->size, x->n);
    }
    free(in);
    struct entry *keep = ok2 ? calloc(mine.used + 1, sizeof *keep) : NULL;
    size_t n_keep = 0;
    if (keep)
        for (size_t i = 0; i <= mine.mask; i++)
            if (mine.key[i] && mine.n[i] >= (uint32_t)min_count) {
                keep[n_keep].h = mine.key[i];
                keep[n_keep].n = mine.n[i];
                keep[n_keep].size = mine.size[i];
                n_keep++;
            }
    counts_free(&mine);
    void *all = NULL;
    bool kept = keep != NULL;
    bool done = cluster_gather(keep, n_keep, sizeof *keep, &all, n);
    free(keep);
    if (cluster_any(!kept || !done)) {
        free(all);
        *n = 0;
        return false;
    }
    *e = all;
    return true;
}

size_t train_harvest(const struct corpus *c, struct pat_gammas *t, int min_count,
                     int threads, bool quiet)
{
    if (threads > 64)
        threads = 64;
    struct harvest_job jobs[64];
    atomic_size_t done;
    atomic_init(&done, 0);
    for (int k = 0; k < threads; k++) {
        jobs[k] = (struct harvest_job){ .c = c, .k = k, .n = threads, .done = &done, .ok = true };
        if (!counts_init(&jobs[k].m, 1 << 20))
            jobs[k].ok = false;
    }
    run_threads(harvest_worker, jobs, sizeof jobs[0], threads, &done, share_count(c),
                "patterns", quiet);
    /* merge into the first map */
    bool ok = true;
    for (int k = 0; k < threads; k++)
        ok = ok && jobs[k].ok;
    for (int k = 1; k < threads && ok; k++) {
        struct counts *m = &jobs[k].m;
        for (size_t i = 0; i <= m->mask && ok; i++)
            if (m->key[i])
                ok = counts_add(&jobs[0].m, m->key[i], m->size[i], m->n[i]);
        counts_free(m);
    }
    size_t added = 0;
    struct counts *m = &jobs[0].m;
    struct entry *e = NULL;
    size_t n = 0;
    if (share_n > 1) {
        ok = cluster_counts(m, ok, min_count, &e, &n);
    } else {
        e = ok ? malloc(sizeof *e * (m->used + 1)) : NULL;
        if (e)
            for (size_t i = 0; i <= m->mask; i++)
                if (m->key[i] && m->n[i] >= (uint32_t)min_count)
                    e[n++] = (struct entry){ m->key[i], m->n[i], m->size[i] };
    }
    if (e) {
        qsort(e, n, sizeof *e, cmp_entry);
        for (size_t i = 0; i < n; i++)
            if (pat_gammas_large_add(t, e[i].h, e[i].size))
                added++;
        free(e);
    } else {
        fprintf(stderr, "hane-train: out of memory counting patterns\n");
    }
    counts_free(m);
    return added;
}

/* ---- extraction ---- */

struct extract_job {
    const struct corpus *c;
    struct pat_opts o;
    int k, n;
    int stride;
    unsigned move_no;    /* position counter of the current game, for the stride */
    atomic_size_t *done;
    struct mm_shard *s;
    bool ok;
    point moves[BOARD_MAX_POINTS + 1];
    pat_vec vecs[BOARD_MAX_POINTS + 1];
};

static void extract_position(void *ctx, const struct board *b, enum color c, point p)
{
    struct extract_job *j = ctx;
    if (!j->ok || j->move_no++ % (unsigned)j->stride != 0)
        return;
    int n = pat_all_features(b, c, &j->o, j->moves, j->vecs);
    for (int i = 0; i < n; i++)
        if (j->moves[i] == p) {
            if (!mm_shard_add(j->s, j->vecs, n, i))
                j->ok = false;
            return;
        }
}

static void *extract_worker(void *arg)
{
    struct extract_job *j = arg;
    for (size_t g = (size_t)j->k, n = share_count(j->c); g < n; g += (size_t)j->n) {
        size_t i = share_k + g * share_n;
        j->move_no = (unsigned)(i % (size_t)j->stride);
        if (j->ok)   /* after a failure, only count the games as done */
            train_replay(&j->c->games[i], extract_position, j);
        atomic_fetch_add(j->done, 1);
    }
    return NULL;
}

bool train_extract(const struct corpus *c, const struct pat_gammas *t, unsigned disabled,
                   int stride, struct mm_shard *shards, int n_shards, bool quiet)
{
    if (n_shards > 64)
        n_shards = 64;
    struct extract_job *jobs = calloc((size_t)n_shards, sizeof *jobs);
    if (!jobs)
        return false;
    atomic_size_t done;
    atomic_init(&done, 0);
    for (int k = 0; k < n_shards; k++) {
        jobs[k].c = c;
        pat_gammas_opts(t, &jobs[k].o);
        jobs[k].o.disabled = disabled;
        jobs[k].k = k;
        jobs[k].n = n_shards;
        jobs[k].stride = stride < 1 ? 1 : stride;
        jobs[k].done = &done;
        jobs[k].s = &shards[k];
        jobs[k].ok = true;
    }
    run_threads(extract_worker, jobs, sizeof jobs[0], n_shards, &done, share_count(c),
                "features", quiet);
    bool ok = true;
    for (int k = 0; k < n_shards; k++)
        ok = ok && jobs[k].ok;
    free(jobs);
    return ok;
}
