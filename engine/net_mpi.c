/* net_mpi — search rounds as MPI_Iallreduce sums of int64. */
#include "engine/net_mpi.h"

#include <mpi.h>
#include <stdlib.h>

struct net_mpi {
    MPI_Comm comm;
    MPI_Request req;
    bool pending;
};

static void start(void *ctx, int64_t *buf, int n)
{
    struct net_mpi *m = ctx;
    MPI_Iallreduce(MPI_IN_PLACE, buf, n, MPI_INT64_T, MPI_SUM, m->comm, &m->req);
    m->pending = true;
}

static bool test(void *ctx)
{
    struct net_mpi *m = ctx;
    if (!m->pending)
        return true;
    int done = 0;
    MPI_Test(&m->req, &done, MPI_STATUS_IGNORE);
    if (done)
        m->pending = false;
    return done != 0;
}

bool net_mpi_open(struct search_net *net)
{
    struct net_mpi *m = calloc(1, sizeof *m);
    if (!m)
        return false;
    if (MPI_Comm_dup(MPI_COMM_WORLD, &m->comm) != MPI_SUCCESS) {
        free(m);
        return false;
    }
    MPI_Comm_rank(m->comm, &net->rank);
    MPI_Comm_size(m->comm, &net->size);
    net->ctx = m;
    net->start = start;
    net->test = test;
    return true;
}

void net_mpi_close(struct search_net *net)
{
    struct net_mpi *m = net->ctx;
    if (!m)
        return;
    /* a round left in flight by a process that gave up is not waited for */
    if (!m->pending)
        MPI_Comm_free(&m->comm);
    free(m);
    net->ctx = NULL;
}
