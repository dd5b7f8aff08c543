/* test_gtp_analyze — the front end with real time passing: lz-analyze's
 * streamed lines, and gogui-sigint's SIGINT ending a genmove. The commands
 * come through a pipe, and the next one is written only after the engine
 * has had time to think. (The .tst suites cannot wait: every analysis there
 * stops at once, so they allow zero info lines.) */
#include <check.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/params.h"
#include "gtp/gtp.h"

struct runner {
    struct gtp *g;
    FILE *in;
};

static void *run(void *arg)
{
    struct runner *r = arg;
    gtp_run(r->g, r->in);
    return NULL;
}

/* Sends `first`, waits `ms`, raises `signo` in this process (0: none),
 * sends `then` and closes the input; returns the whole output of a fresh
 * front end (1 thread, 9x9, plus the parameters in `kv`: key, value, ...,
 * NULL). */
static char *session_kv(const char *const *kv, const char *first, int ms, int signo,
                        const char *then)
{
    struct params p;
    char err[300];
    params_default(&p);
    ck_assert(params_set(&p, "threads", "1", err, sizeof err));
    ck_assert(params_set(&p, "memory", "16", err, sizeof err));
    for (int i = 0; kv && kv[i]; i += 2)
        ck_assert_msg(params_set(&p, kv[i], kv[i + 1], err, sizeof err), "%s", err);
    char *out_buf = NULL;
    size_t out_len = 0;
    FILE *out = open_memstream(&out_buf, &out_len);
    struct gtp_options opt = {.sandbox = true};
    if (signo)
        opt.sandbox = false;    /* the sandbox installs no signal handler */
    struct gtp *g = gtp_new(&p, out, &opt, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    struct runner r = {g, fdopen(fd[0], "r")};
    ck_assert(r.in != NULL);
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, run, &r), 0);
    ck_assert(write(fd[1], first, strlen(first)) == (ssize_t)strlen(first));
    usleep((useconds_t)ms * 1000);
    if (signo)
        ck_assert_int_eq(kill(getpid(), signo), 0);
    ck_assert(write(fd[1], then, strlen(then)) == (ssize_t)strlen(then));
    close(fd[1]);
    pthread_join(th, NULL);
    fclose(r.in);
    gtp_free(g);
    fclose(out);
    return out_buf;
}

static char *session(const char *first, int ms, const char *then)
{
    return session_kv(NULL, first, ms, 0, then);
}

/* Counts the info lines of the stream and the candidates ("info move") in
 * the fullest one. */
static void count_info(const char *out, int *lines, int *most)
{
    *lines = *most = 0;
    for (const char *l = out; (l = strstr(l, "info move")); ) {
        const char *end = strchr(l, '\n');
        int n = 0;
        for (const char *q = l; q && q < end; q = strstr(q + 1, "info move"))
            n++;
        (*lines)++;
        if (n > *most)
            *most = n;
        l = end;
    }
}

START_TEST(maxmoves_limits_candidates)
{
    int lines, most;
    char *out = session("boardsize 9\nlz-analyze b 5 maxmoves 2\n", 600, "name\n");
    count_info(out, &lines, &most);
    ck_assert_msg(lines >= 3, "%d info lines: %.200s", lines, out);
    ck_assert_int_eq(most, 2);
    ck_assert_ptr_nonnull(strstr(out, "\n\n= hane\n\n"));
    free(out);

    /* Without the option every searched move is reported. */
    out = session("boardsize 9\nlz-analyze b 5\n", 600, "name\n");
    count_info(out, &lines, &most);
    ck_assert_int_ge(lines, 3);
    ck_assert_int_gt(most, 10);
    free(out);
}
END_TEST

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* GoGui's Interrupt: gogui-sigint answers the process id, and a SIGINT
 * then ends a 20-second genmove with a move instead of ending the process;
 * the engine answers the next command. */
START_TEST(sigint_ends_genmove)
{
    const char *kv[] = {"playouts", "0", "time_per_move", "20", NULL};
    char pid[32];
    snprintf(pid, sizeof pid, "= %ld\n\n", (long)getpid());
    double t0 = now();
    char *out = session_kv(kv, "boardsize 9\ngogui-sigint\ngenmove b\n", 1000, SIGINT, "name\n");
    double took = now() - t0;
    ck_assert_msg(strstr(out, pid) != NULL, "no process id in: %.200s", out);
    ck_assert_msg(took < 10, "genmove answered %.1f s after it began", took);
    const char *mv = strstr(out, pid) + strlen(pid);
    ck_assert_msg(mv[0] == '=' && mv[1] == ' ' && mv[2] >= 'A' && mv[2] <= 'J' && mv[2] != 'I',
                  "not a move: %.40s", mv);
    ck_assert_ptr_nonnull(strstr(out, "\n\n= hane\n\n"));
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gtp_analyze");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, maxmoves_limits_candidates);
    tcase_add_test(tc, sigint_ends_genmove);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
