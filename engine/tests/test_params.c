/* test_params — the parameter table: defaults, key=value, JSON files, errors. */
#include "engine/params.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmp_path[64];

static const char *write_tmp(const char *text)
{
    snprintf(tmp_path, sizeof tmp_path, "/tmp/hane_params_%d.json", (int)getpid());
    FILE *f = fopen(tmp_path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return tmp_path;
}

START_TEST(defaults_in_range)
{
    struct params p;
    params_default(&p);
    /* Every default must survive a round trip through get/set. */
    const char *const *names = params_names();
    int n = 0;
    for (; names[n]; n++) {
        char v[600], err[200];
        ck_assert_msg(params_get(&p, names[n], v, sizeof v), "get %s", names[n]);
        struct params q = p;
        ck_assert_msg(params_set(&q, names[n], v, err, sizeof err), "%s=%s: %s", names[n], v, err);
        ck_assert_msg(memcmp(&p, &q, sizeof p) == 0, "%s=%s does not read back", names[n], v);
    }
    ck_assert_int_ge(n, 15);
    ck_assert_int_eq(p.rave, 1);
    ck_assert_str_eq(p.playout, "bt");
    ck_assert(p.pw_mu > 1 && p.bt_c > 0 && isfinite(p.bt_k));
}
END_TEST

/* A value read with params_get and set again is the same value (a GUI's
 * parameter dialog sends back what it was shown), in the shortest text that
 * does it. fuzz_json found pw_mu 1.2222222222222222228 shown as 1.22222. */
START_TEST(get_reads_back_exactly)
{
    struct params p;
    params_default(&p);
    char err[200], v[600];
    const char *const set[][2] = {
        {"pw_mu", "1.2222222222222222228"}, {"uct_c", "0.1"}, {"rave_equiv", "123456.789012345"},
        {"bt_c", "3e-300"}, {"bt_k", "inf"}, {"resign", "0.3"},
    };
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++)
        ck_assert_msg(params_set(&p, set[i][0], set[i][1], err, sizeof err), "%s", err);
    struct params q = p;
    for (const char *const *k = params_names(); *k; k++) {
        ck_assert(params_get(&p, *k, v, sizeof v));
        ck_assert_msg(params_set(&q, *k, v, err, sizeof err), "%s=%s: %s", *k, v, err);
    }
    ck_assert(memcmp(&p, &q, sizeof p) == 0);
    ck_assert(params_get(&p, "resign", v, sizeof v));
    ck_assert_str_eq(v, "0.3");
    ck_assert(params_get(&p, "pw_mu", v, sizeof v));
    ck_assert_str_eq(v, "1.2222222222222223");
    ck_assert(params_get(&p, "bt_k", v, sizeof v));
    ck_assert_str_eq(v, "inf");
}
END_TEST

START_TEST(set_and_errors)
{
    struct params p;
    params_default(&p);
    char err[200];
    ck_assert(params_set(&p, "uct_c", "0.7", err, sizeof err));
    ck_assert(fabs(p.uct_c - 0.7) < 1e-12);
    ck_assert(params_set(&p, "threads", "2", err, sizeof err));
    ck_assert_int_eq(p.threads, 2);
    ck_assert(params_set(&p, "ponder", "true", err, sizeof err));
    ck_assert_int_eq(p.ponder, 1);
    ck_assert(params_set(&p, "seed", "123456789012", err, sizeof err));
    ck_assert(p.seed == 123456789012ULL);

    struct params before = p;
    ck_assert(!params_set(&p, "nosuch", "1", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "unknown parameter \"nosuch\""));
    ck_assert(!params_set(&p, "rave", "3", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "out of range"));
    ck_assert(!params_set(&p, "threads", "two", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "threads"));
    ck_assert(!params_set(&p, "threads", "2x", err, sizeof err));
    ck_assert(!params_set(&p, "uct_c", "nan", err, sizeof err));
    ck_assert(!params_set(&p, "uct_c", "", err, sizeof err));
    ck_assert(!params_set(&p, "ponder", "2", err, sizeof err));
    char longv[600];
    memset(longv, 'a', sizeof longv - 1);
    longv[sizeof longv - 1] = 0;
    ck_assert(!params_set(&p, "patterns", longv, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "too long"));
    ck_assert(memcmp(&before, &p, sizeof p) == 0);
}
END_TEST

START_TEST(json_ok)
{
    struct params p;
    params_default(&p);
    char err[300];
    const char *f = write_tmp("{\"uct_c\": 0.5, \"threads\": 1, \"ponder\": true,\n"
                              " \"playout\": \"bt\", \"bt_k\": \"inf\", \"rave_equiv\": 500}\n");
    ck_assert_msg(params_load_json(&p, f, err, sizeof err), "%s", err);
    ck_assert(fabs(p.uct_c - 0.5) < 1e-12);
    ck_assert_int_eq(p.threads, 1);
    ck_assert_int_eq(p.ponder, 1);
    ck_assert_str_eq(p.playout, "bt");
    ck_assert(fabs(p.rave_equiv - 500) < 1e-9);
    unlink(f);
}
END_TEST

START_TEST(json_errors)
{
    struct params p, before;
    params_default(&p);
    before = p;
    char err[300];
    const char *f = write_tmp("{\"uct_c\": 0.5,\n \"nosuch\": 1}");
    ck_assert(!params_load_json(&p, f, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, f));
    ck_assert_ptr_nonnull(strstr(err, "\"nosuch\""));
    ck_assert(memcmp(&before, &p, sizeof p) == 0);   /* uct_c not half-applied */

    f = write_tmp("{\"threads\": -1}");
    ck_assert(!params_load_json(&p, f, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "\"threads\""));

    f = write_tmp("{\"threads\": [1]}");
    ck_assert(!params_load_json(&p, f, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "\"threads\""));

    f = write_tmp("{\"threads\": 1,\n  oops }");
    ck_assert(!params_load_json(&p, f, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, ":2:"));       /* line of the syntax error */

    f = write_tmp("[1, 2]");
    ck_assert(!params_load_json(&p, f, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "object"));
    unlink(f);

    ck_assert(!params_load_json(&p, "/nonexistent/hane.json", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/hane.json"));
    ck_assert(memcmp(&before, &p, sizeof p) == 0);
}
END_TEST

START_TEST(help_lists_all)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    params_help(f);
    fclose(f);
    const char *const *names = params_names();
    for (int i = 0; names[i]; i++)
        ck_assert_msg(strstr(buf, names[i]) != NULL, "%s missing from help", names[i]);
    free(buf);
}
END_TEST

/* The knowledge terms are on with widening or the bias; the final move's
 * visit threshold is a parameter of its own, which the bias does not move. */
START_TEST(derived_modes)
{
    struct params p;
    params_default(&p);
    char err[200];
    ck_assert(params_knowledge(&p));
    ck_assert(p.overturn_share == 0.95);
    ck_assert(params_set(&p, "bt_c", "0", err, sizeof err));
    ck_assert(params_knowledge(&p));                /* widening alone */
    ck_assert(p.overturn_share == 0.95);
    ck_assert(params_set(&p, "pw_mu", "0", err, sizeof err));
    ck_assert(!params_knowledge(&p));
    ck_assert(params_set(&p, "bt_c", "0.1", err, sizeof err));
    ck_assert(params_knowledge(&p));                /* the bias alone */
    ck_assert(params_set(&p, "overturn_share", "0.8", err, sizeof err));
    ck_assert(p.overturn_share == 0.8);
    ck_assert(!params_set(&p, "overturn_share", "1.5", err, sizeof err));
    ck_assert(!params_set(&p, "overturn_share", "-1", err, sizeof err));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("params");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, defaults_in_range);
    tcase_add_test(tc, get_reads_back_exactly);
    tcase_add_test(tc, set_and_errors);
    tcase_add_test(tc, json_ok);
    tcase_add_test(tc, json_errors);
    tcase_add_test(tc, help_lists_all);
    tcase_add_test(tc, derived_modes);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
