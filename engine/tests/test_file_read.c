/* test_file_read — engine/board/file_read: regular files only, byte caps,
 * NUL bytes and long lines with their positions, lines split as written,
 * and JSON whose parse is capped per byte of input and survives a failed
 * allocation. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/board/file_read.h"
#include "engine/params.h"

static char dir[] = "/tmp/hane-file-read-XXXXXX";

static const char *path_of(const char *name)
{
    static char p[128];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return p;
}

static void write_file(const char *name, const char *data, size_t len)
{
    FILE *f = fopen(path_of(name), "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    fclose(f);
}

START_TEST(only_regular_files)
{
    char *buf, err[300], want[300];
    size_t len;
    ck_assert_int_eq(mkfifo(path_of("fifo"), 0600), 0);
    ck_assert_int_eq(file_read(path_of("fifo"), 100, &buf, &len, err, sizeof err), FILE_ERROR);
    snprintf(want, sizeof want, "%s: is not a regular file", path_of("fifo"));
    ck_assert_str_eq(err, want);
    ck_assert_ptr_null(file_open_regular(path_of("fifo"), "r", err, sizeof err));
    ck_assert_str_eq(err, want);
    ck_assert_int_eq(file_read("/dev/zero", 100, &buf, &len, err, sizeof err), FILE_ERROR);
    ck_assert_str_eq(err, "/dev/zero: is not a regular file");
    ck_assert_int_eq(file_read(dir, 100, &buf, &len, err, sizeof err), FILE_ERROR);
    snprintf(want, sizeof want, "%s: is a directory", dir);
    ck_assert_str_eq(err, want);
    ck_assert_int_eq(file_read(path_of("none"), 100, &buf, &len, err, sizeof err), FILE_ERROR);
    snprintf(want, sizeof want, "%s: cannot open: No such file or directory", path_of("none"));
    ck_assert_str_eq(err, want);
    unlink(path_of("fifo"));
}
END_TEST

START_TEST(byte_cap)
{
    char *buf, err[300];
    size_t len;
    write_file("ten", "0123456789", 10);
    ck_assert_int_eq(file_read(path_of("ten"), 10, &buf, &len, err, sizeof err), FILE_OK);
    ck_assert_uint_eq(len, 10);
    ck_assert_str_eq(buf, "0123456789");
    free(buf);
    ck_assert_int_eq(file_read(path_of("ten"), 9, &buf, &len, err, sizeof err), FILE_TOO_LARGE);
    ck_assert_ptr_null(buf);
    ck_assert_msg(strstr(err, "file too large (10 bytes; at most 9 are read)"), "%s", err);
    write_file("empty", "", 0);
    ck_assert_int_eq(file_read(path_of("empty"), 9, &buf, &len, err, sizeof err), FILE_OK);
    ck_assert_uint_eq(len, 0);
    free(buf);
}
END_TEST

START_TEST(text_checks)
{
    char err[300];
    ck_assert(file_check_text("ab\ncd\n", 6, 2, "t", err, sizeof err));
    ck_assert(!file_check_text("ab\nc\0d\n", 7, 0, "t", err, sizeof err));
    ck_assert_str_eq(err, "t:2:2: NUL byte in text");
    ck_assert(!file_check_text("ab\nabcd\n", 8, 3, "t", err, sizeof err));
    ck_assert_str_eq(err, "t:2:4: line too long (more than 3 bytes)");
}
END_TEST

static bool collect(char *line, size_t number, void *ctx)
{
    char *out = ctx;
    char item[64];
    snprintf(item, sizeof item, "%zu<%s>", number, line);
    strcat(out, item);
    return strcmp(line, "stop") != 0;
}

START_TEST(lines)
{
    char err[300], out[256] = "";
    write_file("l", "a\r\n\nb c\nlast", 12);
    ck_assert(file_read_lines(path_of("l"), 100, 10, collect, out, err, sizeof err));
    ck_assert_str_eq(out, "1<a>2<>3<b c>4<last>");
    out[0] = '\0';
    write_file("s", "x\nstop\ny\n", 9);
    ck_assert(!file_read_lines(path_of("s"), 100, 10, collect, out, err, sizeof err));
    ck_assert_str_eq(out, "1<x>2<stop>");
    write_file("n", "x\ny\0\n", 5);
    ck_assert(!file_read_lines(path_of("n"), 100, 10, collect, out, err, sizeof err));
    ck_assert_msg(strstr(err, "/n:2:2: NUL byte in text"), "%s", err);
}
END_TEST

/* Empty objects cost jansson far more than their three bytes each: such a
 * document is refused at the cap, a plain one of the same size is not. */
START_TEST(json_cap)
{
    size_t n = 200000, len = 0;
    char *costly = malloc(3 * n + 8), *plain = malloc(8 * n + 8);
    costly[len++] = '[';
    for (size_t i = 0; i < n; i++) {
        memcpy(costly + len, "{},", 3);
        len += 3;
    }
    costly[len - 1] = ']';
    char err[300];
    ck_assert_ptr_null(json_read_bounded(costly, len, 0, "c", err, sizeof err));
    ck_assert_msg(strstr(err, "c:1:") == err && strstr(err, "too costly to hold"), "%s", err);
    size_t k = 0;
    plain[k++] = '"';
    memset(plain + k, 'x', len - 2);
    k += len - 2;
    plain[k++] = '"';
    json_t *j = json_read_bounded(plain, k, JSON_DECODE_ANY, "p", err, sizeof err);
    ck_assert_msg(j != NULL, "%s", err);
    json_decref(j);
    /* A parse error keeps its position. */
    ck_assert_ptr_null(json_read_bounded("{\"a\":\n}", 7, 0, "e", err, sizeof err));
    ck_assert_msg(strncmp(err, "e:2:1: ", 7) == 0, "%s", err);
    free(costly);
    free(plain);
}
END_TEST

/* Kept from fuzz_json (its first byte picks the parameter reader): nesting
 * deep enough to cross the cap inside jansson's lexer, whose buffers assert
 * when an allocation fails. The parse must stop with a message instead. */
START_TEST(json_cap_inside_the_lexer)
{
    char *buf, err[300];
    size_t len;
    ck_assert_int_eq(file_read("regress/fuzz/seeds/json/crash-deep-nesting-at-cap", 1 << 20, &buf,
                               &len, err, sizeof err), FILE_OK);
    struct params p;
    params_default(&p);
    ck_assert(!params_parse_json(&p, buf + 1, len - 1, "deep", err, sizeof err));
    ck_assert_msg(strstr(err, "deep:1:") == err && strstr(err, "too costly to hold"), "%s", err);
    free(buf);
}
END_TEST

/* The sanitizers reserve terabytes of address space at start, so nothing of
 * theirs runs under an address-space cap. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif

#ifndef UNDER_SANITIZER
/* Bytes of address space this process holds now (/proc/self/statm). */
static size_t address_space(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    ck_assert_ptr_nonnull(f);
    unsigned long pages = 0;
    ck_assert_int_eq(fscanf(f, "%lu", &pages), 1);
    fclose(f);
    return pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* One token of 8 MB under an address-space cap that holds the parse's
 * reserve but not the lexer's buffer for the token as it doubles: the
 * parse ends with "out of memory" at the token. Without the reserve a
 * number token died in jansson's assert and a string came back cut short. */
START_TEST(json_out_of_memory)
{
    size_t n = 8u << 20;
    char *number = malloc(n + 2), *string = malloc(n + 2), err[300];
    ck_assert(number && string);
    number[0] = '[';
    memset(number + 1, '7', n);
    number[n + 1] = ']';
    string[0] = '"';
    memset(string + 1, 'x', n);
    string[n + 1] = '"';
    struct rlimit old, cap;
    ck_assert_int_eq(getrlimit(RLIMIT_AS, &old), 0);
    cap = old;
    cap.rlim_cur = address_space() + 2 * (n + 2) + JSON_BUILD_SLACK + (4u << 20);
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &cap), 0);
    json_t *a = json_read_bounded(number, n + 2, 0, "number", err, sizeof err);
    ck_assert_ptr_null(a);
    ck_assert_msg(strncmp(err, "number:1:", 9) == 0 && strstr(err, "out of memory"), "%s", err);
    json_t *b = json_read_bounded(string, n + 2, JSON_DECODE_ANY, "string", err, sizeof err);
    ck_assert_ptr_null(b);
    ck_assert_msg(strncmp(err, "string:1:", 9) == 0 && strstr(err, "out of memory"), "%s", err);
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &old), 0);
    /* With the cap gone the same bytes parse (the string) or are refused
     * for what they say (the number), not for memory. */
    b = json_read_bounded(string, n + 2, JSON_DECODE_ANY, "string", err, sizeof err);
    ck_assert_msg(b && json_string_length(b) == n, "%s", err);
    json_decref(b);
    free(number);
    free(string);
}
END_TEST
#endif

int main(void)
{
    if (!mkdtemp(dir)) {
        perror("test_file_read: mkdtemp");
        return EXIT_FAILURE;
    }
    Suite *s = suite_create("file_read");
    TCase *tc = tcase_create("file_read");
    /* json_out_of_memory touches tens of megabytes: on a loaded machine, or
     * under nice, that takes longer than Check's default of 4 s. */
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, only_regular_files);
    tcase_add_test(tc, byte_cap);
    tcase_add_test(tc, text_checks);
    tcase_add_test(tc, lines);
    tcase_add_test(tc, json_cap);
    tcase_add_test(tc, json_cap_inside_the_lexer);
#ifndef UNDER_SANITIZER
    tcase_add_test(tc, json_out_of_memory);
#endif
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "test_file_read: could not remove %s\n", dir);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
