/* test_rng — the one random generator: uniform draws, sub-streams that
 * depend on the order of their ids, jumping ahead, shuffling. */
#include "engine/board/rng.h"

#include <check.h>
#include <stdlib.h>

START_TEST(uniform)
{
    struct rng r;
    rng_seed(&r, 1);
    int counts[5] = {0};
    for (int i = 0; i < 50000; i++)
        counts[rng_below(&r, 5)]++;
    for (int i = 0; i < 5; i++)
        ck_assert_msg(counts[i] > 9500 && counts[i] < 10500, "value %d drawn %d times", i,
                      counts[i]);
    for (int i = 0; i < 1000; i++) {
        double d = rng_double(&r);
        ck_assert(d >= 0 && d < 1);
    }
}
END_TEST

START_TEST(derive)
{
    struct rng a, b;
    rng_seed(&a, rng_derive(rng_derive(1, 2), 3));
    rng_seed(&b, rng_derive(rng_derive(1, 3), 2));
    ck_assert_uint_ne(rng_next(&a), rng_next(&b));
    ck_assert_uint_ne(rng_derive(1, 0), rng_derive(1, 1));
    ck_assert_uint_ne(rng_derive(0, 1), rng_derive(1, 0));
    ck_assert_uint_eq(rng_derive(7, 9), rng_derive(7, 9));
}
END_TEST

START_TEST(skip)
{
    struct rng seq, jump;
    rng_seed(&seq, 42);
    uint64_t v[40];
    for (int j = 0; j < 40; j++)
        v[j] = rng_next(&seq);
    for (uint64_t j = 0; j < 40; j++) {
        rng_seed(&jump, 42);
        rng_skip(&jump, j);
        ck_assert_uint_eq(rng_next(&jump), v[j]);
    }
}
END_TEST

START_TEST(shuffle)
{
    struct rng r;
    rng_seed(&r, 5);
    int first[10] = {0};
    for (int k = 0; k < 10000; k++) {
        int v[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, seen = 0;
        rng_shuffle_ints(&r, v, 10);
        for (int i = 0; i < 10; i++)
            seen |= 1 << v[i];
        ck_assert_int_eq(seen, 1023);
        first[v[0]]++;
    }
    for (int i = 0; i < 10; i++)   /* 1000 expected, sd 30 */
        ck_assert_msg(first[i] > 850 && first[i] < 1150, "%d first %d times", i, first[i]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rng");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, uniform);
    tcase_add_test(tc, derive);
    tcase_add_test(tc, skip);
    tcase_add_test(tc, shuffle);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
