/* progress — a progress bar with rate and ETA on a terminal, plain lines
 * (every 10% or 30 s) when stderr is not a terminal. */
#ifndef HANE_TRAIN_PROGRESS_H
#define HANE_TRAIN_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

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
/* Seconds since an arbitrary start (monotonic clock). */
double progress_now(void);

#endif
