/* test_gtp_analyze — the front end with real time passing: lz-analyze's
 * streamed lines, gogui-sigint's SIGINT ending a genmove, and GoGui's views
 * of one position served from one search. The commands
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
 * ..., NULL), run as a sandbox (no searches for the GoGui views, no signal
 * handler) unless `heavy` or `signo`. */
static char *session_kv(const char *const *kv, const char *first, int ms, enough_fn enough,
                        int signo, bool heavy, const char *then)
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
    if (signo || heavy)
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
    return session_kv(NULL, first, 0, enough, 0, false, then);
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
    char *out = session_kv(kv, "boardsize 9\ngogui-sigint\ngenmove b\n", 1000, NULL, SIGINT, false,
                           "name\n");
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

/* Seven replies (the blank line that ends each) are there. */
static bool seven_replies(const char *out)
{
    int n = 0;
    for (const char *q = out; q && (q = strstr(q, "\n\n")); q += 2)
        n++;
    return n >= 7;
}

/* The text of the reply that starts at `at` (after "= "), up to its blank line. */
static char *reply_text(const char *at)
{
    ck_assert_msg(at[0] == '=' && at[1] == ' ', "not a reply: %.40s", at);
    const char *end = strstr(at, "\n\n");
    ck_assert_ptr_nonnull(end);
    return strndup(at + 2, (size_t)(end - at - 2));
}

/* GoGui asks for each view with a command of its own; they show one search:
 * the heat map's most visited move is the principal variation's first, and
 * the heat map asked again is the same text (a new search would stop at
 * another playout count). Ownership near zero prints as 0.00, never -0.00. */
START_TEST(gogui_views_share_one_search)
{
    const char *kv[] = {"playouts", "300", NULL};
    char *out = session_kv(kv, "boardsize 9\nplay b E5\nplay w C3\nhane-heatmap b\nhane-pv b\n"
                           "hane-heatmap b\nhane-ownership\n", 0, seven_replies, 0, true, "name\n");
    const char *r = out;
    for (int i = 0; i < 3; i++)
        r = strstr(r, "\n\n") + 2;
    char *heat1 = reply_text(r);
    r = strstr(r, "\n\n") + 2;
    char *pv = reply_text(r);
    r = strstr(r, "\n\n") + 2;
    char *heat2 = reply_text(r);
    r = strstr(r, "\n\n") + 2;
    char *own = reply_text(r);
    char best[8], first[8];
    ck_assert_msg(sscanf(heat1, "INFLUENCE %7s", best) == 1, "heat map: %.80s", heat1);
    ck_assert_msg(sscanf(pv, "VAR b %7s", first) == 1, "pv: %.80s", pv);
    ck_assert_str_eq(best, first);
    ck_assert_str_eq(heat1, heat2);
    ck_assert_msg(strncmp(own, "INFLUENCE A9 ", 13) == 0, "ownership: %.80s", own);
    ck_assert_msg(strstr(own, "-0.00") == NULL, "ownership: %s", own);
    free(heat1);
    free(pv);
    free(heat2);
    free(own);
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
    tcase_add_test(tc, gogui_views_share_one_search);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
