/* progress — a progress bar with rate and ETA on a terminal, plain lines
 * (every 10% or 30 s) when stderr is not a terminal. */
#ifndef HANE_TRAIN_PROGRESS_H
#define HANE_TRAIN_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct progress {
    const char *what;
    size_t total;
    double start, last;
    int last_decile;
    bool tty, quiet;
};

void progress_start(struct progress *p, const char *what, size_t total, bool quiet);
/* Thread-safe enough: call from one thread (the trainer's main thread polls). */
void progress_update(struct progress *p, size_t done);
void progress_end(struct progress *p, size_t done);
/* The line after MM iteration `it` of `iters`: positions, the training
 * log-evidence (mean ln P of the played moves) before the iteration, its
 * time, and the time left at the mean of the `run` iterations of this run so
 * far (`elapsed` seconds in all). */
void mm_progress_line(FILE *f, size_t positions, int run, int run_total, int it, int iters,
                      double loglik, double seconds, double elapsed);
/* Seconds since an arbitrary start (monotonic clock). */
double progress_now(void);

#endif
