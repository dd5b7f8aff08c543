/* m3_gp: genetic programming over selection formulas (Mugrai et al. 2019). */
#include "tools/match3/m3_gp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Attempts per mutant before the slot is filled with a fresh random tree, and passes over the
 * shuffled parent pairs before crossover gives up: only tiny populations ever reach them. */
#define M3_GP_MUTATION_TRIES 200
#define M3_GP_CROSSOVER_PASSES 8

void m3_pset_init(m3_pset *ps, uint64_t seed, int with_minus)
{
    struct rng r;
    rng_seed(&r, rng_derive(seed, 0x434F4E5354ULL));   /* "CONST" */
    for (int i = 0; i < M3_GP_CONSTS; i++)
        ps->consts[i] = 10.0 * rng_double(&r);
    ps->with_minus = with_minus;
}

static int n_functions(const m3_pset *ps)
{
    return ps->with_minus ? 5 : 4;
}

static int n_terminals(void)
{
    return 4 + M3_GP_CONSTS;
}

static m3_expr *random_terminal(const m3_pset *ps, struct rng *r)
{
    uint32_t k = rng_below(r, (uint32_t)n_terminals());
    if (k < 4)
        return m3_expr_var((m3_op)(M3_VAR_W + k));
    return m3_expr_const(ps->consts[k - 4]);
}

static m3_expr *gen_rec(const m3_pset *ps, struct rng *r, int depth, int height, int full,
                        int min_h)
{
    double t_ratio = (double)n_terminals() / (n_terminals() + n_functions(ps));
    int terminal = depth == height ||
                   (!full && depth >= min_h && rng_double(r) < t_ratio);
    if (terminal)
        return random_terminal(ps, r);
    static const m3_op fns[] = {M3_ADD, M3_MUL, M3_DIV, M3_SQRT, M3_SUB};
    m3_op op = fns[rng_below(r, (uint32_t)n_functions(ps))];
    m3_expr *a = gen_rec(ps, r, depth + 1, height, full, min_h);
    m3_expr *b = op == M3_SQRT ? NULL : gen_rec(ps, r, depth + 1, height, full, min_h);
    return m3_expr_node(op, a, b);
}

m3_expr *m3_gp_random_tree(const m3_pset *ps, struct rng *r, int min_h, int max_h)
{
    int height = min_h + (int)rng_below(r, (uint32_t)(max_h - min_h + 1));
    int full = rng_below(r, 2) == 0;
    return gen_rec(ps, r, 0, height, full, min_h);
}

int m3_gp_normalise(m3_expr **e)
{
    *e = m3_expr_fold(*e);
    return !m3_expr_is_terminal(*e) && m3_expr_height(*e) <= M3_GP_HEIGHT_CAP;
}

m3_gp_sizes m3_gp_sizes_of(int pop)
{
    m3_gp_sizes s;
    s.elite = pop / 10 > 0 ? pop / 10 : 1;
    s.parents = pop / 2 > 1 ? pop / 2 : (pop > 1 ? pop : 1);
    s.mutants = (pop - s.elite) / 2;
    s.children = pop - s.elite - s.mutants;
    return s;
}

void m3_indiv_set(m3_indiv *ind, m3_expr *e, int origin)
{
    memset(ind, 0, sizeof *ind);
    ind->expr = e;
    ind->origin = origin;
    m3_expr_signature(e, ind->sig);
}

void m3_indiv_clear(m3_indiv *ind)
{
    m3_expr_free(ind->expr);
    ind->expr = NULL;
}

static int equiv_any(const double *sig, const m3_indiv *set, int n)
{
    for (int i = 0; i < n; i++)
        if (m3_signature_equiv(sig, set[i].sig))
            return 1;
    return 0;
}

/* Normalises `e` and adds it as out[*n] if it is admissible and new; else frees it. */
static int try_add(m3_expr *e, m3_indiv *out, int *n, int origin)
{
    if (!m3_gp_normalise(&e)) {
        m3_expr_free(e);
        return 0;
    }
    double sig[M3_PROBES];
    m3_expr_signature(e, sig);
    if (equiv_any(sig, out, *n)) {
        m3_expr_free(e);
        return 0;
    }
    m3_indiv_set(&out[*n], e, origin);
    (*n)++;
    return 1;
}

void m3_gp_init_population(const m3_pset *ps, struct rng *r, m3_indiv *out, int pop)
{
    int n = 0;
    while (n < pop)
        try_add(m3_gp_random_tree(ps, r, M3_GP_MIN_HEIGHT, M3_GP_MAX_HEIGHT), out, &n,
                M3_ORIGIN_INIT);
}

/* Replaces one random constant leaf with a different pool constant; 0 if there is none. */
static int mutate_constant(const m3_pset *ps, struct rng *r, m3_expr **root)
{
    m3_expr **slots[1024];
    int n = m3_expr_slots(root, slots, 1024), k = 0;
    if (n > 1024)
        n = 1024;
    m3_expr **consts[1024];
    for (int i = 0; i < n; i++)
        if ((*slots[i])->op == M3_CONST)
            consts[k++] = slots[i];
    if (k == 0)
        return 0;
    m3_expr *leaf = *consts[rng_below(r, (uint32_t)k)];
    double other[M3_GP_CONSTS];
    int no = 0;
    for (int i = 0; i < M3_GP_CONSTS; i++)
        if (ps->consts[i] != leaf->value)
            other[no++] = ps->consts[i];
    if (no == 0)
        return 0;
    leaf->value = other[rng_below(r, (uint32_t)no)];
    return 1;
}

/* Replaces a random node (root included) with a new ramped tree of height 2-6. */
static void mutate_uniform(const m3_pset *ps, struct rng *r, m3_expr **root)
{
    m3_expr **slots[1024];
    int n = m3_expr_slots(root, slots, 1024);
    if (n > 1024)
        n = 1024;
    m3_expr **slot = slots[rng_below(r, (uint32_t)n)];
    m3_expr_free(*slot);
    *slot = m3_gp_random_tree(ps, r, M3_GP_MIN_HEIGHT, M3_GP_MAX_HEIGHT);
}

/* One-point crossover: a random non-root node of each tree, subtrees swapped. */
static void crossover(struct rng *r, m3_expr **t1, m3_expr **t2)
{
    m3_expr **s1[1024], **s2[1024];
    int n1 = m3_expr_slots(t1, s1, 1024), n2 = m3_expr_slots(t2, s2, 1024);
    if (n1 > 1024) n1 = 1024;
    if (n2 > 1024) n2 = 1024;
    if (n1 < 2 || n2 < 2)
        return;
    m3_expr **a = s1[1 + rng_below(r, (uint32_t)(n1 - 1))];
    m3_expr **b = s2[1 + rng_below(r, (uint32_t)(n2 - 1))];
    m3_expr *t = *a;
    *a = *b;
    *b = t;
}

static int admissible(m3_expr **e, const m3_indiv *set, int n, double *sig)
{
    if (!m3_gp_normalise(e))
        return 0;
    m3_expr_signature(*e, sig);
    return !equiv_any(sig, set, n);
}

int m3_gp_breed(const m3_pset *ps, struct rng *r, const m3_indiv *cur, m3_indiv *next, int pop)
{
    m3_gp_sizes sz = m3_gp_sizes_of(pop);
    int n = 0, fills = 0;
    /* 1. elite */
    for (int i = 0; i < sz.elite && i < pop; i++) {
        m3_indiv_set(&next[n], m3_expr_copy(cur[i].expr), M3_ORIGIN_ELITE);
        n++;
    }
    /* 2. mutants of distinct parents drawn from the best `parents` */
    int *perm = malloc((size_t)sz.parents * sizeof *perm);
    for (int i = 0; i < sz.parents; i++)
        perm[i] = i;
    for (int i = sz.parents - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint32_t)(i + 1)), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (int k = 0; k < sz.mutants; k++) {
        const m3_indiv *parent = &cur[perm[k % sz.parents]];
        int done = 0;
        for (int tries = 0; tries < M3_GP_MUTATION_TRIES && !done; tries++) {
            m3_expr *e = m3_expr_copy(parent->expr);
            if (rng_double(r) >= 0.5 || !mutate_constant(ps, r, &e))
                mutate_uniform(ps, r, &e);
            double sig[M3_PROBES];
            if (admissible(&e, next, n, sig)) {
                m3_indiv_set(&next[n++], e, M3_ORIGIN_MUTANT);
                done = 1;
            } else {
                m3_expr_free(e);
            }
        }
        if (!done) {
            fills++;
            while (!try_add(m3_gp_random_tree(ps, r, M3_GP_MIN_HEIGHT, M3_GP_MAX_HEIGHT),
                            next, &n, M3_ORIGIN_FILL))
                ;
        }
    }
    free(perm);
    /* 3. children of all pairs of the best `parents`, in shuffled order */
    int npairs = sz.parents * (sz.parents - 1) / 2, target = n + sz.children;
    int *pairs = malloc((size_t)(npairs > 0 ? npairs : 1) * 2 * sizeof *pairs);
    int q = 0;
    for (int i = 0; i < sz.parents; i++)
        for (int j = i + 1; j < sz.parents; j++) {
            pairs[2 * q] = i;
            pairs[2 * q + 1] = j;
            q++;
        }
    for (int pass = 0; pass < M3_GP_CROSSOVER_PASSES && n < target && npairs > 0; pass++) {
        for (int i = npairs - 1; i > 0; i--) {
            int j = (int)rng_below(r, (uint32_t)(i + 1));
            int a = pairs[2 * i], b = pairs[2 * i + 1];
            pairs[2 * i] = pairs[2 * j];
            pairs[2 * i + 1] = pairs[2 * j + 1];
            pairs[2 * j] = a;
            pairs[2 * j + 1] = b;
        }
        for (int p = 0; p < npairs && n < target; p++) {
            m3_expr *c1 = m3_expr_copy(cur[pairs[2 * p]].expr);
            m3_expr *c2 = m3_expr_copy(cur[pairs[2 * p + 1]].expr);
            crossover(r, &c1, &c2);
            double s1[M3_PROBES], s2[M3_PROBES];
            if (!admissible(&c1, next, n, s1) || !admissible(&c2, next, n, s2)) {
                m3_expr_free(c1);
                m3_expr_free(c2);
                continue;
            }
            m3_indiv_set(&next[n++], c1, M3_ORIGIN_CHILD);
            if (n < target && !m3_signature_equiv(s1, s2))
                m3_indiv_set(&next[n++], c2, M3_ORIGIN_CHILD);
            else
                m3_expr_free(c2);
        }
    }
    free(pairs);
    while (n < pop) {
        if (try_add(m3_gp_random_tree(ps, r, M3_GP_MIN_HEIGHT, M3_GP_MAX_HEIGHT), next, &n,
                    M3_ORIGIN_FILL))
            fills++;
    }
    return fills;
}

static int cmp_fitness(const void *x, const void *y)
{
    const m3_indiv *a = x, *b = y;
    if (a->fitness > b->fitness) return -1;
    if (a->fitness < b->fitness) return 1;
    return 0;
}

void m3_gp_sort(m3_indiv *pop, int n)
{
    /* insertion sort: stable, and populations are small */
    for (int i = 1; i < n; i++) {
        m3_indiv t = pop[i];
        int j = i;
        while (j > 0 && cmp_fitness(&pop[j - 1], &t) > 0) {
            pop[j] = pop[j - 1];
            j--;
        }
        pop[j] = t;
    }
}
