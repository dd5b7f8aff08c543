/* parallel — the ports' runs on several threads: every task index in [0, n)
 * once, each thread taking the next index from a shared counter. Each task
 * owns its random generator, so results do not depend on the thread count. */
#ifndef HANE_TOOLS_COMMON_PARALLEL_H
#define HANE_TOOLS_COMMON_PARALLEL_H

typedef void (*parallel_task)(void *arg, int i);

/* Runs task(arg, i) for every i in [0, n) on up to `jobs` threads, this one
 * among them; jobs <= 1 (or no thread to be had) runs them all here, in order. */
void parallel_for(int n, int jobs, parallel_task task, void *arg);

#endif
