/* cluster_solo — hane-train's cluster of one process. */
#include "tools/train/cluster.h"

#include <stdlib.h>
#include <string.h>

void cluster_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
}

void cluster_finish(void) {}

int cluster_rank(void)
{
    return 0;
}

int cluster_size(void)
{
    return 1;
}

_Noreturn void cluster_exit(int code)
{
    exit(code);
}

void cluster_sum(void *ctx, double *v, size_t n)
{
    (void)ctx;
    (void)v;
    (void)n;
}

bool cluster_any(bool flag)
{
    return flag;
}

static bool copy_out(const void *send, size_t n, size_t elem, void **recv, size_t *recv_n)
{
    *recv = malloc(n * elem + 1);
    if (!*recv)
        return false;
    if (n)
        memcpy(*recv, send, n * elem);
    *recv_n = n;
    return true;
}

bool cluster_exchange(const void *send, const size_t *send_n, size_t elem, void **recv,
                      size_t *recv_n)
{
    return copy_out(send, send_n[0], elem, recv, recv_n);
}

bool cluster_gather(const void *send, size_t n, size_t elem, void **recv, size_t *recv_n)
{
    return copy_out(send, n, elem, recv, recv_n);
}
