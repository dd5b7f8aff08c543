/* mg_opt.c — the optimisers: hill climbing, simulated annealing, (μ+λ) evolution
 * strategy and a genetic algorithm, on the wide representation (Bhaumik et al. 2020). */
#include "tools/mapgen/mg_run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


#define MAX_POP 256

typedef struct indiv {
    uint8_t map[MG_MAX_CELLS];
    mg_stats stats;
    double fit;
} indiv;

typedef struct opt {
    const mg_config *c;
    mg_env *e;
    struct rng *rng;
    double t0;
    const char *stop;
    double T;               /* simulated annealing's temperature */
} opt;

static void evaluate(opt *o, indiv *x)
{
    mg_env_map_stats(o->e, x->map, &x->stats);
    x->fit = mg_heuristic(o->e->p, &x->stats, &o->e->ref);
}

/* Budget over?  Sets o->stop. */
static bool over(opt *o)
{
    if (o->c->eval_limit && o->e->evals >= o->c->eval_limit) {
        o->stop = "eval-limit";
        return true;
    }
    if (o->c->time_limit > 0 && plan_clock(o->c->cpu_clock) - o->t0 >= o->c->time_limit) {
        o->stop = "time-limit";
        return true;
    }
    return false;
}

static bool is_goal(opt *o, const indiv *x)
{
    return mg_goal(o->e->p, o->e->targets, &x->stats, &o->e->ref);
}

static int random_action(opt *o)
{
    return (int)rng_below(o->rng, (uint32_t)(o->e->ncells * o->e->p->ntiles));
}

/* One random wide action on x; re-evaluated only if a tile changed. */
static void mutate(opt *o, indiv *x)
{
    int cx, cy, v;
    mg_wide_decode(o->e->p, random_action(o), &cx, &cy, &v);
    int cell = cy * o->e->p->w + cx;
    if (x->map[cell] != v) {
        x->map[cell] = (uint8_t)v;
        evaluate(o, x);
    }
}

static void random_indiv(opt *o, indiv *x)
{
    mg_random_map(o->e->p, o->rng, x->map);
    evaluate(o, x);
}

/* Stable sort, best first. */
static void sort_pop(indiv *pop, int n)
{
    for (int i = 1; i < n; i++) {
        indiv t = pop[i];
        int j = i - 1;
        while (j >= 0 && pop[j].fit < t.fit) {
            pop[j + 1] = pop[j];
            j--;
        }
        pop[j + 1] = t;
    }
}

static void finish(opt *o, const indiv *best, bool found, uint64_t iters, mg_outcome *out)
{
    out->found = found;
    out->time = plan_clock(o->c->cpu_clock) - o->t0;
    out->heuristic = best->fit;
    out->result_depth = -1;
    out->max_depth = -1;
    out->iterations = iters;
    out->stop = found ? "goal" : o->stop;
    memset(&out->result, 0, sizeof out->result);
    memcpy(out->result.map, best->map, sizeof best->map);
    out->result.x = out->result.y = -1;
    out->result.stats = best->stats;
}

/* n random individuals, best first; the first one's statistics are the
 * heuristic's reference (n = 1: the single-map optimisers' start). */
static void init_population(opt *o, indiv *pop, int n)
{
    for (int i = 0; i < n; i++) {
        random_indiv(o, &pop[i]);
        if (i == 0)
            o->e->ref = pop[0].stats;
        pop[i].fit = mg_heuristic(o->e->p, &pop[i].stats, &o->e->ref);
    }
    sort_pop(pop, n);
}

/* Hill climbing: every wide neighbour of the map; the best replaces it (ties with the
 * running best replace that with p = 1/2).  NULL when the budget ends among the
 * neighbours. */
static indiv *step_hc(opt *o, indiv *pop, indiv *spare, int n)
{
    const indiv *cur = &pop[0];
    int nacts = o->e->ncells * o->e->p->ntiles;
    indiv nb = *cur, best;
    bool have = false;
    for (int a = 0; a < nacts; a++) {
        if (over(o))
            return NULL;
        int x, y, v;
        mg_wide_decode(o->e->p, a, &x, &y, &v);
        int cell = y * o->e->p->w + x;
        uint8_t old = nb.map[cell];
        if (old != v) {
            nb.map[cell] = (uint8_t)v;
            evaluate(o, &nb);
        } else {
            nb.stats = cur->stats;
            nb.fit = cur->fit;
        }
        if (!have || nb.fit > best.fit || (nb.fit == best.fit && rng_below(o->rng, 2))) {
            best = nb;
            have = true;
        }
        nb.map[cell] = old;
    }
    pop[0] = best;
    return pop;
}

/* Simulated annealing: one random mutation, kept if better, else with p = exp(-d / T). */
static indiv *step_sa(opt *o, indiv *pop, indiv *spare, int n)
{
    indiv *cur = &pop[0];
    indiv nb = *cur;
    mutate(o, &nb);
    if (nb.fit > cur->fit) {
        *cur = nb;
    } else {
        double d = cur->fit - nb.fit;
        /* d = 0 is always accepted (exp(0) = 1), also once T has underflowed to 0,
         * where the code's division would fail [D] */
        if (d == 0 || (o->T > 0 && rng_double(o->rng) < exp(-d / o->T)))
            *cur = nb;
    }
    o->T *= o->c->sa_cooling;
    return pop;
}

/* A population could not be allocated: the run ends with no map. */
static void out_of_memory(opt *o, mg_outcome *out)
{
    o->stop = "out-of-memory";
    indiv none;
    memset(&none, 0, sizeof none);
    finish(o, &none, false, 0, out);
}

/* One step of an optimiser (an iteration, or a generation) from `pop` (n individuals, best
 * first) into `pop` itself or into `spare`; returns the one that holds the result, or NULL
 * when the budget ran out during the step (which then counts for nothing). */
typedef indiv *(*step_fn)(opt *o, indiv *pop, indiv *spare, int n);

/* The optimisers' loop: stop on a goal at the top or when the budget is over, else step
 * and sort.  The single-map optimisers are populations of one. */
static void optimise(opt *o, indiv *pop, indiv *spare, int n, step_fn step, mg_outcome *out)
{
    init_population(o, pop, n);
    uint64_t iters = 0;
    bool found = false;
    for (;;) {
        if (is_goal(o, &pop[0])) {
            found = true;
            break;
        }
        if (over(o))
            break;
        indiv *next = step(o, pop, spare, n);
        if (!next)
            break;
        if (next == spare) {
            spare = pop;
            pop = next;
        }
        sort_pop(pop, n);
        iters++;
    }
    finish(o, &pop[0], found, iters, out);
}

/* (μ+λ): parent i yields two single-mutation children into slots μ+2i, μ+2i+1 (λ = 2μ). */
static indiv *step_es(opt *o, indiv *pop, indiv *spare, int n)
{
    int mu = o->c->es_mu;
    for (int i = 0; i < mu && mu + 2 * i + 1 < n; i++) {
        for (int k = 0; k < 2; k++) {
            indiv *ch = &pop[mu + 2 * i + k];
            *ch = pop[i];
            mutate(o, ch);
        }
    }
    return pop;
}

static void evolve(opt *o, mg_outcome *out)
{
    int n = o->c->es_mu + o->c->es_lambda;
    indiv *pop = malloc((size_t)n * sizeof *pop);
    if (!pop) {
        out_of_memory(o, out);
        return;
    }
    optimise(o, pop, NULL, n, step_es, out);
    free(pop);
}

int mg_rank_select(struct rng *rng, int n)
{
    /* rank r (0 = best) with probability (n − r) / (n(n+1)/2) */
    uint32_t total = (uint32_t)(n * (n + 1) / 2);
    uint32_t u = rng_below(rng, total);
    for (int r = 0; r < n; r++) {
        uint32_t w = (uint32_t)(n - r);
        if (u < w)
            return r;
        u -= w;
    }
    return n - 1;
}

static int rank_select(opt *o, int n)
{
    return mg_rank_select(o->rng, n);
}

static void crossover(opt *o, const indiv *a, const indiv *b, indiv *child)
{
    const mg_problem *p = o->e->p;
    int n = o->e->ncells;
    memcpy(child->map, a->map, sizeof child->map);
    switch (o->c->crossover) {
    case MG_XO_PAPER: {
        /* two points on the row-major string; the segment between them from parent 2 */
        int i = (int)rng_below(o->rng, (uint32_t)n + 1);
        int j = (int)rng_below(o->rng, (uint32_t)n + 1);
        if (i > j) {
            int t = i;
            i = j;
            j = t;
        }
        memcpy(child->map + i, b->map + i, (size_t)(j - i));
        break;
    }
    case MG_XO_RECT: {
        int x1 = (int)rng_below(o->rng, (uint32_t)p->w);
        int x2 = (int)rng_below(o->rng, (uint32_t)p->w);
        int y1 = (int)rng_below(o->rng, (uint32_t)p->h);
        int y2 = (int)rng_below(o->rng, (uint32_t)p->h);
        if (x1 > x2) { int t = x1; x1 = x2; x2 = t; }
        if (y1 > y2) { int t = y1; y1 = y2; y2 = t; }
        for (int y = y1; y <= y2; y++)
            memcpy(child->map + y * p->w + x1, b->map + y * p->w + x1, (size_t)(x2 - x1 + 1));
        break;
    }
    case MG_XO_ASRUN:
    default:
        break;   /* as run: the copy of parent 1 */
    }
}

/* The elite carried over, the rest bred by crossover (then maybe one mutation) or by
 * mutation of a rank-selected parent, into `next`. */
static indiv *step_ga(opt *o, indiv *pop, indiv *next, int n)
{
    int k = 0;
    for (; k < o->c->ga_elite && k < n; k++)
        next[k] = pop[k];
    for (; k < n; k++) {
        indiv *ch = &next[k];
        if (rng_double(o->rng) < o->c->ga_pcross) {
            const indiv *a = &pop[rank_select(o, n)], *b = &pop[rank_select(o, n)];
            crossover(o, a, b, ch);
            if (rng_double(o->rng) < o->c->ga_pmut) {
                int x, y, v;
                mg_wide_decode(o->e->p, random_action(o), &x, &y, &v);
                ch->map[y * o->e->p->w + x] = (uint8_t)v;
            }
            evaluate(o, ch);
        } else {
            *ch = pop[rank_select(o, n)];
            mutate(o, ch);
        }
    }
    return next;
}

static void genetic(opt *o, mg_outcome *out)
{
    int n = o->c->ga_pop;
    indiv *pop = malloc((size_t)n * sizeof *pop), *next = malloc((size_t)n * sizeof *next);
    if (pop && next)
        optimise(o, pop, next, n, step_ga, out);
    else
        out_of_memory(o, out);
    free(pop);
    free(next);
}

void mg_run_optimiser(const mg_config *c, mg_env *e, struct rng *rng, mg_outcome *out)
{
    opt o = {c, e, rng, plan_clock(c->cpu_clock), "time-limit", c->sa_t0};
    indiv single;
    switch (c->algo) {
    case MG_HC: optimise(&o, &single, NULL, 1, step_hc, out); break;
    case MG_SA: optimise(&o, &single, NULL, 1, step_sa, out); break;
    case MG_ES: evolve(&o, out); break;
    case MG_GA:
    default: genetic(&o, out); break;
    }
    out->evals = e->evals;
    out->ref = e->ref;
}
