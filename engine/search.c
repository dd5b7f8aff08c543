/* search — the searcher's life cycle and genmove: set up a job, run the
 * workers, decide. Selection, backup, threads, decisions, ownership and
 * analysis live in the other search_*.c files. */
#include "engine/search.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/playout_bt.h"
#include "engine/search_cluster.h"
#include "engine/search_internal.h"
#include "patterns/gammas.h"

double search_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void seed_threads(struct search *s, uint64_t seed)
{
    s->seed = seed;
    for (int i = 0; i < s->n_threads; i++)
        rng_seed(&s->th[i].rng, seed + 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1));
}

static uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
}

/* The playout policy of `p`; `g` is the BT playouts' table. */
static bool make_policy(const struct params *p, const struct pat_gammas *g,
                        struct playout_policy *out, char *err, int err_len)
{
    if (strcmp(p->playout, "light") == 0) {
        *out = playout_light();
        return true;
    }
    if (strcmp(p->playout, "bt") == 0) {
        /* The playouts' own table (fast features only), not the tree's:
         * that one would lean on features the playouts leave out. */
        if (playout_bt_new(out, g)) {
            playout_bt_set_capture_floor(out, p->playout_capture);
            playout_bt_set_nakade(out, p->playout_nakade);
            playout_bt_set_races(out, p->playout_races);
            playout_bt_set_atari(out, p->playout_atari);
            playout_bt_set_atari_ladder(out, p->playout_atari_ladder != 0);
            return true;
        }
        snprintf(err, err_len, "playout: out of memory for the bt policy");
        return false;
    }
    snprintf(err, err_len, "playout: unknown policy \"%s\" (available: light, bt)", p->playout);
    return false;
}

static void free_threads(struct search *s)
{
    if (!s->th)
        return;
    for (int i = 0; i < s->n_threads; i++) {
        if (s->th[i].policy.release)
            s->th[i].policy.release(&s->th[i].policy);
        free(s->th[i].seq);
    }
    free(s->th);
    s->th = NULL;
}

/* The gamma table of `patterns`: the compiled-in one when empty, else the
 * file, loaded again only when the name changes. A bad file fails the
 * build with the loader's message and leaves the old table in place. */
static bool load_gammas(struct search *s, const struct params *p, char *err, int err_len)
{
    if (s->gammas && strcmp(p->patterns, s->p.patterns) == 0)
        return true;
    struct pat_gammas *own = NULL;
    if (p->patterns[0]) {
        char why[512];
        own = pat_gammas_load(p->patterns, why, sizeof why);
        if (!own) {
            snprintf(err, err_len, "patterns: %s", why);
            return false;
        }
    }
    const struct pat_gammas *g = own ? own : pat_gammas_default();
    struct search_prior_table pt;
    if (!search_prior_table_init(&pt, g)) {
        pat_gammas_free(own);
        snprintf(err, err_len, "patterns: out of memory");
        return false;
    }
    search_prior_table_free(&s->prior);
    pat_gammas_free(s->gammas_owned);
    s->gammas_owned = own;
    s->gammas = g;
    s->prior = pt;
    return true;
}

/* The playout table of `p`: the current one when the name is unchanged,
 * the compiled-in one for "", else a file, loaded into *loaded (which the
 * caller owns until it commits it). */
static bool playout_table(const struct search *s, const struct params *p,
                          const struct pat_gammas **table, struct pat_gammas **loaded,
                          char *err, int err_len)
{
    *loaded = NULL;
    if (s->playout_gammas && strcmp(p->playout_patterns, s->p.playout_patterns) == 0) {
        *table = s->playout_gammas;
        return true;
    }
    if (!p->playout_patterns[0]) {
        *table = playout_bt_default_gammas();
        return true;
    }
    char why[512];
    if (!(*loaded = pat_gammas_load(p->playout_patterns, why, sizeof why))) {
        snprintf(err, err_len, "playout_patterns: %s", why);
        return false;
    }
    *table = *loaded;
    return true;
}

/* (Re)builds everything that depends on the parameters; on failure the old
 * state is kept. */
static bool build(struct search *s, const struct params *p, char *err, int err_len)
{
    if (!load_gammas(s, p, err, err_len))
        return false;
    /* The old threads' policies point at the old playout table: it is
     * replaced only once the new threads stand. */
    const struct pat_gammas *pg;
    struct pat_gammas *pg_loaded;
    if (!playout_table(s, p, &pg, &pg_loaded, err, err_len))
        return false;
    struct playout_policy probe;
    if (!make_policy(p, pg, &probe, err, err_len)) {
        pat_gammas_free(pg_loaded);
        return false;
    }
    if (probe.release)
        probe.release(&probe);
    int n = p->threads;
    if (n <= 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        n = cores > 0 ? (int)cores : 1;
    }
    bool new_tree = !s->tree.pool[0].nodes || p->memory_mb != s->p.memory_mb;
    struct tree tr;
    if (new_tree && !tree_init(&tr, (size_t)p->memory_mb << 20)) {
        pat_gammas_free(pg_loaded);
        snprintf(err, err_len, "memory: cannot allocate a %d MB tree", p->memory_mb);
        return false;
    }
    /* Aligned: each worker's state starts a cache line (search_internal.h). */
    struct search_thread *th = aligned_alloc(CACHE_LINE, (size_t)n * sizeof *th);
    if (th)
        memset(th, 0, (size_t)n * sizeof *th);
    if (!th) {
        if (new_tree)
            tree_free(&tr);
        pat_gammas_free(pg_loaded);
        snprintf(err, err_len, "out of memory for %d threads", n);
        return false;
    }
    int cap = playout_default_cap(BOARD_MAX_SIZE) + SEARCH_MAX_DEPTH + 16;
    for (int i = 0; i < n; i++) {
        th[i].s = s;
        th[i].id = i;
        th[i].seq_cap = cap;
        th[i].seq = calloc((size_t)cap, sizeof *th[i].seq);
        make_policy(p, pg, &th[i].policy, err, err_len);
        th[i].light = playout_light_seki_safe();
        if (!th[i].seq) {
            for (int k = 0; k <= i; k++)
                free(th[k].seq);
            free(th);
            if (new_tree)
                tree_free(&tr);
            pat_gammas_free(pg_loaded);
            snprintf(err, err_len, "out of memory for %d threads", n);
            return false;
        }
    }
    free_threads(s);
    if (pg != s->playout_gammas) {
        pat_gammas_free(s->playout_gammas_owned);
        s->playout_gammas_owned = pg_loaded;
        s->playout_gammas = pg;
    }
    if (new_tree) {
        if (s->tree.pool[0].nodes)
            tree_free(&s->tree);
        s->tree = tr;
        s->have_root = false;
    }
    s->th = th;
    s->n_threads = n;
    /* A new seed parameter restarts the streams; otherwise the new threads
     * continue from the old seed. */
    uint64_t seed = s->seed;
    if (!seed || p->seed != s->p.seed)
        seed = p->seed ? p->seed : clock_seed();
    s->p = *p;
    seed_threads(s, seed);
    return true;
}

struct search *search_new(const struct params *p, char *err, int err_len)
{
    board_init();
    /* Aligned: the job's shared counters have a cache line of their own. */
    struct search *s = aligned_alloc(CACHE_LINE, sizeof *s);
    if (s)
        memset(s, 0, sizeof *s);
    if (!s) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    if (!build(s, p, err, err_len)) {
        free(s);
        return NULL;
    }
    return s;
}

void search_free(struct search *s)
{
    if (!s)
        return;
    search_analyze_stop(s);
    free_threads(s);
    tree_free(&s->tree);
    search_prior_table_free(&s->prior);
    pat_gammas_free(s->gammas_owned);
    pat_gammas_free(s->playout_gammas_owned);
    game_free(&s->root_game);
    free(s->job.hist);
    search_cluster_free(s);
    free(s);
}

bool search_set_params(struct search *s, const struct params *p, char *err, int err_len)
{
    search_analyze_stop(s);
    return build(s, p, err, err_len);
}

const struct params *search_params(const struct search *s)
{
    return &s->p;
}

void search_reseed(struct search *s, uint64_t seed)
{
    search_analyze_stop(s);
    seed_threads(s, seed);
    /* A reproducible answer must not lean on a tree grown before. */
    s->have_root = false;
}

/* Fills the job's superko set with every position of the game so far. */
static void build_history(struct search *s, const struct game *g)
{
    struct search_job *j = &s->job;
    free(j->hist);
    j->hist = NULL;
    if (!g->superko)
        return;
    uint32_t cap = 64;
    while (cap < 2u * (uint32_t)(g->n_moves + 1) + 16)
        cap *= 2;
    j->hist = calloc(cap, sizeof *j->hist);
    if (!j->hist)
        return;   /* superko below the root degrades to the root check */
    j->hist_mask = cap - 1;
    for (int i = 0; i <= g->n_moves; i++) {
        uint64_t h = g->hashes[i];
        if (!h)
            continue;  /* 0 marks a free slot; the empty board is never a superko issue */
        uint32_t k = (uint32_t)(h ^ (h >> 32)) & j->hist_mask;
        while (j->hist[k] && j->hist[k] != h)
            k = (k + 1) & j->hist_mask;
        j->hist[k] = h;
    }
}

/* Can the tree of the last search continue to `g` with `c` to move? If so,
 * promote the matching subtree; otherwise clear. */
static void reuse_or_clear(struct search *s, const struct game *g, enum color c)
{
    struct tree *t = &s->tree;
    const struct game *r = &s->root_game;
    bool ok = s->p.reuse_tree && s->have_root && r->board.size == g->board.size &&
              r->komi == g->komi && r->start.hash == g->start.hash &&
              r->n_moves <= g->n_moves && r->n_moves >= 0;
    for (int i = 0; ok && i < r->n_moves; i++)
        ok = r->moves[i].p == g->moves[i].p && r->moves[i].color == g->moves[i].color;
    point path[64];
    int n = g->n_moves - r->n_moves;
    if (ok && n > 64)
        ok = false;
    enum color col = t->root_color;
    for (int i = 0; ok && i < n; i++) {
        const struct game_move *m = &g->moves[r->n_moves + i];
        ok = m->color == col;
        path[i] = m->p;
        col = color_other(col);
    }
    if (ok && col == c && tree_promote(t, path, n, c))
        return;
    tree_clear(t, c);
}

/* pw_libs "by size". On a big board the widening window is a small part of
 * the board, and the tactical move that turns a fight (a liberty of a short
 * string) often ranks outside it; on a small board the window already spans
 * a good part of the board, and letting those moves in only spreads the
 * visits thinner. 13x13 counts as small. */
#define PW_LIBS_AUTO 2
#define PW_LIBS_MIN_SIZE 15

void search_prepare(struct search *s, const struct game *g, enum color c)
{
    struct search_job *j = &s->job;
    j->to_move = c;
    j->komi = g->komi;
    j->size = g->board.size;
    j->cleanup = false;
    j->restricted = false;
    j->no_resign = false;
    j->max_playouts = 0;
    j->soft = j->hard = 0;
    j->interval_ms = 0;
    j->endless = false;
    j->early_stop = s->p.early_stop == 1;   /* think() decides for genmove */
    j->light_playouts = false;
    /* Auto: an expansion costs a node per point, so bigger boards wait for
     * more evidence before growing (19x19 at 2 visits would fill a 256 MB
     * tree in seconds). */
    int area = g->board.size * g->board.size;
    j->expand_at = s->p.expand_visits > 0 ? (uint32_t)s->p.expand_visits
                                          : (uint32_t)(area / 40 > 2 ? area / 40 : 2);
    j->pw_libs = s->p.pw_libs >= 0                      ? s->p.pw_libs
                 : g->board.size >= PW_LIBS_MIN_SIZE ? PW_LIBS_AUTO
                                                     : 0;
    /* The visit itself: what "no extra loss" means here. */
    j->virtual_loss = s->p.virtual_loss > 1 ? s->p.virtual_loss : 1;
    j->score_weight = s->p.score_weight;
    j->score_scale = s->p.score_scale > 0 ? s->p.score_scale : g->board.size;
    j->report = NULL;
    j->report_ctx = NULL;
    atomic_store(&j->stop, false);
    atomic_store(&j->interrupt, false);
    atomic_store(&j->playouts, 0);
    atomic_store(&j->claimed, 0);
    board_copy(&s->root_board, &g->board);
    if (s->root_board.to_move != c) {
        /* Asked to play out of turn (GTP allows it): the simple ko belonged
         * to the other colour. */
        s->root_board.to_move = c;
        s->root_board.ko = 0;
    }
    /* Two passes ended the game, yet we are asked to move (cleanup, a
     * controller that plays on): play on, as if the passes were not there. */
    if (s->root_board.passes >= 2)
        s->root_board.passes = 0;
    build_history(s, g);
    memset(j->root_forbidden, 0, sizeof j->root_forbidden);
    const struct board *b = &s->root_board;
    if (j->hist)
        for (int i = 0; i < b->n_empty; i++) {
            point p = b->empty[i];
            if (board_is_legal(b, c, p) && search_hist_has(j, board_hash_after(b, c, p)))
                j->root_forbidden[p] = 1;
        }
    search_select_init(s);
    reuse_or_clear(s, g, c);
    game_copy(&s->root_game, g);
    s->have_root = true;
    search_own_reset(s);
    /* The root is expanded here, before any worker starts, so workers never
     * race on it and a one-move position is visible at once. */
    struct tree_node *root = tree_root(&s->tree);
    if (!tree_is_expanded(root))
        search_expand(s, root, b, c, true);
    j->t0 = search_now();
}

/* One move's thinking: budget from the clock, search, decide, book the time.
 * `cleanup` is kgs-genmove_cleanup's rule (capture dead stones before passing);
 * `only`, if set, the points the move must be one of (restricted_genmove);
 * `no_resign` asks for a move even in a lost position (regression suites). */
static struct search_result think(struct search *s, const struct game *g, enum color c,
                                  struct time_control *tc, bool cleanup, const uint8_t *only,
                                  bool no_resign, int interval_ms, search_report_fn fn, void *ctx)
{
    search_analyze_stop(s);
    double t0 = search_now();
    double soft, hard;
    int64_t po;
    timectl_budget(tc, &s->p, c, g->n_moves, g->board.size * g->board.size, &soft, &hard, &po);
    search_prepare(s, g, c);
    if (only) {
        /* The root may already hold every child (expanded in search_prepare
         * or kept from the last search): selection and the decision skip
         * forbidden ones wherever they are. Index 0 is the pass. */
        for (int p = 0; p < BOARD_MAX_POINTS; p++)
            s->job.root_forbidden[p] |= !only[p];
        s->job.root_forbidden[0] = 1;
        s->job.restricted = true;
    }
    s->job.cleanup = cleanup;
    s->job.no_resign = no_resign;
    s->job.max_playouts = po;
    s->job.soft = soft;
    s->job.hard = hard;
    /* Ending early only pays when the time saved is there for later moves;
     * with a fixed time a move it is thrown away, and the move is better
     * for using all of it. */
    s->job.early_stop = s->p.early_stop == 1 ||
                        (s->p.early_stop == 2 && timectl_saves_bank(tc, c));
    s->job.t0 = t0;
    search_set_reports(s, interval_ms, fn, ctx);
    search_run(s);
    struct search_result res = search_decide(s, g);
    res.seconds = search_now() - t0;
    res.playouts = atomic_load(&s->job.playouts);
    timectl_spent(tc, c, res.seconds);
    if (s->p.verbose >= 1)
        fprintf(stderr, "hane: %s %lld playouts in %.2f s (%.0f/s), win rate %.3f, tree %u/%u nodes\n",
                c == BLACK ? "B" : "W", (long long)res.playouts, res.seconds,
                res.seconds > 0 ? res.playouts / res.seconds : 0.0, res.winrate,
                tree_used(&s->tree), tree_capacity(&s->tree));
    return res;
}

struct search_result search_genmove(struct search *s, const struct game *g, enum color c,
                                    struct time_control *tc)
{
    return think(s, g, c, tc, false, NULL, false, 0, NULL, NULL);
}

struct search_result search_genmove_analyze(struct search *s, const struct game *g, enum color c,
                                            struct time_control *tc, int interval_ms,
                                            search_report_fn fn, void *ctx)
{
    return think(s, g, c, tc, false, NULL, false, interval_ms, fn, ctx);
}

struct search_result search_genmove_cleanup(struct search *s, const struct game *g,
                                            enum color c, struct time_control *tc)
{
    return think(s, g, c, tc, true, NULL, false, 0, NULL, NULL);
}

struct search_result search_genmove_restricted(struct search *s, const struct game *g,
                                               enum color c, struct time_control *tc,
                                               const uint8_t *only)
{
    return think(s, g, c, tc, false, only, false, 0, NULL, NULL);
}

struct search_result search_genmove_reg(struct search *s, const struct game *g, enum color c,
                                        struct time_control *tc)
{
    return think(s, g, c, tc, false, NULL, true, 0, NULL, NULL);
}

/* C11 7.14.1.1: a signal handler may touch lock-free atomic objects only. */
_Static_assert(ATOMIC_BOOL_LOCK_FREE == 2, "search_interrupt must be signal-safe");

void search_interrupt(struct search *s)
{
    atomic_store_explicit(&s->job.interrupt, true, memory_order_relaxed);
}

void search_stats(struct search *s, struct search_stats *out)
{
    out->nodes = tree_used(&s->tree);
    out->capacity = tree_capacity(&s->tree);
    out->bytes_per_node = (int)sizeof(struct tree_node);
    out->threads = s->n_threads;
}
