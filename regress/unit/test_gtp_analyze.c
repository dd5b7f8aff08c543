/* test_gtp_analyze — the front end with real time passing: lz-analyze's
 * streamed lines, and gogui-sigint's SIGINT ending a genmove. The commands
 * come through a pipe, and the next one is written only after the engine
 * has had time to think. (The .tst suites cannot wait: every analysis there
 * stops at once, so they allow zero info lines.) */
#include <check.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/params.h"
#include "gtp/gtp.h"

struct runner {
    struct gtp *g;
    FILE *in, *out;
};

/* The front end's thread: runs the session, then frees the front end and
 * closes its output, which is the reader's end of file. */
static void *run(void *arg)
{
    struct runner *r = arg;
    gtp_run(r->g, r->in);
    gtp_free(r->g);
    fclose(r->out);
    return NULL;
}

/* The output read so far. */
struct text {
    char *s;
    size_t len, cap;
};

/* Reads what is there on `fd` within `ms` milliseconds; false at end of
 * file. */
static bool read_some(int fd, struct text *t, int ms)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    if (poll(&p, 1, ms) <= 0)
        return true;
    if (t->cap - t->len < 4097) {
        t->cap = t->cap * 2 + 4097;
        t->s = realloc(t->s, t->cap);
        ck_assert_ptr_nonnull(t->s);
    }
    ssize_t n = read(fd, t->s + t->len, t->cap - t->len - 1);
    ck_assert(n >= 0);
    t->len += (size_t)n;
    t->s[t->len] = '\0';
    return n > 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Tells whether the output so far is what the test waits for. */
typedef bool (*enough_fn)(const char *out);

/* Sends `first`, then reads the output for `ms` milliseconds or, with
 * `enough`, until enough(output) holds (for at most 30 s: the test is about
 * what the engine writes, not how fast, and a loaded machine or the
 * sanitizers may give it little CPU); raises `signo` in this process (0:
 * none), sends `then` and closes the input. Returns the whole output of a
 * fresh front end (1 thread, 9x9, plus the parameters in `kv`: key, value,
 * ..., NULL). */
static char *session_kv(const char *const *kv, const char *first, int ms, enough_fn enough,
                        int signo, const char *then)
{
    struct params p;
    char err[300];
    params_default(&p);
    ck_assert(params_set(&p, "threads", "1", err, sizeof err));
    ck_assert(params_set(&p, "memory", "16", err, sizeof err));
    for (int i = 0; kv && kv[i]; i += 2)
        ck_assert_msg(params_set(&p, kv[i], kv[i + 1], err, sizeof err), "%s", err);
    int in_fd[2], out_fd[2];
    ck_assert_int_eq(pipe(in_fd), 0);
    ck_assert_int_eq(pipe(out_fd), 0);
    struct runner r = {NULL, fdopen(in_fd[0], "r"), fdopen(out_fd[1], "w")};
    ck_assert(r.in != NULL && r.out != NULL);
    struct gtp_options opt = {.sandbox = true};
    if (signo)
        opt.sandbox = false;    /* the sandbox installs no signal handler */
    r.g = gtp_new(&p, r.out, &opt, err, sizeof err);
    ck_assert_msg(r.g != NULL, "%s", err);
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, run, &r), 0);
    ck_assert(write(in_fd[1], first, strlen(first)) == (ssize_t)strlen(first));

    struct text t = {NULL, 0, 0};
    read_some(out_fd[0], &t, 0);
    double until = now() + (enough ? 30.0 : ms / 1000.0);
    while (now() < until && !(enough && enough(t.s)))
        read_some(out_fd[0], &t, 20);
    if (signo)
        ck_assert_int_eq(kill(getpid(), signo), 0);
    ck_assert(write(in_fd[1], then, strlen(then)) == (ssize_t)strlen(then));
    close(in_fd[1]);
    while (read_some(out_fd[0], &t, 1000))
        ;
    pthread_join(th, NULL);
    fclose(r.in);
    close(out_fd[0]);
    return t.s;
}

static char *session(const char *first, enough_fn enough, const char *then)
{
    return session_kv(NULL, first, 0, enough, 0, then);
}

/* Counts the complete info lines of the stream and the candidates ("info
 * move") in the fullest one. */
static void count_info(const char *out, int *lines, int *most)
{
    *lines = *most = 0;
    for (const char *l = out; l && (l = strstr(l, "info move")); ) {
        const char *end = strchr(l, '\n');
        if (!end)
            break;      /* still being written */
        int n = 0;
        for (const char *q = l; q && q < end; q = strstr(q + 1, "info move"))
            n++;
        (*lines)++;
        if (n > *most)
            *most = n;
        l = end;
    }
}

/* Three complete info lines, the fullest with at least two candidates
 * (with maxmoves 2: what the option allows at most). */
static bool three_lines_of_two(const char *out)
{
    int lines, most;
    count_info(out, &lines, &most);
    return lines >= 3 && most >= 2;
}

/* Three info lines, one with more than ten candidates. */
static bool three_lines_past_ten(const char *out)
{
    int lines, most;
    count_info(out, &lines, &most);
    return lines >= 3 && most > 10;
}

START_TEST(maxmoves_limits_candidates)
{
    int lines, most;
    char *out = session("boardsize 9\nlz-analyze b 5 maxmoves 2\n", three_lines_of_two, "name\n");
    count_info(out, &lines, &most);
    ck_assert_msg(lines >= 3, "%d info lines: %.200s", lines, out);
    ck_assert_int_eq(most, 2);
    ck_assert_ptr_nonnull(strstr(out, "\n\n= hane\n\n"));
    free(out);

    /* Without the option every searched move is reported. */
    out = session("boardsize 9\nlz-analyze b 5\n", three_lines_past_ten, "name\n");
    count_info(out, &lines, &most);
    ck_assert_int_ge(lines, 3);
    ck_assert_int_gt(most, 10);
    free(out);
}
END_TEST

/* GoGui's Interrupt: gogui-sigint answers the process id, and a SIGINT
 * then ends a 20-second genmove with a move instead of ending the process;
 * the engine answers the next command. */
START_TEST(sigint_ends_genmove)
{
    const char *kv[] = {"playouts", "0", "time_per_move", "20", NULL};
    char pid[32];
    snprintf(pid, sizeof pid, "= %ld\n\n", (long)getpid());
    double t0 = now();
    char *out = session_kv(kv, "boardsize 9\ngogui-sigint\ngenmove b\n", 1000, NULL, SIGINT, "name\n");
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
