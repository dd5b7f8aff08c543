/* progress — terminal progress bar or plain progress lines on stderr. */
#include "tools/train/progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

double progress_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void progress_start(struct progress *p, const char *what, size_t total, bool quiet)
{
    p->what = what;
    p->total = total;
    p->start = p->last = progress_now();
    p->last_decile = 0;
    p->tty = isatty(STDERR_FILENO);
    p->quiet = quiet;
}

static void fmt_time(double s, char *out, size_t n)
{
    long t = s < 0 ? 0 : (long)(s + 0.5);
    if (t >= 3600)
        snprintf(out, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(out, n, "%ld:%02ld", t / 60, t % 60);
}

static void draw(struct progress *p, size_t done, bool final)
{
    double now = progress_now(), el = now - p->start;
    double rate = el > 0 ? (double)done / el : 0;
    double frac = p->total ? (double)done / (double)p->total : 1;
    char eta[32], elapsed[32];
    fmt_time(rate > 0 ? (double)(p->total - done) / rate : 0, eta, sizeof eta);
    fmt_time(el, elapsed, sizeof elapsed);
    if (p->tty) {
        char bar[31];
        int fill = (int)(frac * 30);
        for (int i = 0; i < 30; i++)
            bar[i] = i < fill ? '#' : '.';
        bar[30] = '\0';
        fprintf(stderr, "\r%-12s [%s] %5.1f%% %zu/%zu %.1f/s %s %s%s", p->what, bar,
                100 * frac, done, p->total, rate, final ? "in" : "ETA",
                final ? elapsed : eta, final ? "\n" : "  ");
    } else {
        fprintf(stderr, "%s: %zu/%zu (%.0f%%) %.1f/s, %s %s\n", p->what, done, p->total,
                100 * frac, rate, final ? "took" : "ETA", final ? elapsed : eta);
    }
    fflush(stderr);
}

void progress_update(struct progress *p, size_t done)
{
    if (p->quiet)
        return;
    double now = progress_now();
    if (p->tty) {
        if (now - p->last >= 0.2) {
            p->last = now;
            draw(p, done, false);
        }
        return;
    }
    int decile = p->total ? (int)(10 * done / p->total) : 10;
    if (decile > p->last_decile || now - p->last >= 30) {
        p->last_decile = decile;
        p->last = now;
        draw(p, done, false);
    }
}

void progress_end(struct progress *p, size_t done)
{
    if (!p->quiet)
        draw(p, done, true);
}

void mm_progress_line(FILE *f, size_t positions, int run, int run_total, int it, int iters,
                      double loglik, double seconds, double elapsed)
{
    char left[32];
    fmt_time(run > 0 ? elapsed / run * (run_total - run) : 0, left, sizeof left);
    fprintf(f, "MM iteration %d/%d: %zu positions, log-evidence %.5f (before it), %.2f s, "
            "%s left\n", it, iters, positions, loglik, seconds, left);
}
