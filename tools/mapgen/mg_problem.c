/* mg_problem.c — problem tables, range reward, heuristic, goal, random maps. */
#include "tools/mapgen/mg_problem.h"

#include <math.h>
#include <string.h>

#define INF INFINITY

static const mg_problem problems[MG_NPROBLEMS] = {
    {MG_BINARY, "binary", 14, 14, 2, {"empty", "solid"}, {'.', '#'}, {0.5, 0.5}, 2,
     {{"regions", 5, 1, 1}, {"path-length", 1, INF, INF}}, 78},
    {MG_ZELDA, "zelda", 11, 7, 8,
     {"empty", "solid", "player", "key", "door", "spider", "bat", "scorpion"},
     {'.', '#', '@', 'k', 'D', 's', 'b', 'c'},
     {0.58, 0.30, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02}, 7,
     {{"player", 3, 1, 1},
      {"key", 3, 1, 1},
      {"door", 3, 1, 1},
      {"enemies", 1, 2, 5},
      {"regions", 5, 1, 1},
      {"nearest-enemy", 2, 4, INF},
      {"path-length", 1, INF, INF}},
     40},
    {MG_SOKOBAN, "sokoban", 5, 5, 5, {"empty", "solid", "player", "crate", "target"},
     {'-', '#', '@', '$', '.'}, {0.45, 0.40, 0.05, 0.05, 0.05}, 7,
     {{"player", 3, 1, 1},
      {"crate", 2, 1, 3},
      {"target", 2, 1, 3},
      {"regions", 5, 1, 1},
      {"ratio", 2, -INF, -INF},
      {"dist-win", 0, -INF, -INF},
      {"sol-length", 1, INF, INF}},
     10},
};

const mg_problem *mg_problem_get(mg_problem_id id)
{
    return (unsigned)id < MG_NPROBLEMS ? &problems[id] : NULL;
}

const mg_problem *mg_problem_find(const char *name)
{
    for (int i = 0; i < MG_NPROBLEMS; i++)
        if (strcmp(problems[i].name, name) == 0)
            return &problems[i];
    return NULL;
}

double mg_range_reward(double n, double o, double lo, double hi)
{
    /* first matching case wins (the authors' code); cases 4–5 are kept exactly as it has them */
    if (n >= lo && n <= hi && o >= lo && o <= hi)
        return 0;
    if (n <= hi && o <= hi)
        return fmin(n, lo) - fmin(o, lo);
    if (n >= lo && o >= lo)
        return fmax(o, hi) - fmax(n, hi);
    if (n > hi && o < lo)
        return (hi - n) + (o - lo);
    if (n < lo && o > hi)
        return (hi - o) + (n - lo);
    return 0;   /* unreachable: every (n, o) pair falls in one case above */
}

double mg_heuristic(const mg_problem *p, const mg_stats *s, const mg_stats *ref)
{
    double sum = 0;
    for (int k = 0; k < p->nstats; k++) {
        const mg_term *t = &p->terms[k];
        if (t->weight != 0)
            sum += t->weight * mg_range_reward(s->v[k], ref->v[k], t->lo, t->hi);
    }
    return sum;
}

bool mg_goal(const mg_problem *p, mg_targets t, const mg_stats *s, const mg_stats *ref)
{
    bool paper = t == MG_TARGETS_PAPER;
    switch (p->id) {
    case MG_BINARY:
        return s->v[0] == 1 && s->v[1] - ref->v[1] >= 20;
    case MG_ZELDA:
        return s->v[5] >= (paper ? 5 : 4) && s->v[6] >= (paper ? 20 : 16);
    case MG_SOKOBAN:
        return s->v[6] >= (paper ? 20 : 18);
    default:
        return false;
    }
}

void mg_random_map(const mg_problem *p, struct rng *rng, uint8_t *map)
{
    int n = p->w * p->h;
    for (int i = 0; i < n; i++) {
        double u = rng_double(rng), acc = 0;
        int t = p->ntiles - 1;
        for (int k = 0; k < p->ntiles; k++) {
            acc += p->prob[k];
            if (u < acc) {
                t = k;
                break;
            }
        }
        map[i] = (uint8_t)t;
    }
}
