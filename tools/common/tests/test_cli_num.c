/* test_cli_num — the tools' strict number reader: whole words only, in
 * range, finite; anything else is refused and leaves the output alone. */
#include "tools/common/cli_num.h"

#include <check.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

START_TEST(integers)
{
    long v = 7;
    ck_assert(cli_parse_long("12", 1, 100, &v) && v == 12);
    ck_assert(cli_parse_long("-3", -5, 5, &v) && v == -3);
    ck_assert(cli_parse_long("1", 1, 1, &v) && v == 1);     /* both ends are in range */
    v = 7;
    const char *bad[] = {"", "12x", " 12", "12 ", "0x10", "1.5", "+", "-", "abc",
                         "99999999999999999999999", NULL};
    for (int i = 0; bad[i]; i++)
        ck_assert_msg(!cli_parse_long(bad[i], LONG_MIN, LONG_MAX, &v), "accepted '%s'", bad[i]);
    ck_assert(!cli_parse_long("0", 1, 100, &v));
    ck_assert(!cli_parse_long("101", 1, 100, &v));
    ck_assert_int_eq(v, 7);
}
END_TEST

START_TEST(unsigned64)
{
    uint64_t v = 7;
    ck_assert(cli_parse_u64("18446744073709551615", 0, UINT64_MAX, &v) && v == UINT64_MAX);
    ck_assert(cli_parse_u64("0", 0, 10, &v) && v == 0);
    v = 7;
    const char *bad[] = {"", "-1", "+1", " 1", "1 ", "18446744073709551616", "1e3", "x", NULL};
    for (int i = 0; bad[i]; i++)
        ck_assert_msg(!cli_parse_u64(bad[i], 0, UINT64_MAX, &v), "accepted '%s'", bad[i]);
    ck_assert(!cli_parse_u64("11", 0, 10, &v));
    ck_assert(!cli_parse_u64("0", 1, 10, &v));
    ck_assert(v == 7);
}
END_TEST

START_TEST(reals)
{
    double v = 7;
    ck_assert(cli_parse_real("0.5", 0, 1, &v) && v == 0.5);
    ck_assert(cli_parse_real("1e3", 0, 1e6, &v) && v == 1000);
    ck_assert(cli_parse_real("-7.5", -1000, 1000, &v) && v == -7.5);
    v = 7;
    const char *bad[] = {"", "nan", "NaN", "inf", "-inf", "1,5", "0.5s", " 1", "1e999", NULL};
    for (int i = 0; bad[i]; i++)
        ck_assert_msg(!cli_parse_real(bad[i], -1e300, 1e300, &v), "accepted '%s'", bad[i]);
    ck_assert(!cli_parse_real("0.009", 0.01, 60, &v));
    ck_assert(!cli_parse_real("60.5", 0.01, 60, &v));
    ck_assert(v == 7);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli_num");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, integers);
    tcase_add_test(tc, unsigned64);
    tcase_add_test(tc, reals);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
