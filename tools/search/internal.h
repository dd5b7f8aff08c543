/* internal.h — helpers shared by the search implementations (not part of the API). */
#ifndef HANE_TOOLS_SEARCH_INTERNAL_H
#define HANE_TOOLS_SEARCH_INTERNAL_H

#include "tools/search/search.h"

#define SEARCH_DEFAULT_MEMORY ((size_t)256 << 20)


/* Open-addressing set of 64-bit keys (key 0 is stored as a flag). */
typedef struct search_hset {
    uint64_t *slots;
    size_t cap;      /* power of two, 0 before the first insert */
    size_t count;
    bool has_zero;
} search_hset;

bool search_hset_contains(const search_hset *h, uint64_t key);
/* Insert; returns 1 if added, 0 if present, -1 if growing would pass `max_bytes`
 * (0 = no limit) or memory ran out. */
int search_hset_add(search_hset *h, uint64_t key, size_t max_bytes);
size_t search_hset_bytes(const search_hset *h);
void search_hset_free(search_hset *h);

/* Evaluation bookkeeping shared by the searches. */
typedef struct search_evals {
    const search_domain *d;
    uint64_t calls;   /* library-counted calls */
    uint64_t start;   /* domain count at the start */
} search_evals;

void search_evals_init(search_evals *e, const search_domain *d);
uint64_t search_evals_used(const search_evals *e);
double search_eval(search_evals *e, const void *state);
double search_priority(search_evals *e, const void *state);
double search_reward(search_evals *e, const void *state);

/* Copy / release through the domain hooks. */
void search_state_copy(const search_domain *d, void *dst, const void *src);
void search_state_release(const search_domain *d, void *state);

/* Check the domain and budget; on error write `err` and return false. */
bool search_check_domain(const search_domain *d, const search_budget *b, char *err,
                         size_t errlen);

/* Which budget (other than memory) is exhausted, or SEARCH_GOAL (= none). */
search_status search_budget_hit(const search_budget *b, uint64_t nodes, uint64_t iterations,
                                uint64_t evals, double t0);
/* Now on the budget's clock. */
double search_budget_now(const search_budget *b);

#endif
