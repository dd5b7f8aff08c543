/* test_normalise — normalising a gamma table fixes the scale of the features
 * every board move carries and changes no move's probability. */
#include "patterns/normalise.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

static struct pat_gammas *default_copy(void)
{
    char err[300];
    struct pat_gammas *t = pat_gammas_parse(pat_default_json, pat_default_json_len,
                                            "default", err, sizeof err);
    ck_assert_msg(t != NULL, "%s", err);
    return t;
}

/* P of every legal move and the pass of the position, in `moves` order. */
static int probabilities(const struct pat_gammas *t, const struct board *b, enum color c,
                         point *moves, double *p)
{
    static pat_vec vecs[BOARD_MAX_POINTS + 1];
    struct pat_opts o;
    pat_gammas_opts(t, &o);
    int n = pat_all_features(b, c, &o, moves, vecs);
    double total = 0;
    for (int i = 0; i < n; i++)
        total += p[i] = pat_gammas_strength(t, vecs[i]);
    for (int i = 0; i < n; i++)
        p[i] /= total;
    return n;
}

static void assert_same_probabilities(const struct pat_gammas *a, const struct pat_gammas *b,
                                      const struct board *bd, enum color c)
{
    static point ma[BOARD_MAX_POINTS + 1], mb[BOARD_MAX_POINTS + 1];
    static double pa[BOARD_MAX_POINTS + 1], pb[BOARD_MAX_POINTS + 1];
    int na = probabilities(a, bd, c, ma, pa), nb = probabilities(b, bd, c, mb, pb);
    ck_assert_int_eq(na, nb);
    for (int i = 0; i < na; i++) {
        ck_assert_int_eq(ma[i], mb[i]);
        ck_assert_msg(fabs(pa[i] - pb[i]) <= 1e-5 * pa[i] + 1e-300,
                      "move %d: P %.9g before, %.9g after", ma[i], pa[i], pb[i]);
    }
}

START_TEST(probabilities_unchanged)
{
    struct pat_gammas *before = default_copy(), *after = default_copy();
    pat_gammas_normalise(after, NULL);
    struct board b;
    board_clear(&b, 19);
    static const int xy[][2] = { { 3, 3 }, { 15, 15 }, { 15, 3 }, { 3, 15 }, { 2, 5 },
                                 { 5, 2 }, { 16, 13 }, { 13, 16 }, { 9, 9 }, { 10, 9 } };
    enum color c = BLACK;
    for (size_t i = 0; i < sizeof xy / sizeof xy[0]; i++) {
        if (i >= 4)   /* the last four moves are board moves */
            assert_same_probabilities(before, after, &b, c);
        ck_assert_int_ge(board_play(&b, c, board_point(&b, xy[i][0], xy[i][1])), 0);
        c = color_other(c);
    }
    /* after a pass: the pass's second value is compensated for dist2..dist4 */
    ck_assert_int_ge(board_play(&b, c, PASS), 0);
    c = color_other(c);
    assert_same_probabilities(before, after, &b, c);
    pat_gammas_free(before);
    pat_gammas_free(after);
}
END_TEST

START_TEST(geometric_mean_one)
{
    struct pat_gammas *before = default_copy(), *after = default_copy();
    double scale[PAT_NFEAT];
    pat_gammas_normalise(after, scale);
    int normalised = 0;
    for (int f = 0; f < PAT_NFEAT; f++) {
        if (f == PAT_F_EDGE) {   /* folded into area */
            for (int v = 1; v < after->n_values[f]; v++)
                ck_assert(after->gamma[f][v] == 1.0f);
            continue;
        }
        if (!pat_feature_always_carried((enum pat_feature)f) || f == PAT_F_PASS) {
            ck_assert(scale[f] == 1);
            for (int v = 1; v < before->n_values[f] && f != PAT_F_PASS; v++)
                ck_assert(before->gamma[f][v] == after->gamma[f][v]);
            continue;
        }
        double lsum = 0;
        int n = 0;
        for (int v = 1; v < before->n_values[f]; v++)
            if (before->gamma[f][v] != 1.0f) {
                lsum += log(after->gamma[f][v]);
                n++;
            }
        if (n) {
            normalised++;
            ck_assert_msg(fabs(lsum / n) < 1e-5, "%s: mean ln gamma %g",
                          pat_feature_name[f], lsum / n);
        }
    }
    ck_assert_int_ge(normalised, 5);   /* the default table rates them */
    pat_gammas_free(before);
    pat_gammas_free(after);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("normalise");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, probabilities_unchanged);
    tcase_add_test(tc, geometric_mean_one);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : 0;
}
