/* plan_common — statuses, defaults, results, clock, key set and evaluation counting. */
#include "tools/plan/plan_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *plan_status_name(plan_status s)
{
    static const char *names[] = {"goal",       "exhausted",   "node-limit", "iteration-limit",
                                  "eval-limit", "time-limit",  "pool-full",  "bad-config"};
    if ((unsigned)s < sizeof names / sizeof names[0])
        return names[s];
    return "unknown";
}

plan_config plan_config_default(void)
{
    plan_config c;
    memset(&c, 0, sizeof c);
    c.seed = 1;
    c.eval_at_generation = true;
    return c;
}

plan_mcts_config plan_mcts_config_default(void)
{
    plan_mcts_config c;
    memset(&c, 0, sizeof c);
    c.base = plan_config_default();
    c.expand = PLAN_EXPAND_ONE;
    c.select = plan_select_ucb1;
    c.ucb1.c = sqrt(0.5);
    c.ucb1.k = 2.0;
    c.rollout = plan_rollout_uniform;
    c.stop_at_goal = true;
    return c;
}

void plan_result_free(const plan_domain *d, plan_result *r)
{
    if (r->best_state) {
        plan_state_release(d, r->best_state);
        free(r->best_state);
        r->best_state = NULL;
    }
}

double plan_clock(bool cpu)
{
    struct timespec ts;
    clock_gettime(cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double plan_budget_now(const plan_budget *b)
{
    return plan_clock(b->cpu_clock);
}

/* ---- key set ---- */

static inline size_t hslot(uint64_t key, size_t mask)
{
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    key ^= key >> 33;
    return (size_t)key & mask;
}

bool plan_hset_contains(const plan_hset *h, uint64_t key)
{
    if (key == 0)
        return h->has_zero;
    if (h->cap == 0)
        return false;
    size_t mask = h->cap - 1;
    for (size_t i = hslot(key, mask);; i = (i + 1) & mask) {
        if (h->slots[i] == key)
            return true;
        if (h->slots[i] == 0)
            return false;
    }
}

static bool hset_grow(plan_hset *h, size_t max_bytes)
{
    size_t ncap = h->cap ? h->cap * 2 : 1024;
    if (max_bytes && ncap * sizeof(uint64_t) > max_bytes)
        return false;
    uint64_t *ns = calloc(ncap, sizeof *ns);
    if (!ns)
        return false;
    size_t mask = ncap - 1;
    for (size_t j = 0; j < h->cap; j++) {
        uint64_t k = h->slots[j];
        if (!k)
            continue;
        size_t i = hslot(k, mask);
        while (ns[i])
            i = (i + 1) & mask;
        ns[i] = k;
    }
    free(h->slots);
    h->slots = ns;
    h->cap = ncap;
    return true;
}

int plan_hset_add(plan_hset *h, uint64_t key, size_t max_bytes)
{
    if (key == 0) {
        if (h->has_zero)
            return 0;
        h->has_zero = true;
        return 1;
    }
    if (plan_hset_contains(h, key))
        return 0;
    if ((h->count + 1) * 2 > h->cap && !hset_grow(h, max_bytes))
        return -1;
    size_t mask = h->cap - 1;
    size_t i = hslot(key, mask);
    while (h->slots[i])
        i = (i + 1) & mask;
    h->slots[i] = key;
    h->count++;
    return 1;
}

size_t plan_hset_bytes(const plan_hset *h)
{
    return h->cap * sizeof(uint64_t);
}

void plan_hset_free(plan_hset *h)
{
    free(h->slots);
    memset(h, 0, sizeof *h);
}

/* ---- evaluations ---- */

void plan_evals_init(plan_evals *e, const plan_domain *d)
{
    e->d = d;
    e->calls = 0;
    e->start = d->eval_count ? d->eval_count(d->ctx) : 0;
}

uint64_t plan_evals_used(const plan_evals *e)
{
    if (e->d->eval_count)
        return e->d->eval_count(e->d->ctx) - e->start;
    return e->calls;
}

double plan_eval(plan_evals *e, const void *state)
{
    e->calls++;
    return e->d->evaluate(e->d->ctx, state);
}

double plan_priority(plan_evals *e, const void *state)
{
    e->calls++;
    return e->d->priority ? e->d->priority(e->d->ctx, state) : e->d->evaluate(e->d->ctx, state);
}

double plan_reward(plan_evals *e, const void *state)
{
    e->calls++;
    return e->d->reward ? e->d->reward(e->d->ctx, state) : e->d->evaluate(e->d->ctx, state);
}

void plan_state_copy(const plan_domain *d, void *dst, const void *src)
{
    if (d->copy)
        d->copy(d->ctx, dst, src);
    else
        memcpy(dst, src, d->state_size);
}

void plan_state_release(const plan_domain *d, void *state)
{
    if (d->release)
        d->release(d->ctx, state);
}

bool plan_check_domain(const plan_domain *d, const plan_budget *b, char *err,
                         size_t errlen)
{
    const char *why = NULL;
    if (!d)
        why = "no domain";
    else if (d->state_size == 0)
        why = "domain state_size is 0";
    else if (d->max_actions <= 0)
        why = "domain max_actions must be positive";
    else if (!d->actions || !d->apply || !d->evaluate)
        why = "domain lacks one of the required hooks actions, apply, evaluate";
    else if (b->time_limit < 0 || isnan(b->time_limit))
        why = "time_limit must be >= 0";
    if (why) {
        snprintf(err, errlen, "search: %s", why);
        return false;
    }
    return true;
}

plan_status plan_budget_hit(const plan_budget *b, uint64_t nodes, uint64_t iterations,
                                uint64_t evals, double t0)
{
    if (b->max_nodes && nodes >= b->max_nodes)
        return PLAN_NODE_LIMIT;
    if (b->max_iterations && iterations >= b->max_iterations)
        return PLAN_ITERATION_LIMIT;
    if (b->max_evals && evals >= b->max_evals)
        return PLAN_EVAL_LIMIT;
    if (b->time_limit > 0 && plan_clock(b->cpu_clock) - t0 >= b->time_limit)
        return PLAN_TIME_LIMIT;
    return PLAN_GOAL;
}
