/* test_mm — the MM trainer on synthetic data whose true gammas are known. */
#include "patterns/mm.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

static uint64_t rng_state;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static double rnd_unit(void)
{
    return (double)(rnd() >> 11) / 9007199254740992.0;
}

/* Three features with made-up gammas. */
static const enum pat_feature feats[3] = { PAT_F_CAPTURE, PAT_F_LIBS, PAT_F_DIST1 };
static const int n_vals[3] = { 4, 4, 6 };
static double true_gamma[3][8];

static double strength_true(pat_vec v)
{
    double s = 1;
    for (int k = 0; k < 3; k++) {
        unsigned x = pat_get(v, feats[k]);
        if (x)
            s *= true_gamma[k][x];
    }
    return s;
}

/* `n_pos` positions of 12 candidates; each candidate has each feature with
 * probability 1/2; the winner is drawn from the Bradley–Terry probabilities. */
static void make_data(struct mm_shard *shards, int n_shards, int n_pos)
{
    for (int j = 0; j < n_pos; j++) {
        pat_vec v[12];
        double w[12], total = 0;
        for (int i = 0; i < 12; i++) {
            v[i] = 0;
            for (int k = 0; k < 3; k++)
                if (rnd() & 1)
                    v[i] = pat_set(v[i], feats[k], 1 + (unsigned)(rnd() % (unsigned)n_vals[k]));
            w[i] = strength_true(v[i]);
            total += w[i];
        }
        double r = rnd_unit() * total;
        int win = 0;
        while (win < 11 && r >= w[win])
            r -= w[win++];
        ck_assert(mm_shard_add(&shards[j % n_shards], v, 12, win));
    }
}

START_TEST(recovers_true_gammas)
{
    pat_init();
    rng_state = 0x1234567887654321ull;
    for (int k = 0; k < 3; k++)
        for (int x = 1; x <= n_vals[k]; x++)
            true_gamma[k][x] = exp(rnd_unit() * 3.2 - 1.6);   /* 0.2 .. 5 */
    struct mm_shard shards[2] = { 0 };
    make_data(shards, 2, 16000);
    struct mm_model m;
    ck_assert(mm_model_init(&m, 0));
    mm_count_wins(&m, shards, 2);
    double prev = -INFINITY;
    for (int it = 0; it < 20; it++) {
        double ll = mm_iterate(&m, shards, 2);
        /* MM never decreases the likelihood (the prior barely moves it here). */
        ck_assert_msg(ll >= prev - 1e-6, "iteration %d: %f < %f", it, ll, prev);
        prev = ll;
    }
    for (int k = 0; k < 3; k++)
        for (int x = 1; x <= n_vals[k]; x++) {
            double est = m.gamma[feats[k]][x], tru = true_gamma[k][x];
            ck_assert_msg(fabs(log(est / tru)) < 0.15, "%s=%d: learned %.3f, true %.3f",
                          pat_feature_name[feats[k]], x, est, tru);
        }
    /* Values never seen keep gamma 1. */
    ck_assert(m.gamma[PAT_F_CAPTURE][0] == 1.0);
    ck_assert(fabs(m.gamma[PAT_F_DIST1][15] - 1.0) < 1e-12);
    mm_model_free(&m);
    mm_shard_free(&shards[0]);
    mm_shard_free(&shards[1]);
}
END_TEST

START_TEST(shard_merges_identical_vectors)
{
    struct mm_shard s = { 0 };
    pat_vec v[5] = { 7, 3, 7, 7, 3 };
    ck_assert(mm_shard_add(&s, v, 5, 1));
    ck_assert_uint_eq(s.n_pos, 1);
    ck_assert_uint_eq(s.n, 2);
    ck_assert_uint_eq(s.start[1], 2);
    ck_assert(s.winner[0] == 3);
    int total = s.mult[0] + s.mult[1];
    ck_assert_int_eq(total, 5);
    ck_assert(!mm_shard_add(&s, v, 5, 5));   /* winner out of range */
    ck_assert(!mm_shard_add(&s, v, 0, 0));
    mm_shard_free(&s);
}
END_TEST

START_TEST(one_thread_equals_two)
{
    pat_init();
    rng_state = 99;
    for (int k = 0; k < 3; k++)
        for (int x = 1; x <= n_vals[k]; x++)
            true_gamma[k][x] = 1 + x * 0.5;
    struct mm_shard one = { 0 }, two[2] = { { 0 } };
    uint64_t saved = rng_state;
    make_data(&one, 1, 3000);
    rng_state = saved;
    make_data(two, 2, 3000);
    struct mm_model a, b;
    ck_assert(mm_model_init(&a, 0) && mm_model_init(&b, 0));
    mm_count_wins(&a, &one, 1);
    mm_count_wins(&b, two, 2);
    for (int it = 0; it < 5; it++) {
        mm_iterate(&a, &one, 1);
        mm_iterate(&b, two, 2);
    }
    for (int k = 0; k < 3; k++)
        for (int x = 1; x <= n_vals[k]; x++)
            ck_assert(fabs(a.gamma[feats[k]][x] - b.gamma[feats[k]][x]) < 1e-6);
    mm_model_free(&a);
    mm_model_free(&b);
    mm_shard_free(&one);
    mm_shard_free(&two[0]);
    mm_shard_free(&two[1]);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mm");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 240);   /* generous for ASan on a loaded machine */
    tcase_add_test(tc, recovers_true_gammas);
    tcase_add_test(tc, shard_merges_identical_vectors);
    tcase_add_test(tc, one_thread_equals_two);
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
