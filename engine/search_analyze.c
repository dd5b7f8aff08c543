/* search_analyze — reports for GUIs (candidates, win rates, principal
 * variations, ownership) and the background searches that feed them:
 * analysis (lz-analyze, kata-analyze) and pondering. */
#include "engine/search_internal.h"

#include <stdlib.h>
#include <string.h>

static int by_visits(const void *a, const void *b)
{
    const struct search_candidate *x = a, *y = b;
    return (y->visits > x->visits) - (y->visits < x->visits);
}

/* Principal variation from child `c`: the most visited child, level by level. */
static int fill_pv(struct search *s, struct tree_node *c, point *pv, int max)
{
    int n = 0;
    while (c && n < max) {
        pv[n++] = tree_move(c);
        if (!tree_is_expanded(c))
            break;
        struct tree_node *ch = tree_node_at(&s->tree, c->first), *best = NULL;
        for (int i = 0; i < c->n_children; i++)
            if (tree_visits(&ch[i]) > 0 && (!best || tree_visits(&ch[i]) > tree_visits(best)))
                best = &ch[i];
        c = best;
    }
    return n;
}

void search_fill_report(struct search *s, struct search_report *r, float *own_buf)
{
    struct search_job *j = &s->job;
    memset(r, 0, sizeof *r);
    r->to_move = j->to_move;
    r->playouts = atomic_load_explicit(&j->playouts, memory_order_relaxed);
    struct tree_node *root = tree_root(&s->tree);
    r->root_winrate = 1.0 - tree_winrate(root, 0.5);
    int64_t sum2 = 0;
    for (int i = 0; i < s->n_threads; i++)
        sum2 += atomic_load_explicit(&s->th[i].score_sum2, memory_order_relaxed);
    uint32_t n_own = search_own_merge(s, own_buf);
    double lead = n_own ? sum2 / (2.0 * n_own) : 0;
    r->ownership = n_own ? own_buf : NULL;
    if (!tree_is_expanded(root))
        return;
    int nc = root->n_children;
    struct tree_node *ch = tree_node_at(&s->tree, root->first);
    /* Collect every visited child, sort, keep the best 64. */
    struct search_candidate *all = malloc(sizeof *all * (size_t)nc);
    if (!all)
        return;
    int k = 0;
    for (int i = 0; i < nc; i++) {
        struct tree_node *c = &ch[i];
        uint32_t v = tree_visits(c);
        if (!v || j->root_forbidden[c->move])
            continue;
        all[k].move = tree_move(c);
        all[k].visits = (int)v;
        all[k].winrate = tree_winrate(c, 0.5);
        all[k].prior = c->prior > 0 ? c->prior : 1.0 / nc;
        all[k].score_lead = lead;
        all[k].pv_len = i;              /* child index until the sort is done */
        k++;
    }
    qsort(all, (size_t)k, sizeof *all, by_visits);
    r->n = k < 64 ? k : 64;
    for (int i = 0; i < r->n; i++) {
        r->cand[i] = all[i];
        r->cand[i].pv_len = fill_pv(s, &ch[all[i].pv_len], r->cand[i].pv, 32);
    }
    free(all);
}

void search_set_reports(struct search *s, int interval_ms, search_report_fn fn, void *ctx)
{
    s->job.interval_ms = fn ? (interval_ms > 0 ? interval_ms : 100) : 0;
    s->job.report = fn;
    s->job.report_ctx = ctx;
    s->job.next_report = search_now() + s->job.interval_ms / 1000.0;
}

static void *bg_main(void *arg)
{
    search_run(arg);
    return NULL;
}

static bool bg_start(struct search *s, const struct game *g, enum color c, int interval_ms,
                     search_report_fn fn, void *ctx)
{
    search_analyze_stop(s);
    search_prepare(s, g, c);
    s->job.endless = true;
    search_set_reports(s, interval_ms, fn, ctx);
    if (pthread_create(&s->bg, NULL, bg_main, s) != 0)
        return false;
    s->bg_running = true;
    return true;
}

bool search_analyze_start(struct search *s, const struct game *g, enum color c,
                          int interval_ms, search_report_fn fn, void *ctx)
{
    return bg_start(s, g, c, interval_ms, fn, ctx);
}

void search_analyze_stop(struct search *s)
{
    if (!s->bg_running)
        return;
    atomic_store(&s->job.stop, true);
    pthread_join(s->bg, NULL);
    s->bg_running = false;
}

void search_ponder_start(struct search *s, const struct game *g, enum color c)
{
    if (s->p.ponder)
        bg_start(s, g, c, 0, NULL, NULL);
}

void search_ponder_stop(struct search *s)
{
    search_analyze_stop(s);
}

int search_move_priors(const struct search *s, const struct game *g, enum color c, point *moves,
                       float *priors)
{
    const struct board *b = &g->board;
    int k = 0;
    for (int i = 0; i < b->n_empty; i++) {
        point p = b->empty[i];
        if (search_candidate(b, c, p))
            moves[k++] = p;
    }
    moves[k++] = PASS;
    search_prior_rank(&s->prior, b, c, moves, priors, NULL, k);
    return k;
}
