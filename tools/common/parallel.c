/* parallel — a shared counter and jobs - 1 helper threads. */
#include "tools/common/parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct pool {
    atomic_int next;
    int n;
    parallel_task task;
    void *arg;
};

static void *drain(void *p)
{
    struct pool *pl = p;
    for (;;) {
        int i = atomic_fetch_add(&pl->next, 1);
        if (i >= pl->n)
            return NULL;
        pl->task(pl->arg, i);
    }
}

void parallel_for(int n, int jobs, parallel_task task, void *arg)
{
    struct pool pl;
    atomic_init(&pl.next, 0);
    pl.n = n;
    pl.task = task;
    pl.arg = arg;
    if (jobs > n)
        jobs = n;
    pthread_t *th = jobs > 1 ? malloc((size_t)(jobs - 1) * sizeof *th) : NULL;
    int started = 0;
    while (th && started < jobs - 1 && pthread_create(&th[started], NULL, drain, &pl) == 0)
        started++;
    drain(&pl);
    for (int k = 0; k < started; k++)
        pthread_join(th[k], NULL);
    free(th);
}
