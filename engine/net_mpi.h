/* net_mpi — the processes' sum of search_cluster.h over Open MPI
 * (engine/net_mpi.c, built only by `make MPI=1`; this header does not
 * include mpi.h). */
#ifndef HANE_NET_MPI_H
#define HANE_NET_MPI_H

#include <stdbool.h>

#include "engine/search_cluster.h"

/* Fills `net` for the processes of MPI_COMM_WORLD (MPI initialised): rounds
 * go over a communicator of their own (a duplicate), so they never mix
 * with the messages of the caller. False if MPI refuses. */
bool net_mpi_open(struct search_net *net);
void net_mpi_close(struct search_net *net);

#endif
