/* Check suite for m3_gp and m3_evolve: acceptance check 9 (README, Tests) (a generation is 10 + 45 + 45 pairwise
 * non-equivalent members; fixed seed => reproducible logs), tree generation, resumption. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/match3/m3_evolve.h"
#include "tools/match3/m3_gp.h"

static void assert_pairwise_distinct(const m3_indiv *pop, int n)
{
    for (int i = 0; i < n; i++) {
        ck_assert(!m3_expr_is_terminal(pop[i].expr));
        ck_assert_int_le(m3_expr_height(pop[i].expr), M3_GP_HEIGHT_CAP);
        for (int j = i + 1; j < n; j++)
            ck_assert_msg(!m3_signature_equiv(pop[i].sig, pop[j].sig), "members %d and %d", i, j);
    }
}

START_TEST(random_trees)
{
    m3_pset ps;
    m3_pset_init(&ps, 3, 0);
    for (int i = 0; i < M3_GP_CONSTS; i++)
        ck_assert(ps.consts[i] >= 0 && ps.consts[i] < 10);
    struct rng r;
    rng_seed(&r, rng_derive(3, 0));
    int seen[7] = {0};
    for (int k = 0; k < 2000; k++) {
        m3_expr *e = m3_gp_random_tree(&ps, &r, 2, 6);
        int h = m3_expr_height(e);
        ck_assert_int_ge(h, 2);
        ck_assert_int_le(h, 6);
        seen[h]++;
        m3_expr_free(e);
    }
    for (int h = 2; h <= 6; h++)
        ck_assert_int_gt(seen[h], 100);
}
END_TEST

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(check9_generation)
{
    enum { POP = 100 };
    m3_pset ps;
    m3_pset_init(&ps, 11, 0);
    struct rng r;
    rng_seed(&r, rng_derive(11, 1));
    m3_indiv *cur = calloc(POP, sizeof *cur), *next = calloc(POP, sizeof *next);
    m3_indiv *again = calloc(POP, sizeof *again);
    m3_gp_init_population(&ps, &r, cur, POP);
    assert_pairwise_distinct(cur, POP);
    for (int i = 0; i < POP; i++)   /* any fitness; the order is what breeding reads */
        cur[i].fitness = (double)((i * 37) % POP);
    m3_gp_sort(cur, POP);
    for (int i = 1; i < POP; i++)
        ck_assert(cur[i - 1].fitness >= cur[i].fitness);
    struct rng b1, b2;
    rng_seed(&b1, rng_derive(11, 2));
    rng_seed(&b2, rng_derive(11, 2));
    ck_assert_int_eq(m3_gp_breed(&ps, &b1, cur, next, POP), 0);
    ck_assert_int_eq(m3_gp_breed(&ps, &b2, cur, again, POP), 0);
    assert_pairwise_distinct(next, POP);
    int count[5] = {0};
    for (int i = 0; i < POP; i++)
        count[next[i].origin]++;
    ck_assert_int_eq(count[M3_ORIGIN_ELITE], 10);
    ck_assert_int_eq(count[M3_ORIGIN_MUTANT], 45);
    ck_assert_int_eq(count[M3_ORIGIN_CHILD], 45);
    char *a[POP], *b[POP];
    for (int i = 0; i < POP; i++) {
        a[i] = m3_expr_string(next[i].expr);
        b[i] = m3_expr_string(again[i].expr);
        ck_assert_str_eq(a[i], b[i]);          /* same seed, same generation */
    }
    for (int i = 0; i < 10; i++) {             /* the elite are the best 10, unchanged */
        char *s = m3_expr_string(cur[i].expr);
        ck_assert_str_eq(a[i], s);
        free(s);
    }
    qsort(a, POP, sizeof *a, cmp_str);
    for (int i = 1; i < POP; i++)
        ck_assert_str_ne(a[i - 1], a[i]);
    for (int i = 0; i < POP; i++) {
        free(a[i]);
        free(b[i]);
        m3_indiv_clear(&cur[i]);
        m3_indiv_clear(&next[i]);
        m3_indiv_clear(&again[i]);
    }
    free(cur);
    free(next);
    free(again);
}
END_TEST

START_TEST(sizes)
{
    m3_gp_sizes s = m3_gp_sizes_of(100);
    ck_assert_int_eq(s.elite, 10);
    ck_assert_int_eq(s.mutants, 45);
    ck_assert_int_eq(s.children, 45);
    ck_assert_int_eq(s.parents, 50);
    s = m3_gp_sizes_of(20);
    ck_assert_int_eq(s.elite + s.mutants + s.children, 20);
    ck_assert_int_le(s.mutants, s.parents);
}
END_TEST

/* The log without the wall-clock field. */
static char *read_log(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/log.jsonl", dir);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *out = malloc(n + 1), *o = out;
    for (char *s = buf; *s;) {
        if (strncmp(s, ",\"seconds\":", 11) == 0) {
            s += 11;
            while (*s && *s != '}' && *s != ',') s++;
            continue;
        }
        *o++ = *s++;
    }
    *o = 0;
    return out;
}

static void rm_run(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(check9_reproducible_logs)
{
    char d1[] = "/tmp/m3gpAXXXXXX", d2[] = "/tmp/m3gpBXXXXXX", d3[] = "/tmp/m3gpCXXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(d1));
    ck_assert_ptr_nonnull(mkdtemp(d2));
    ck_assert_ptr_nonnull(mkdtemp(d3));
    m3_evolve_config c;
    m3_evolve_defaults(&c);
    c.persona = M3_MAXS;
    c.pop = 6;
    c.gens = 3;
    c.games = 2;
    c.iters = 8;
    c.seed = 99;
    c.quiet = 1;
    c.out = d1;
    c.jobs = 1;
    ck_assert_int_eq(m3_evolve_run(&c), 0);
    c.out = d2;
    c.jobs = 2;                       /* the thread count does not change the games */
    ck_assert_int_eq(m3_evolve_run(&c), 0);
    c.out = d3;                       /* two generations, then resumed to three */
    c.gens = 2;
    ck_assert_int_eq(m3_evolve_run(&c), 0);
    c.gens = 3;
    ck_assert_int_eq(m3_evolve_run(&c), 0);
    char *l1 = read_log(d1), *l2 = read_log(d2), *l3 = read_log(d3);
    ck_assert_str_eq(l1, l2);
    ck_assert_str_eq(l1, l3);
    int lines = 0;
    for (char *s = l1; *s; s++)
        lines += *s == '\n';
    ck_assert_int_eq(lines, 3);
    free(l1);
    free(l2);
    free(l3);
    /* another persona in the same directory is refused (its message silenced here) */
    c.persona = M3_MINM;
    fflush(stderr);
    int saved = dup(2);
    FILE *null = fopen("/dev/null", "w");
    ck_assert_ptr_nonnull(null);
    dup2(fileno(null), 2);
    int rc = m3_evolve_run(&c);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    fclose(null);
    ck_assert_int_eq(rc, -1);
    rm_run(d1);
    rm_run(d2);
    rm_run(d3);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("m3_gp");
    TCase *tc = tcase_create("gp");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, random_trees);
    tcase_add_test(tc, sizes);
    tcase_add_test(tc, check9_generation);
    tcase_add_test(tc, check9_reproducible_logs);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
