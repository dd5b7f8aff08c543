/* nv_search.c — parameters, names and dispatch of the story searches. */
#include "tools/narrative/nv_search.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tools/common/names.h"

static const char *const algo_names[] = { "mcts", "bfs", "dfs", "best" };
static const char *const roll_names[] = { "uniform", "biased", "table" };

nv_params nv_params_default(void)
{
    nv_params p = { .algo = NV_ALGO_MCTS, .budget = 3000000, .seed = 1, .run = 0, .c = 0.3,
                    .rollout = NV_ROLL_BIASED, .selection_bias = false, .prune = true,
                    .mem_cap_mb = 4096 };
    return p;
}

const char *nv_algo_name(nv_algo a)
{
    return (unsigned)a < 4 ? algo_names[a] : "?";
}

int nv_algo_parse(const char *s)
{
    return names_find(algo_names, 4, s);
}

const char *nv_rollout_name(nv_rollout r)
{
    return (unsigned)r < 3 ? roll_names[r] : "?";
}

int nv_rollout_parse(const char *s)
{
    return names_find(roll_names, 3, s);
}

void nv_story_finish(const nv_world *w, nv_story *st)
{
    nv_score sc = { 0 };
    if (nv_story_score(w, st->acts, st->n, &sc, NULL, NULL)) {
        st->E = sc.E;
        st->B = sc.B;
        st->G = sc.G;
    }
}

int nv_search(const nv_world *w, const nv_params *p, nv_result *res, char *err, size_t cap)
{
    memset(res, 0, sizeof *res);
    if (p->budget == 0 || p->budget > (uint64_t)1 << 31) {
        snprintf(err, cap, "budget must be in 1..2^31");
        return -1;
    }
    if (w->max_len < 1 || w->max_len > NV_MAX_LEN) {
        snprintf(err, cap, "max-len must be in 1..%d", NV_MAX_LEN);
        return -1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = p->algo == NV_ALGO_MCTS ? nv_search_mcts(w, p, res, err, cap)
                                     : nv_search_tree(w, p, res, err, cap);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    res->time_ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    return rc;
}
