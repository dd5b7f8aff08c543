/* test_mm_factors — latent-factor interactions: the interaction term, the
 * table format with factors, and training on synthetic data whose winners
 * depend on a pair of feature values (which plain Bradley–Terry cannot express). */
#include "patterns/factors.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sets the vector of value x of feature f. */
static void set_vec(struct pat_gammas *t, enum pat_feature f, unsigned x, const float *u)
{
    unsigned slot = pat_factor_slot(t, f, x);
    ck_assert_int_lt((int)slot, t->n_slots[f]);
    memcpy(t->factor[f] + (size_t)slot * (size_t)t->n_factors, u,
           sizeof *u * (size_t)t->n_factors);
}

START_TEST(interaction_is_sum_of_pair_products)
{
    struct pat_gammas *t = pat_gammas_new();
    ck_assert_ptr_nonnull(t);
    ck_assert(pat_gammas_set_factors(t, 3));
    const float a[3] = { 1, 2, -1 }, b[3] = { 0.5f, -1, 3 }, c[3] = { 2, 0, 1 };
    set_vec(t, PAT_F_DIST1, 2, a);
    set_vec(t, PAT_F_EDGE, 1, b);
    set_vec(t, PAT_F_CAPTURE, 4, c);
    t->gamma[PAT_F_DIST1][2] = 3.0f;
    pat_vec v = pat_set(pat_set(0, PAT_F_DIST1, 2), PAT_F_EDGE, 1);
    /* <a,b> = 0.5 - 2 - 3 */
    ck_assert(fabs(pat_gammas_interaction(t, v) - (-4.5)) < 1e-6);
    ck_assert(fabs(pat_gammas_strength(t, v) - 3.0 * exp(-4.5)) < 1e-9);
    v = pat_set(v, PAT_F_CAPTURE, 4);
    /* + <a,c> = 2 + 0 - 1, + <b,c> = 1 + 0 + 3 */
    ck_assert(fabs(pat_gammas_interaction(t, v) - (-4.5 + 1 + 4)) < 1e-6);
    /* one value alone has no partner */
    ck_assert(pat_gammas_interaction(t, pat_set(0, PAT_F_DIST1, 2)) == 0.0);
    /* a value without a vector (here: edge 3) adds nothing */
    ck_assert(fabs(pat_gammas_interaction(t, pat_set(pat_set(0, PAT_F_DIST1, 2), PAT_F_EDGE, 3)))
              < 1e-12);
    /* without factors the strength is the plain product */
    ck_assert(pat_gammas_set_factors(t, 0));
    ck_assert(t->n_factors == 0);
    ck_assert(fabs(pat_gammas_strength(t, v) - 3.0) < 1e-9);
    pat_gammas_free(t);
}
END_TEST

START_TEST(large_patterns_share_a_vector_per_size)
{
    struct pat_gammas *t = pat_gammas_new();
    uint32_t p1 = pat_gammas_large_add(t, 0x1234, 0), p2 = pat_gammas_large_add(t, 0x5678, 0);
    uint32_t p3 = pat_gammas_large_add(t, 0x9abc, 3);
    ck_assert(p1 && p2 && p3);
    ck_assert(pat_gammas_set_factors(t, 2));
    ck_assert_uint_eq(pat_factor_slot(t, PAT_F_LARGE, p1), 1);
    ck_assert_uint_eq(pat_factor_slot(t, PAT_F_LARGE, p2), 1);
    ck_assert_uint_eq(pat_factor_slot(t, PAT_F_LARGE, p3), 4);
    ck_assert_uint_eq(pat_factor_slot(t, PAT_F_LARGE, 0), 0);
    ck_assert_int_eq(t->n_slots[PAT_F_LARGE], PAT_LARGE_NSIZES + 1);
    pat_gammas_free(t);
}
END_TEST

START_TEST(factors_round_trip)
{
    struct pat_gammas *t = pat_gammas_new();
    uint32_t lv = pat_gammas_large_add(t, 0xfeedfacecafef00dull, 2);
    ck_assert(lv);
    ck_assert(pat_gammas_set_factors(t, 2));
    const float a[2] = { 0.25f, -1.5f }, b[2] = { 3, 0.125f }, c[2] = { -2, 1 };
    set_vec(t, PAT_F_DIST1, 5, a);
    set_vec(t, PAT_F_PAT3, 17, b);
    set_vec(t, PAT_F_LARGE, lv, c);
    char *s = pat_gammas_dump(t);
    ck_assert_ptr_nonnull(s);
    ck_assert_ptr_nonnull(strstr(s, "\"version\": 2"));
    char err[300];
    struct pat_gammas *u = pat_gammas_parse(s, strlen(s), "rt", err, sizeof err);
    ck_assert_msg(u != NULL, "%s", err);
    ck_assert_int_eq(u->n_factors, 2);
    pat_vec v = pat_set(pat_set(pat_set(0, PAT_F_DIST1, 5), PAT_F_PAT3, 17), PAT_F_LARGE, lv);
    ck_assert(fabs(pat_gammas_interaction(u, v) - pat_gammas_interaction(t, v)) < 1e-6);
    ck_assert(fabs(pat_gammas_interaction(u, v)) > 1);
    free(s);
    pat_gammas_free(u);
    /* a table without factors is still written (and read) as version 1 */
    ck_assert(pat_gammas_set_factors(t, 0));
    s = pat_gammas_dump(t);
    ck_assert_ptr_nonnull(strstr(s, "\"version\": 1"));
    ck_assert_ptr_null(strstr(s, "\"factors\""));
    u = pat_gammas_parse(s, strlen(s), "rt", err, sizeof err);
    ck_assert_msg(u != NULL, "%s", err);
    ck_assert_int_eq(u->n_factors, 0);
    free(s);
    pat_gammas_free(u);
    /* a gamma for a feature of the 128-bit vector makes it version 3, and it
     * rates moves after the round trip */
    t->gamma[PAT_F_AREA][20] = 6.5f;
    s = pat_gammas_dump(t);
    ck_assert_ptr_nonnull(strstr(s, "\"version\": 3"));
    u = pat_gammas_parse(s, strlen(s), "rt", err, sizeof err);
    ck_assert_msg(u != NULL, "%s", err);
    ck_assert(fabs(pat_gammas_strength(u, pat_set(0, PAT_F_AREA, 20)) - 6.5) < 1e-6);
    free(s);
    pat_gammas_free(u);
    /* a gamma for reach makes it version 4 */
    t->gamma[PAT_F_REACH][64] = 0.25f;
    s = pat_gammas_dump(t);
    ck_assert_ptr_nonnull(strstr(s, "\"version\": 4"));
    u = pat_gammas_parse(s, strlen(s), "rt", err, sizeof err);
    ck_assert_msg(u != NULL, "%s", err);
    ck_assert(fabs(pat_gammas_strength(u, pat_set(pat_set(0, PAT_F_REACH, 64), PAT_F_AREA, 20))
                   - 6.5 * 0.25) < 1e-6);
    free(s);
    pat_gammas_free(u);
    pat_gammas_free(t);
}
END_TEST

/* A version 2 table with the given "factors" text; expects an error naming `want`. */
static void expect_error(const char *factors, int version, const char *want)
{
    char fp[17], buf[1200], err[300];
    snprintf(fp, sizeof fp, "%016llx", (unsigned long long)pat_large_fingerprint());
    snprintf(buf, sizeof buf, "{\"format\":\"hane-gammas\",\"version\":%d,\"pattern_hash\":\"%s\","
             "\"gammas\":{\"dist1\":{\"1\":2.0}},\"factors\":%s}", version, fp, factors);
    struct pat_gammas *t = pat_gammas_parse(buf, strlen(buf), "bad", err, sizeof err);
    ck_assert_msg(t == NULL, "accepted %s", factors);
    ck_assert_msg(strstr(err, want) != NULL, "error \"%s\" lacks \"%s\"", err, want);
}

START_TEST(factor_errors)
{
    expect_error("{\"k\":2}", 1, "$.factors: factors need a version 2 table");
    expect_error("{\"k\":0}", 2, "$.factors.k");
    expect_error("{\"k\":33}", 2, "$.factors.k");
    expect_error("[]", 2, "$.factors: expected an object");
    expect_error("{\"k\":2,\"dist9\":{}}", 2, "$.factors.dist9: unknown feature");
    expect_error("{\"k\":2,\"dist1\":{\"1\":[1]}}", 2, "$.factors.dist1.1: expected an array of 2");
    expect_error("{\"k\":2,\"dist1\":{\"99\":[1,2]}}", 2, "$.factors.dist1.99");
    expect_error("{\"k\":2,\"dist1\":{\"1\":[1,\"x\"]}}", 2, "$.factors.dist1.1[1]");
    expect_error("{\"k\":2,\"dist1\":{\"1\":[1,1e9]}}", 2, "$.factors.dist1.1[1]");
    expect_error("{\"k\":2,\"large\":{\"13\":[1,2]}}", 2, "$.factors.large.13");
    expect_error("{\"k\":2,\"pat3\":{\"XXXXXXXXX\":[1,2]}}", 2, "$.factors.pat3");
    expect_error("{\"k\":1}", 5, "$.version");
}
END_TEST

static uint64_t rng_state = 88172645463325252ull;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Positions of 8 candidates, each with random dist1 (1..4) and edge (1..3) values;
 * the played move is the one candidate whose pair "matches" (dist1 == edge): an
 * interaction that no product of per-value gammas can express. */
static void make_xor_data(struct mm_shard *shards, int n_shards, int n_pos)
{
    for (int j = 0; j < n_pos; j++) {
        pat_vec v[8];
        int win = (int)(rnd() % 8);
        for (int i = 0; i < 8; i++) {
            unsigned d, e;
            do {
                d = 1 + (unsigned)(rnd() % 4);
                e = 1 + (unsigned)(rnd() % 3);
            } while ((d == e) != (i == win));
            v[i] = pat_set(pat_set(0, PAT_F_DIST1, d), PAT_F_EDGE, e);
        }
        ck_assert(mm_shard_add(&shards[j % n_shards], v, 8, win));
    }
}

static int reports;
static double last_ll;

static void report(void *ctx, int epoch, double ll, double seconds)
{
    (void)ctx;
    (void)seconds;
    ck_assert_int_eq(epoch, reports + 1);
    reports++;
    last_ll = ll;
}

START_TEST(training_learns_an_interaction)
{
    struct mm_shard shards[2] = { { 0 } };
    make_xor_data(shards, 2, 4000);
    struct mm_model m;
    ck_assert(mm_model_init(&m, 0));
    mm_count_wins(&m, shards, 2);
    double ll = 0;
    for (int it = 0; it < 30; it++)
        ll = mm_iterate(&m, shards, 2);
    ll = mm_log_likelihood(&m, shards, 2);
    /* Bradley–Terry alone learns only that dist1 = 4 never wins (it has no
     * matching edge value): far from picking the winner out */
    ck_assert_msg(ll < log(1.0 / 4), "BT ll %f", ll);

    struct pat_gammas *t = pat_gammas_new();
    for (int f = 0; f < PAT_NFEAT; f++)
        for (int x = 1; x < m.n_values[f] && x < t->n_values[f]; x++)
            t->gamma[f][x] = (float)m.gamma[f][x];
    struct pat_factor_params p = { .k = 4, .epochs = 8, .rate = 0.1, .reg = 1e-4,
                                   .init = 0.1, .seed = 3 };
    reports = 0;
    ck_assert(pat_factors_train(t, &m, shards, 2, &p, report, NULL));
    ck_assert_int_eq(reports, 8);
    ck_assert_int_eq(t->n_factors, 4);
    /* the factors pick the winner out: mean log P(played) well above BT's */
    ck_assert_msg(last_ll > ll + 1.0, "factor ll %f vs BT %f", last_ll, ll);
    /* and the matching pairs interact more than the others */
    for (unsigned d = 1; d <= 3; d++) {
        double same = pat_gammas_interaction(t, pat_set(pat_set(0, PAT_F_DIST1, d), PAT_F_EDGE, d));
        unsigned e = d % 3 + 1;
        double other = pat_gammas_interaction(t, pat_set(pat_set(0, PAT_F_DIST1, d), PAT_F_EDGE, e));
        ck_assert_msg(same > other + 1.0, "d=%u: %f vs %f", d, same, other);
    }
    /* dist1 = 9 never occurs in the data: it keeps a zero vector */
    ck_assert(pat_gammas_interaction(t, pat_set(pat_set(0, PAT_F_DIST1, 9), PAT_F_EDGE, 1)) == 0.0);
    ck_assert(pat_gammas_interaction(t, pat_set(pat_set(0, PAT_F_DIST1, 1), PAT_F_EDGE, 1)) != 0.0);
    /* bad parameters are refused */
    struct pat_factor_params bad = p;
    bad.k = 0;
    ck_assert(!pat_factors_train(t, &m, shards, 2, &bad, NULL, NULL));
    bad = p;
    bad.rate = 0;
    ck_assert(!pat_factors_train(t, &m, shards, 2, &bad, NULL, NULL));
    pat_gammas_free(t);
    mm_model_free(&m);
    mm_shard_free(&shards[0]);
    mm_shard_free(&shards[1]);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mm_factors");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, interaction_is_sum_of_pair_products);
    tcase_add_test(tc, large_patterns_share_a_vector_per_size);
    tcase_add_test(tc, factors_round_trip);
    tcase_add_test(tc, factor_errors);
    tcase_add_test(tc, training_learns_an_interaction);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    pat_init();
    SRunner *r = srunner_create(suite());
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
