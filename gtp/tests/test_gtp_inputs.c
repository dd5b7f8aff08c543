/* test_gtp_inputs — the GTP fuzz harness's checks (regress/fuzz/gtp_check.h)
 * on hostile input streams: the files of regress/gtp/inputs/ (hand-made, and
 * any kept fuzz finding) and a few made here that are too large to keep. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regress/fuzz/gtp_check.h"

#define INPUTS "regress/gtp/inputs"

static struct gtp *front_end(FILE **sink)
{
    char err[600];
    *sink = fopen("/dev/null", "w");
    ck_assert(*sink != NULL);
    struct gtp *g = gtp_check_new(*sink, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    return g;
}

static void check_bytes(struct gtp *g, const char *name, const char *data, size_t len)
{
    char why[600];
    ck_assert_msg(gtp_check_run(g, (const uint8_t *)data, len, why, sizeof why), "%s: %s", name,
                  why);
}

/* The checker itself: it accepts replies and rejects what is not one. */
START_TEST(checker)
{
    char why[200];
    const char *good[] = {"", "= hane\n\n", "=12\n\n? bad vertex\n\n", "= a\nb\n\n"};
    const char *bad[] = {"hane\n\n", "= a\n", "=1x\n\n", "= a\n\n\n", "? e\n\nname\n\n"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        ck_assert_msg(gtp_check_output(good[i], strlen(good[i]), why, sizeof why), "%s", good[i]);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(!gtp_check_output(bad[i], strlen(bad[i]), why, sizeof why), "%s", bad[i]);
}
END_TEST

START_TEST(kept_inputs)
{
    FILE *sink;
    struct gtp *g = front_end(&sink);
    DIR *d = opendir(INPUTS);
    ck_assert_msg(d != NULL, "cannot open %s", INPUTS);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 5 || strcmp(e->d_name + l - 4, ".gtp") != 0)
            continue;
        char path[600];
        snprintf(path, sizeof path, "%s/%s", INPUTS, e->d_name);
        FILE *f = fopen(path, "rb");
        ck_assert_msg(f != NULL, "cannot open %s", path);
        char *buf = NULL;
        size_t cap = 0, len = 0, got;
        do {
            if (len == cap) {
                cap = cap ? 2 * cap : 4096;
                buf = realloc(buf, cap);
                ck_assert(buf != NULL);
            }
            got = fread(buf + len, 1, cap - len, f);
            len += got;
        } while (got > 0);
        fclose(f);
        check_bytes(g, path, buf, len);
        free(buf);
        n++;
    }
    closedir(d);
    ck_assert_int_ge(n, 5);
    gtp_free(g);
    fclose(sink);
}
END_TEST

/* Lines past the reader's limit, of text and of blanks, and a last command
 * with no newline: each must still get exactly one well-formed reply. */
START_TEST(long_lines)
{
    FILE *sink;
    struct gtp *g = front_end(&sink);
    size_t n = 200000;
    char *buf = malloc(2 * n + 64);
    ck_assert(buf != NULL);
    size_t len = 0;
    len += (size_t)sprintf(buf + len, "name ");
    memset(buf + len, 'x', n);
    len += n;
    buf[len++] = '\n';
    memset(buf + len, ' ', n);
    len += n;
    len += (size_t)sprintf(buf + len, "\nversion\nname");
    check_bytes(g, "long_lines", buf, len);

    /* The replies themselves: one error for the long line, then the rest. */
    FILE *in = fmemopen(buf, len, "r");
    char *out = NULL;
    size_t out_len = 0;
    FILE *o = open_memstream(&out, &out_len);
    gtp_reset(g, 7, o);
    gtp_run(g, in);
    fclose(in);
    fclose(o);
    ck_assert_msg(strncmp(out, "? ", 2) == 0, "got: %.60s", out);
    ck_assert_ptr_nonnull(strstr(out, "\n\n= hane\n\n"));
    free(out);
    free(buf);
    gtp_free(g);
    fclose(sink);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gtp_inputs");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, checker);
    tcase_add_test(tc, kept_inputs);
    tcase_add_test(tc, long_lines);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
