/* mg_run.c — one run of a configuration: names, defaults, seeding, tree searches. */
#include "tools/mapgen/mg_run.h"

#include <math.h>
#include <string.h>

#include "tools/common/names.h"

static const char *algo_names[MG_NALGOS] = {"bfs", "dfs", "gbfs", "mcts",
                                            "hc",  "sa",  "es",   "ga"};
static const char *xo_names[3] = {"paper", "rect", "as-run"};

const char *mg_algo_name(mg_algo a)
{
    return (unsigned)a < MG_NALGOS ? algo_names[a] : "?";
}

int mg_algo_find(const char *name)
{
    return names_find(algo_names, MG_NALGOS, name);
}

bool mg_algo_is_tree(mg_algo a)
{
    return a <= MG_MCTS;
}

const char *mg_crossover_name(mg_crossover x)
{
    return (unsigned)x < 3 ? xo_names[x] : "?";
}

int mg_crossover_find(const char *name)
{
    return names_find(xo_names, 3, name);
}

void mg_config_default(mg_config *c)
{
    memset(c, 0, sizeof *c);
    c->p = mg_problem_get(MG_BINARY);
    c->rep = MG_NARROW;
    c->algo = MG_GBFS;
    c->targets = MG_TARGETS_CODE;
    c->runs = 1;
    c->time_limit = 60;
    c->cpu_clock = true;
    c->seed = 1;
    c->jobs = 1;
    c->mcts_c = 5;
    c->crossover = MG_XO_PAPER;
    c->memory = (size_t)512 << 20;
    c->sa_t0 = 10;
    c->sa_cooling = 0.99;
    c->es_mu = 10;
    c->es_lambda = 20;
    c->ga_pop = 30;
    c->ga_elite = 1;
    c->ga_pcross = 0.8;
    c->ga_pmut = 0.05;
}

int mg_config_index(const mg_config *c)
{
    /* per problem: 4 tree searches × 3 representations, then the 4 optimisers */
    int k;
    if (mg_algo_is_tree(c->algo))
        k = (int)c->algo * 3 + (int)c->rep;
    else if (c->rep == MG_WIDE)
        k = 12 + (int)(c->algo - MG_HC);
    else
        return -1;
    return (int)c->p->id * 16 + k;
}

static void run_tree(const mg_config *c, mg_env *e, struct rng *rng, mg_outcome *out)
{
    mg_state root;
    mg_env_reset(e, rng, &root);
    plan_domain d = mg_env_domain(e);
    plan_result r;
    plan_budget b;
    memset(&b, 0, sizeof b);
    b.time_limit = c->time_limit;
    b.cpu_clock = c->cpu_clock;
    b.max_evals = c->eval_limit;
    b.max_memory = c->memory;
    uint64_t seed = rng_next(rng);
    if (c->algo == MG_MCTS) {
        plan_mcts_config mc = plan_mcts_config_default();
        mc.base.budget = b;
        mc.base.seed = seed;
        mc.base.best_ties_random = false;
        mc.dedup = true;
        mc.expand = PLAN_EXPAND_ONE;
        mc.ucb1.c = c->mcts_c;
        mc.ucb1.k = 2;   /* c·sqrt(2·ln N / n), as the code has it */
        mc.rollout_length = c->rollout > 0 ? c->rollout : c->p->rollout_length;
        mc.stop_at_goal = true;
        plan_mcts_run_once(&d, &root, &mc, &r);
    } else {
        plan_config sc = plan_config_default();
        sc.budget = b;
        sc.seed = seed;
        sc.eval_at_generation = true;   /* each child's stats computed at generation */
        sc.best_ties_random = true;     /* equal heuristic replaces the best with p = 1/2 */
        sc.discard_when_full = true;    /* a full pool freezes the frontier, not the pace */
        sc.gbfs_heapq_ties = c->gbfs_heapq_ties;
        plan_order o = c->algo == MG_BFS ? PLAN_BFS
                         : c->algo == MG_DFS ? PLAN_DFS
                                             : PLAN_GBFS;
        plan_frontier(&d, &root, o, &sc, &r);
    }
    out->found = r.found;
    out->time = r.elapsed;
    out->heuristic = r.best_value;
    out->result_depth = r.best_depth;
    out->max_depth = r.max_depth;
    out->iterations = r.iterations;
    out->evals = r.evals;
    out->stop = plan_status_name(r.status);
    out->pool_full = r.pool_full;
    if (r.best_state)
        out->result = *(const mg_state *)r.best_state;
    else
        out->result = root;
    plan_result_free(&d, &r);
    out->ref = e->ref;
}

void mg_run_rng(struct rng *rng, const mg_config *c, int run_index)
{
    int ci = mg_config_index(c);
    rng_seed(rng, rng_derive(rng_derive(c->seed, (uint64_t)(ci < 0 ? 999 : ci)),
                             (uint64_t)run_index));
}

void mg_run_one(const mg_config *c, int run_index, mg_outcome *out)
{
    memset(out, 0, sizeof *out);
    struct rng rng;
    mg_run_rng(&rng, c, run_index);
    mg_env e;
    if (!mg_env_init(&e, c->p, c->rep, c->targets)) {
        out->stop = "out-of-memory";
        return;
    }
    if (mg_algo_is_tree(c->algo))
        run_tree(c, &e, &rng, out);
    else
        mg_run_optimiser(c, &e, &rng, out);
    mg_env_free(&e);
}
