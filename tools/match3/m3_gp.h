/* m3_gp: genetic programming over selection formulas (Mugrai et al. 2019) — primitive set, ramped
 * half-and-half trees, normalisation, and breeding of the next generation (elitism,
 * constant/uniform mutation, one-point crossover, duplicate rejection by equivalence). */
#ifndef M3_GP_H
#define M3_GP_H

#include <stdint.h>

#include "tools/match3/m3_expr.h"
#include "engine/board/rng.h"

#define M3_GP_CONSTS 10
#define M3_GP_MIN_HEIGHT 2
#define M3_GP_MAX_HEIGHT 6
#define M3_GP_HEIGHT_CAP 17

typedef struct {
    double consts[M3_GP_CONSTS];   /* drawn once per run from U[0,10] */
    int with_minus;                /* adds binary '-' to the functions */
} m3_pset;

/* The primitive set of a run with master seed `seed`. */
void m3_pset_init(m3_pset *ps, uint64_t seed, int with_minus);

/* A ramped half-and-half tree: height uniform in [min_h, max_h], full or grow with
 * probability 1/2 each (DEAP semantics, as the paper's code). Not normalised. */
m3_expr *m3_gp_random_tree(const m3_pset *ps, struct rng *r, int min_h, int max_h);

/* Normalises (folds constants) and says whether the tree may join a population: its root is
 * not a terminal and its height is at most M3_GP_HEIGHT_CAP. Consumes *e, replaces it. */
int m3_gp_normalise(m3_expr **e);

/* One member of a population. */
typedef struct {
    m3_expr *expr;
    double sig[M3_PROBES];         /* equivalence signature */
    double fitness;                /* mean over the generation's games (Mugrai et al. 2019) */
    double score_mean;             /* mean final score */
    double moves_mean;             /* mean available moves */
    int origin;                    /* M3_ORIGIN_* (for logs) */
} m3_indiv;

enum { M3_ORIGIN_INIT, M3_ORIGIN_ELITE, M3_ORIGIN_MUTANT, M3_ORIGIN_CHILD, M3_ORIGIN_FILL };

/* Sizes of a generation of `pop` (Mugrai et al. 2019 for pop = 100: 10 elite, 45 mutants from the best
 * 50, 45 children of the best 50; other sizes scale the same proportions). */
typedef struct { int elite, mutants, children, parents; } m3_gp_sizes;
m3_gp_sizes m3_gp_sizes_of(int pop);

/* Sets ind->expr = e (taking it) and computes the signature. */
void m3_indiv_set(m3_indiv *ind, m3_expr *e, int origin);
void m3_indiv_clear(m3_indiv *ind);

/* `pop` pairwise non-equivalent random individuals. */
void m3_gp_init_population(const m3_pset *ps, struct rng *r, m3_indiv *out, int pop);

/* The next generation from `cur` (pop members sorted by fitness, best first) into `next`.
 * Returns how many slots had to be filled with fresh random trees because mutation or
 * crossover could not find enough new formulas (0 in normal runs). */
int m3_gp_breed(const m3_pset *ps, struct rng *r, const m3_indiv *cur, m3_indiv *next, int pop);

/* Sorts by fitness, best first; ties keep their order. */
void m3_gp_sort(m3_indiv *pop, int n);

#endif
