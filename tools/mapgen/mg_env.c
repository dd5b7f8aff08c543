/* mg_env.c — representations, counters and the tools/plan domain of tools/mapgen. */
#include "tools/mapgen/mg_env.h"

#include <string.h>

#include "tools/common/names.h"

static const char *rep_names[MG_NREPS] = {"narrow", "turtle", "wide"};

const char *mg_rep_name(mg_rep_id r)
{
    return (unsigned)r < MG_NREPS ? rep_names[r] : "?";
}

int mg_rep_find(const char *name)
{
    return names_find(rep_names, MG_NREPS, name);
}

bool mg_env_init(mg_env *e, const mg_problem *p, mg_rep_id rep, mg_targets t)
{
    memset(e, 0, sizeof *e);
    e->p = p;
    e->rep = rep;
    e->targets = t;
    e->ncells = p->w * p->h;
    e->nactions = rep == MG_NARROW ? p->ntiles
                  : rep == MG_TURTLE ? 4 + p->ntiles
                                     : e->ncells * p->ntiles;
    if (p->id == MG_SOKOBAN) {
        e->ws = mg_soko_ws_new();
        if (!e->ws)
            return false;
    }
    return true;
}

void mg_env_free(mg_env *e)
{
    mg_soko_ws_free(e->ws);
    e->ws = NULL;
}

void mg_env_map_stats(mg_env *e, const uint8_t *map, mg_stats *out)
{
    e->evals++;
    mg_stats_compute_ws(e->p, map, out, e->ws);
}

void mg_env_reset(mg_env *e, struct rng *rng, mg_state *s)
{
    const mg_problem *p = e->p;
    memset(s, 0, sizeof *s);
    mg_random_map(p, rng, s->map);
    if (e->rep == MG_NARROW) {
        int k = 0, tmp[MG_MAX_CELLS];
        for (int x = 0; x < p->w; x++)
            for (int y = 0; y < p->h; y++)
                tmp[k++] = y * p->w + x;
        rng_shuffle_ints(rng, tmp, (size_t)k);
        for (int i = 0; i < k; i++)
            e->order[i] = (int16_t)tmp[i];
        s->idx = 0;
        s->x = (int16_t)(e->order[0] % p->w);
        s->y = (int16_t)(e->order[0] / p->w);
    } else if (e->rep == MG_TURTLE) {
        s->x = (int16_t)rng_below(rng, (uint32_t)p->w);
        s->y = (int16_t)rng_below(rng, (uint32_t)p->h);
    }
    mg_env_map_stats(e, s->map, &s->stats);
    s->dirty = 0;
    e->ref = s->stats;
}

void mg_wide_decode(const mg_problem *p, int a, int *x, int *y, int *v)
{
    *x = a % p->w;
    *y = (a / p->w) % p->h;
    *v = a / (p->w * p->h);
}

static void set_tile(mg_state *s, int cell, int v)
{
    if (s->map[cell] != v) {
        s->map[cell] = (uint8_t)v;
        s->changes++;
        s->dirty = 1;
    }
}

void mg_env_step(const mg_env *e, mg_state *s, int a)
{
    const mg_problem *p = e->p;
    s->steps++;
    switch (e->rep) {
    case MG_NARROW: {
        set_tile(s, e->order[s->idx], a);
        s->idx = (int16_t)((s->idx + 1) % e->ncells);
        s->x = (int16_t)(e->order[s->idx] % p->w);
        s->y = (int16_t)(e->order[s->idx] / p->w);
        break;
    }
    case MG_TURTLE: {
        static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
        if (a < 4) {
            int nx = s->x + dx[a], ny = s->y + dy[a];
            if (nx >= 0 && nx < p->w && ny >= 0 && ny < p->h) {   /* clamped at the edge */
                s->x = (int16_t)nx;
                s->y = (int16_t)ny;
            }
        } else {
            set_tile(s, s->y * p->w + s->x, a - 4);
        }
        break;
    }
    case MG_WIDE:
    default: {
        int x, y, v;
        mg_wide_decode(p, a, &x, &y, &v);
        set_tile(s, y * p->w + x, v);
        break;
    }
    }
}

const mg_stats *mg_env_stats(mg_env *e, mg_state *s)
{
    if (s->dirty) {
        mg_env_map_stats(e, s->map, &s->stats);
        s->dirty = 0;
    }
    return &s->stats;
}

double mg_env_heuristic(mg_env *e, mg_state *s)
{
    return mg_heuristic(e->p, mg_env_stats(e, s), &e->ref);
}

bool mg_env_goal(mg_env *e, mg_state *s)
{
    return mg_goal(e->p, e->targets, mg_env_stats(e, s), &e->ref);
}

bool mg_env_budget_over(const mg_env *e, const mg_state *s)
{
    return s->changes >= (uint32_t)e->ncells ||
           s->steps >= (uint32_t)e->ncells * (uint32_t)e->ncells;
}

bool mg_env_done(mg_env *e, mg_state *s)
{
    return mg_env_budget_over(e, s) || mg_env_goal(e, s);
}

uint64_t mg_env_hash(const mg_env *e, const mg_state *s)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    int n = e->ncells, i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s->map + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    for (; i < n; i++) {
        h = (h ^ s->map[i]) * 0xc4ceb9fe1a85ec53ull;
        h ^= h >> 29;
    }
    if (e->rep != MG_WIDE)
        h = (h ^ (uint64_t)(s->y * e->p->w + s->x + 1) * 0x9e3779b97f4a7c15ull) *
            0xff51afd7ed558ccdull;
    return h ^ (h >> 31);
}

/* ---- plan_domain hooks (the domain never writes through const state pointers
 * except to refresh the stats cache, which is why they cast) ---- */

static int d_actions(void *ctx, const void *state, int *out)
{
    const mg_env *e = ctx;
    for (int a = 0; a < e->nactions; a++)
        out[a] = a;
    return e->nactions;
}

static void d_apply(void *ctx, void *state, int a)
{
    mg_env_step(ctx, state, a);
}

static bool d_terminal(void *ctx, const void *state)
{
    return mg_env_done(ctx, (mg_state *)state);
}

static bool d_goal(void *ctx, const void *state)
{
    return mg_env_goal(ctx, (mg_state *)state);
}

static double d_evaluate(void *ctx, const void *state)
{
    return mg_env_heuristic(ctx, (mg_state *)state);
}

static bool d_rollout_done(void *ctx, const void *state)
{
    /* wins inside rollouts are not detected (the authors' code): budget only */
    return mg_env_budget_over(ctx, state);
}

static uint64_t d_hash(void *ctx, const void *state)
{
    return mg_env_hash(ctx, state);
}

static uint64_t d_evals(void *ctx)
{
    return ((const mg_env *)ctx)->evals;
}

plan_domain mg_env_domain(mg_env *e)
{
    return (plan_domain){ .ctx = e, .state_size = sizeof(mg_state),
                          .max_actions = e->nactions, .actions = d_actions, .apply = d_apply,
                          .terminal = d_terminal, .goal = d_goal, .evaluate = d_evaluate,
                          .rollout_done = d_rollout_done, .hash = d_hash,
                          .eval_count = d_evals };
}
