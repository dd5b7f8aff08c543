/* Check suite for m3_expr: acceptance check 7 (README, Tests) (formulas), canonical printing, safe evaluation,
 * folding, equivalence and parse errors. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tools/match3/m3_expr.h"
#include "tools/match3/m3_gp.h"

static m3_expr *parse(const char *s)
{
    char err[128];
    m3_expr *e = m3_expr_parse(s, err, sizeof err);
    ck_assert_msg(e != NULL, "%s: %s", s, err);
    return e;
}

static double eval4(const char *s, double w, double n, double nn, double m)
{
    m3_expr *e = parse(s);
    double v[M3_NVARS] = {w, n, nn, m};
    double r = m3_expr_eval(e, v);
    m3_expr_free(e);
    return r;
}

static void assert_prints(const char *in, const char *out)
{
    m3_expr *e = parse(in);
    char *s = m3_expr_string(e);
    ck_assert_str_eq(s, out);
    /* the canonical text parses back to the same text */
    m3_expr *f = parse(s);
    char *t = m3_expr_string(f);
    ck_assert_str_eq(t, s);
    free(s);
    free(t);
    m3_expr_free(e);
    m3_expr_free(f);
}

static int equiv(const char *a, const char *b)
{
    m3_expr *x = parse(a), *y = parse(b);
    int r = m3_expr_equiv(x, y);
    m3_expr_free(x);
    m3_expr_free(y);
    return r;
}

START_TEST(check7_vanilla)
{
    ck_assert_double_eq_tol(m3_ucb1(3, 10, 50), 1.5507344, 5e-8);
    ck_assert(isinf(m3_ucb1(0, 0, 50)) && m3_ucb1(0, 0, 50) > 0);
}
END_TEST

START_TEST(check7_eval)
{
    ck_assert_double_eq_tol(eval4("W/n + sqrt(N/n)", 3, 4, 16, 1), 2.75, 1e-12);
    double z = eval4("W/n + sqrt(N/n)", 3, 0, 16, 1);
    ck_assert(isinf(z) && z > 0);
}
END_TEST

START_TEST(check7_fold)
{
    m3_expr *e = parse("(2.0+3.0)*W");
    ck_assert(m3_gp_normalise(&e));
    char *s = m3_expr_string(e);
    ck_assert_str_eq(s, "5*W");
    free(s);
    m3_expr_free(e);
    /* folding reaches a fixpoint through nested constants */
    e = parse("sqrt(4*4)/(1+1) + W");
    ck_assert(m3_gp_normalise(&e));
    s = m3_expr_string(e);
    ck_assert_str_eq(s, "2 + W");
    free(s);
    m3_expr_free(e);
    /* an all-constant tree folds to a root terminal and is rejected */
    e = parse("sqrt(2)*3");
    ck_assert(!m3_gp_normalise(&e));
    ck_assert_int_eq(e->op, M3_CONST);
    m3_expr_free(e);
    /* an invalid constant operation is left unfolded (it evaluates to +inf) */
    e = parse("1/0 + W");
    ck_assert(m3_gp_normalise(&e));
    s = m3_expr_string(e);
    ck_assert_str_eq(s, "1/0 + W");
    free(s);
    m3_expr_free(e);
}
END_TEST

START_TEST(check7_root_terminal)
{
    m3_expr *e = parse("W");
    ck_assert(!m3_gp_normalise(&e));
    m3_expr_free(e);
    e = parse("W*1");
    ck_assert(m3_gp_normalise(&e));
    m3_expr_free(e);
}
END_TEST

START_TEST(check7_equiv)
{
    ck_assert(equiv("W*(n+M)", "W*n + W*M"));
    ck_assert(!equiv("W/n", "n/W"));
    ck_assert(equiv("sqrt(W)", "sqrt(W)*1"));
    ck_assert(equiv("W/n + sqrt(N/n)", "sqrt(N/n) + W/n"));
    ck_assert(!equiv("W/n + sqrt(N/n)", "W/n + sqrt(N/n) + 0.001"));
    ck_assert(!equiv("N + M", "N*M"));
}
END_TEST

START_TEST(safe_eval)
{
    /* sqrt of a negative: +inf */
    double v = eval4("sqrt(W - n) + 1", 1, 2, 3, 4);
    ck_assert(isinf(v) && v > 0);
    /* division by zero anywhere makes the whole value +inf, even under other operations */
    v = eval4("0*(1/W)", 0, 2, 3, 4);
    ck_assert(isinf(v) && v > 0);
    /* a NaN result (inf - inf from overflow) is -inf */
    v = eval4("N*1e308*10 - N*1e308*10", 0, 2, 3, 4);
    ck_assert(isinf(v) && v < 0);
    ck_assert_double_eq_tol(eval4("W - n*2", 5, 1, 0, 0), 3, 1e-12);
}
END_TEST

START_TEST(printing)
{
    assert_prints("W/n + sqrt(N/n)", "W/n + sqrt(N/n)");
    assert_prints("((W))", "W");
    assert_prints("W+(n+N)", "W + (n + N)");
    assert_prints("(W+n)+N", "W + n + N");
    assert_prints("W/(n/N)", "W/(n/N)");
    assert_prints("(W/n)/N", "W/n/N");
    assert_prints("(W+n)*N", "(W + n)*N");
    assert_prints("W - (n - N)", "W - (n - N)");
    assert_prints("-2.5*W", "(-2.5)*W");
    assert_prints("0.1*W", "0.1*W");
    assert_prints("1e-7 + 1.5e20*M", "1e-07 + 1.5e+20*M");
    /* pool constants keep every bit through print and parse */
    m3_expr *e = m3_expr_node(M3_MUL, m3_expr_const(3.7134567890123457), m3_expr_var(M3_VAR_M));
    char *s = m3_expr_string(e);
    m3_expr *f = parse(s);
    ck_assert(f->a->value == 3.7134567890123457);
    free(s);
    m3_expr_free(e);
    m3_expr_free(f);
}
END_TEST

static void assert_error(const char *in, const char *what)
{
    char err[128];
    m3_expr *e = m3_expr_parse(in, err, sizeof err);
    ck_assert_msg(e == NULL, "%s parsed", in);
    ck_assert_msg(strstr(err, what) != NULL, "%s: got \"%s\", expected \"%s\"", in, err, what);
}

START_TEST(parse_errors)
{
    assert_error("", "column 1: unexpected end");
    assert_error("W +", "column 4");
    assert_error("W + x", "column 5: unexpected 'x'");
    assert_error("sqrt W", "expected '(' after sqrt");
    assert_error("sqrt(W", "expected ')'");
    assert_error("(W", "expected ')'");
    assert_error("W)", "unexpected ')' after");
    assert_error("Wn", "unknown name");
    assert_error("1e", "malformed exponent");
    assert_error("1e999*W", "out of range");
    char deep[1000];
    memset(deep, '(', 500);
    strcpy(deep + 500, "W");
    assert_error(deep, "nested deeper");
}
END_TEST

START_TEST(probes_fixed)
{
    const double (*p)[M3_NVARS] = m3_expr_probes();
    for (int i = 0; i < M3_PROBES - 2; i++) {
        ck_assert(p[i][M3_n] >= 1 && p[i][M3_n] <= 250);
        ck_assert(p[i][M3_W] >= 0 && p[i][M3_W] <= p[i][M3_n]);
        ck_assert(p[i][M3_N] >= p[i][M3_n] && p[i][M3_N] <= 250);
        ck_assert(p[i][M3_M] >= 1 && p[i][M3_M] <= 40);
    }
    ck_assert(p[M3_PROBES - 2][M3_n] == 0 && p[M3_PROBES - 2][M3_W] == 0);
    ck_assert(p[M3_PROBES - 1][M3_W] == 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("m3_expr");
    TCase *tc = tcase_create("expr");
    tcase_add_test(tc, check7_vanilla);
    tcase_add_test(tc, check7_eval);
    tcase_add_test(tc, check7_fold);
    tcase_add_test(tc, check7_root_terminal);
    tcase_add_test(tc, check7_equiv);
    tcase_add_test(tc, safe_eval);
    tcase_add_test(tc, printing);
    tcase_add_test(tc, parse_errors);
    tcase_add_test(tc, probes_fixed);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
