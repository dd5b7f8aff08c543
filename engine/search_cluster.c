/* search_cluster — rounds of statistics between the processes of one search. */
#include "engine/search_cluster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/search_internal.h"

/* The control slots at the start of a round: playouts since the last round,
 * stop (only process 0 sets it), done (1 from a process that met its own
 * budget: the round counts how many did), the root's visits and wins. */
enum { C_PLAYOUTS, C_STOP, C_DONE, C_ROOT_V, C_ROOT_W, C_N };

/* Floor under the visits a node needs to be shared: below it a share of the
 * root's visits would let the first, noisy rounds fill the list. */
enum { SHARE_FLOOR = 20 };

/* A node whose children the rounds carry (block b of a round): the root is
 * block 0; every other one is the child `move` of block `parent`'s node. */
struct shared_node {
    int parent, move, depth;
};

struct search_cluster {
    struct search_net net;
    struct search_cluster_params p;
    bool armed, active, in_flight, stop_seen;
    bool done;              /* this process's workers stopped */
    int64_t all_done;       /* processes done, by the last round that came back */
    _Atomic bool failed;    /* read by the front end while an analysis may run */
    int points;             /* board points of the running search */
    int max_blocks;         /* 1 + width at depth 2 or more, else 1 */
    int per_move;           /* int64 per move of a block: 2, or 4 with amaf */
    int blocks;             /* shared nodes of the running search (the round in flight's) */
    int n;                  /* int64 in the round in flight */
    int64_t *buf;           /* the round in flight, summed in place */
    int64_t *sent;          /* this process's part of it */
    int64_t *base;          /* visits and wins already counted, per slot */
    int64_t *merged;        /* per block and move: visits over all processes since it was shared */
    int *child_block;       /* per block and move: the block of that child, 0 if not shared */
    struct shared_node node[1 + SEARCH_CLUSTER_MAX_WIDTH];
    struct tree_node *at[1 + SEARCH_CLUSTER_MAX_WIDTH];    /* find_blocks */
    double posted_at, t0;
    int every;              /* worker 0's playouts between two rounds, 0: by time alone */
    int64_t ticks;          /* worker 0's playouts since the last round started */
    int64_t playouts_sent;  /* this process's playouts already in a round */
    int64_t search_rounds;  /* rounds of the running search */
    int64_t from_others;    /* visits the others added to the root's children, this search */

    struct search_cluster_totals tot;
};

bool search_cluster_attach(struct search *s, const struct search_net *net,
                           const struct search_cluster_params *p)
{
    if (net->size < 1 || net->rank < 0 || net->rank >= net->size || p->interval_ms < 1
        || p->playouts < 0 || p->depth < 1 || p->depth > SEARCH_CLUSTER_MAX_DEPTH || p->width < 0
        || p->width > SEARCH_CLUSTER_MAX_WIDTH || !(p->share >= 0 && p->share <= 100)
        || !(p->wait > 0))
        return false;
    struct search_cluster *c = calloc(1, sizeof *c);
    if (!c)
        return false;
    c->net = *net;
    c->p = *p;
    c->max_blocks = p->depth >= 2 ? 1 + p->width : 1;
    c->per_move = p->amaf ? 4 : 2;
    size_t n = C_N + (size_t)c->per_move * BOARD_MAX_POINTS * (size_t)c->max_blocks;
    size_t cells = (size_t)BOARD_MAX_POINTS * (size_t)c->max_blocks;
    c->buf = calloc(n, sizeof *c->buf);
    c->sent = calloc(n, sizeof *c->sent);
    c->base = calloc(n, sizeof *c->base);
    c->merged = calloc(cells, sizeof *c->merged);
    c->child_block = calloc(cells, sizeof *c->child_block);
    if (!c->buf || !c->sent || !c->base || !c->merged || !c->child_block) {
        s->cluster = c;
        search_cluster_free(s);
        return false;
    }
    search_cluster_free(s);
    s->cluster = c;
    return true;
}

void search_cluster_free(struct search *s)
{
    struct search_cluster *c = s->cluster;
    if (!c)
        return;
    free(c->buf);
    free(c->sent);
    free(c->base);
    free(c->merged);
    free(c->child_block);
    free(c);
    s->cluster = NULL;
}

void search_cluster_arm(struct search *s)
{
    if (s->cluster && s->cluster->net.size > 1 && !s->cluster->failed)
        s->cluster->armed = true;
}

void search_cluster_disarm(struct search *s)
{
    if (s->cluster)
        s->cluster->armed = false;
}

bool search_cluster_failed(const struct search *s)
{
    return s->cluster && s->cluster->failed;
}

void search_cluster_totals(const struct search *s, struct search_cluster_totals *out)
{
    memset(out, 0, sizeof *out);
    if (s->cluster)
        *out = s->cluster->tot;
}

bool search_cluster_following(const struct search *s)
{
    return s->cluster && s->cluster->active && s->cluster->net.rank > 0;
}

/* The child of `n` with point index `m` (TREE_PASS for a pass), or NULL. */
static struct tree_node *child_at(struct tree *t, struct tree_node *n, int m)
{
    if (!n || !tree_is_expanded(n))
        return NULL;
    struct tree_node *ch = tree_node_at(t, n->first);
    for (int i = 0; i < n->n_children; i++)
        if (ch[i].move == m)
            return &ch[i];
    return NULL;
}

/* The node whose children block b holds in this process's tree (b = 0: the
 * root), or NULL where this tree lacks it. */
static struct tree_node *block_node(struct search *s, const struct search_cluster *c, int b)
{
    if (b == 0)
        return tree_root(&s->tree);
    return child_at(&s->tree, block_node(s, c, c->node[b].parent), c->node[b].move);
}

/* block_node of every block into c->at, each from its parent's (a parent's
 * block comes before its children's), so that a deep list costs one scan
 * of children per block instead of one per ply. */
static void find_blocks(struct search *s, struct search_cluster *c)
{
    c->at[0] = tree_root(&s->tree);
    for (int b = 1; b < c->blocks; b++)
        c->at[b] = child_at(&s->tree, c->at[c->node[b].parent], c->node[b].move);
}

/* A move's slot of block b: visits and wins, then (with amaf) its AMAF
 * visits and wins. */
static int64_t *slot(int64_t *a, const struct search_cluster *c, int b, int m)
{
    return a + C_N + ((size_t)b * (size_t)c->points + (size_t)m) * (size_t)c->per_move;
}

/* This process's count and sum in `word` (a node's stats or amaf) since
 * base[0..1], into sent[0..1]. */
static void delta(const _Atomic uint64_t *word, int64_t *base, int64_t *sent)
{
    uint64_t st = atomic_load_explicit(word, memory_order_relaxed);
    int64_t v = tree_count(st), w = tree_sum(st);
    sent[0] = v - base[0];
    sent[1] = w - base[1];
    base[0] = v;
    base[1] = w;
}

/* Adds the other processes' part of a round, total - mine, to `word`. */
static int64_t apply(_Atomic uint64_t *word, const int64_t *total, const int64_t *mine,
                     int64_t *base)
{
    int64_t rv = total[0] - mine[0], rw = total[1] - mine[1];
    if (rv == 0 && rw == 0)
        return 0;
    int64_t packed = rw * ((int64_t)1 << 32) + rv;
    atomic_fetch_add_explicit(word, (uint64_t)packed, memory_order_relaxed);
    base[0] += rv;
    base[1] += rw;
    return rv;
}

/* The children of `n` (none if it is NULL or not expanded) in *first. */
static int children(struct tree *t, struct tree_node *n, struct tree_node **first)
{
    if (!n || !tree_is_expanded(n))
        return 0;
    *first = tree_node_at(t, n->first);
    return n->n_children;
}

/* Makes block b count from now for the children of `n` (none: NULL). */
static void rebase(struct search *s, struct search_cluster *c, int b, struct tree_node *n)
{
    struct tree_node *ch = NULL;
    int k = children(&s->tree, n, &ch);
    memset(slot(c->base, c, b, 0), 0, sizeof *c->base * (size_t)c->per_move * (size_t)c->points);
    int64_t unused[2];
    for (int i = 0; i < k; i++) {
        int64_t *base = slot(c->base, c, b, ch[i].move);
        delta(&ch[i].stats, base, unused);
        if (c->p.amaf)
            delta(&ch[i].amaf, base + 2, unused);
    }
}

/* Adds to the shared nodes, most visited first, every child of one of them
 * (within `depth`) whose visits over all processes since its parent was
 * shared reach `share` percent of the root's, until `width` are shared. The
 * list only grows during a search, so a shared node counts every later
 * visit. Every process holds the same `merged` after the same rounds and so
 * grows the same list. */
static void grow(struct search *s, struct search_cluster *c)
{
    int64_t root = 0;
    for (int m = 0; m < c->points; m++)
        root += c->merged[m];
    double need = c->p.share / 100.0 * (double)root;
    if (need < SHARE_FLOOR)
        need = SHARE_FLOOR;
    while (c->blocks < c->max_blocks) {
        int best_b = -1, best_m = -1;
        int64_t best = 0;
        for (int b = 0; b < c->blocks; b++) {
            if (c->node[b].depth + 1 >= c->p.depth)
                continue;       /* the children of a new node would lie below depth */
            const int64_t *mv = c->merged + (size_t)b * (size_t)c->points;
            const int *cb = c->child_block + (size_t)b * (size_t)c->points;
            for (int m = 0; m < c->points; m++)
                if (cb[m] == 0 && mv[m] > best && (double)mv[m] >= need) {
                    best = mv[m];
                    best_b = b;
                    best_m = m;
                }
        }
        if (best_b < 0)
            return;
        int nb = c->blocks++;
        c->node[nb] = (struct shared_node){ best_b, best_m, c->node[best_b].depth + 1 };
        c->child_block[(size_t)best_b * (size_t)c->points + (size_t)best_m] = nb;
        memset(c->merged + (size_t)nb * (size_t)c->points, 0, sizeof *c->merged * (size_t)c->points);
        memset(c->child_block + (size_t)nb * (size_t)c->points, 0,
               sizeof *c->child_block * (size_t)c->points);
        rebase(s, c, nb, block_node(s, c, nb));
    }
}

static void post(struct search *s, struct search_cluster *c, bool stop)
{
    double t0 = search_now();
    grow(s, c);
    c->n = C_N + c->per_move * c->points * c->blocks;
    memset(c->sent, 0, sizeof *c->sent * (size_t)c->n);
    int64_t done = atomic_load_explicit(&s->job.playouts, memory_order_relaxed);
    c->sent[C_PLAYOUTS] = done - c->playouts_sent;
    c->playouts_sent = done;
    c->sent[C_STOP] = stop;
    c->sent[C_DONE] = c->done;
    delta(&tree_root(&s->tree)->stats, c->base + C_ROOT_V, c->sent + C_ROOT_V);
    find_blocks(s, c);
    /* slots of moves this tree lacks stay 0 (memset above) */
    for (int b = 0; b < c->blocks; b++) {
        struct tree_node *ch = NULL;
        int k = children(&s->tree, c->at[b], &ch);
        for (int i = 0; i < k; i++) {
            int64_t *base = slot(c->base, c, b, ch[i].move), *sent = slot(c->sent, c, b, ch[i].move);
            delta(&ch[i].stats, base, sent);
            if (c->p.amaf)
                delta(&ch[i].amaf, base + 2, sent + 2);
        }
    }
    memcpy(c->buf, c->sent, sizeof *c->buf * (size_t)c->n);
    c->net.start(c->net.ctx, c->buf, c->n);
    c->in_flight = true;
    c->ticks = 0;
    c->posted_at = search_now();
    c->tot.busy += c->posted_at - t0;
    c->tot.rounds++;
    c->search_rounds++;
    c->tot.bytes += (int64_t)sizeof *c->buf * c->n;
}

/* The round in flight is complete: adds the others' statistics. */
static void collect(struct search *s, struct search_cluster *c)
{
    double t0 = search_now();
    c->in_flight = false;
    c->tot.in_flight += t0 - c->posted_at;
    if (c->ticks > c->tot.max_lead)
        c->tot.max_lead = c->ticks;
    c->tot.playouts += c->buf[C_PLAYOUTS];
    c->all_done = c->buf[C_DONE];
    if (c->buf[C_STOP])
        c->stop_seen = true;
    apply(&tree_root(&s->tree)->stats, c->buf + C_ROOT_V, c->sent + C_ROOT_V, c->base + C_ROOT_V);
    find_blocks(s, c);
    /* the others' statistics of a move this tree lacks are dropped */
    for (int b = 0; b < c->blocks; b++) {
        struct tree_node *ch = NULL;
        int k = children(&s->tree, c->at[b], &ch);
        for (int i = 0; i < k; i++) {
            int m = ch[i].move;
            int64_t *total = slot(c->buf, c, b, m), *mine = slot(c->sent, c, b, m);
            int64_t *base = slot(c->base, c, b, m);
            int64_t rv = apply(&ch[i].stats, total, mine, base);
            if (c->p.amaf)
                apply(&ch[i].amaf, total + 2, mine + 2, base + 2);
            if (b == 0)
                c->from_others += rv;
        }
    }
    for (int b = 0; b < c->blocks; b++)
        for (int p = 0; p < c->points; p++)
            c->merged[(size_t)b * (size_t)c->points + (size_t)p] += slot(c->buf, c, b, p)[0];
    c->tot.busy += search_now() - t0;
}

void search_cluster_begin(struct search *s)
{
    struct search_cluster *c = s->cluster;
    if (!c || !c->armed)
        return;
    c->armed = false;
    c->active = true;
    c->in_flight = c->stop_seen = c->done = false;
    c->all_done = 0;
    c->points = s->root_board.geom->points;
    c->blocks = 1;
    c->node[0] = (struct shared_node){ -1, -1, 0 };
    memset(c->merged, 0, sizeof *c->merged * (size_t)c->points);
    memset(c->child_block, 0, sizeof *c->child_block * (size_t)c->points);
    /* What the tree holds already (a reused subtree) stays this process's own. */
    delta(&tree_root(&s->tree)->stats, c->base + C_ROOT_V, c->sent + C_ROOT_V);
    rebase(s, c, 0, tree_root(&s->tree));
    c->playouts_sent = 0;
    c->search_rounds = c->from_others = 0;
    /* Worker 0 plays about 1 / threads of the process's playouts. */
    c->every = c->p.playouts > 0 ? (c->p.playouts + s->n_threads - 1) / s->n_threads : 0;
    c->tot.playouts = 0;
    c->tot.searches++;
    /* Processes given the same seed would play the same playouts, and after
     * every round hold the same tree again: N copies of one search. Each
     * process other than 0 moves its threads to streams of its own (derived
     * from the current ones, so a seed still makes the job reproducible). */
    if (c->net.rank > 0)
        for (int i = 0; i < s->n_threads; i++)
            rng_seed(&s->th[i].rng, rng_derive(rng_next(&s->th[i].rng), (uint64_t)c->net.rank));
    c->t0 = search_now();
    post(s, c, false);
}

/* Waits for the round in flight: process 0 at most `wait` seconds. */
static void finish_round(struct search *s, struct search_cluster *c)
{
    while (c->in_flight && !c->failed) {
        if (c->net.test(c->net.ctx)) {
            collect(s, c);
            break;
        }
        if (c->net.rank == 0 && search_now() - c->posted_at > c->p.wait)
            c->failed = true;
        else
            nanosleep(&(struct timespec){ 0, 200000 }, NULL);
    }
}

bool search_cluster_poll(struct search *s)
{
    struct search_cluster *c = s->cluster;
    if (!c || !c->active)
        return false;
    c->ticks++;
    bool due = c->every > 0 && c->ticks >= c->every;
    if (c->in_flight) {
        if (due) {
            /* A cadence ahead of some process: searching on would build on
             * statistics that lag further and further behind the others'. */
            c->tot.waits++;
            finish_round(s, c);
            if (c->failed)
                return true;
        } else if (!c->net.test(c->net.ctx)) {
            if (c->net.rank == 0 && search_now() - c->posted_at > c->p.wait) {
                c->failed = true;
                return true;
            }
            return false;
        } else {
            collect(s, c);
        }
    }
    if (c->stop_seen)
        return true;
    if (due || search_now() - c->posted_at >= c->p.interval_ms / 1000.0)
        post(s, c, false);
    return false;
}

void search_cluster_end(struct search *s)
{
    struct search_cluster *c = s->cluster;
    if (!c || !c->active)
        return;
    /* Every process comes here when its workers stopped: at its own playout
     * budget, or (process 0) at its clock or an interrupt, or when a round
     * said stop. Until a round says stop, the rounds go on, saying this
     * process is done; process 0 says stop once every process is done, or
     * at once when its clock or an interrupt stopped it (a budget of time,
     * not of playouts), or when its hard time limit passes while it waits.
     * After the round that says stop, one last round brings in the
     * playouts that were still running. */
    c->done = true;
    struct search_job *j = &s->job;
    bool by_budget = j->max_playouts > 0
                     && atomic_load_explicit(&j->playouts, memory_order_relaxed) >= j->max_playouts;
    finish_round(s, c);
    while (!c->failed && !c->stop_seen) {
        bool stop = c->net.rank == 0
                    && (!by_budget || c->all_done >= c->net.size
                        || atomic_load_explicit(&j->interrupt, memory_order_relaxed)
                        || (j->hard > 0 && search_now() - j->t0 >= j->hard));
        post(s, c, stop);
        finish_round(s, c);
    }
    if (!c->failed) {
        post(s, c, false);
        finish_round(s, c);
    }
    c->active = false;
    c->tot.seconds += search_now() - c->t0;
    c->tot.shared = c->blocks;
    if (c->net.rank == 0 && s->p.verbose >= 1) {
        /* How much of the decision rests on the others' playouts: their
         * share of the visits of the root's children. */
        struct tree_node *ch = NULL;
        int k = children(&s->tree, tree_root(&s->tree), &ch);
        int64_t all = 0;
        for (int i = 0; i < k; i++)
            all += tree_visits(&ch[i]);
        fprintf(stderr, "hane-mpi: %d processes, %lld playouts in all, %lld rounds (%lld so far, "
                "%lld waits, %lld KB sent), %d nodes shared, %.0f%% of the root's visits from "
                "the others\n",
                c->net.size, (long long)c->tot.playouts, (long long)c->search_rounds,
                (long long)c->tot.rounds, (long long)c->tot.waits, (long long)(c->tot.bytes / 1000),
                c->blocks,
                all > 0 ? 100.0 * (double)c->from_others / (double)all : 0.0);
    }
}
