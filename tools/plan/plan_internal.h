/* plan_internal — helpers shared by plan_frontier.c and plan_mcts.c (not part of the API). */
#ifndef HANE_TOOLS_PLAN_INTERNAL_H
#define HANE_TOOLS_PLAN_INTERNAL_H

#include "tools/plan/plan.h"

#define PLAN_DEFAULT_MEMORY ((size_t)256 << 20)


/* Open-addressing set of 64-bit keys (key 0 is stored as a flag). */
typedef struct plan_hset {
    uint64_t *slots;
    size_t cap;      /* power of two, 0 before the first insert */
    size_t count;
    bool has_zero;
} plan_hset;

bool plan_hset_contains(const plan_hset *h, uint64_t key);
/* Insert; returns 1 if added, 0 if present, -1 if growing would pass `max_bytes`
 * (0 = no limit) or memory ran out. */
int plan_hset_add(plan_hset *h, uint64_t key, size_t max_bytes);
size_t plan_hset_bytes(const plan_hset *h);
void plan_hset_free(plan_hset *h);

/* Evaluation bookkeeping shared by the searches. */
typedef struct plan_evals {
    const plan_domain *d;
    uint64_t calls;   /* library-counted calls */
    uint64_t start;   /* domain count at the start */
} plan_evals;

void plan_evals_init(plan_evals *e, const plan_domain *d);
uint64_t plan_evals_used(const plan_evals *e);
double plan_eval(plan_evals *e, const void *state);
double plan_priority(plan_evals *e, const void *state);
double plan_reward(plan_evals *e, const void *state);

/* Copy / release through the domain hooks. */
void plan_state_copy(const plan_domain *d, void *dst, const void *src);
void plan_state_release(const plan_domain *d, void *state);

/* Check the domain and budget; on error write `err` and return false. */
bool plan_check_domain(const plan_domain *d, const plan_budget *b, char *err,
                         size_t errlen);

/* Which budget (other than memory) is exhausted, or PLAN_GOAL (= none). */
plan_status plan_budget_hit(const plan_budget *b, uint64_t nodes, uint64_t iterations,
                                uint64_t evals, double t0);
/* Now on the budget's clock. */
double plan_budget_now(const plan_budget *b);

#endif
