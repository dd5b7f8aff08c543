/* cluster — what hane-train asks of the processes it runs on: its rank among
 * them, sums of statistics and exchanges of pattern counts. hane-train links
 * cluster_solo.c (one process: every call is trivial); hane-train-mpi, built
 * by `make MPI=1`, links cluster_mpi.c (Open MPI). Nothing outside
 * cluster_mpi.c includes mpi.h.
 *
 * Every call but cluster_rank, cluster_size and cluster_exit is collective:
 * all processes make it, in the same order, with the same n.
 */
#ifndef HANE_TRAIN_CLUSTER_H
#define HANE_TRAIN_CLUSTER_H

#include <stdbool.h>
#include <stddef.h>

/* Joins the cluster (MPI_Init) before the arguments are read. */
void cluster_init(int *argc, char ***argv);
/* Leaves it (MPI_Finalize). */
void cluster_finish(void);
int cluster_rank(void);
int cluster_size(void);
/* Ends every process with `code` (MPI_Abort): one process that gives up must
 * not leave the others waiting in a collective. */
_Noreturn void cluster_exit(int code);

/* v[0..n) <- the sum of every process's v, in rank order (so that the result
 * depends on the number of processes only by rounding), the same bits on every
 * process. `ctx` is unused: the signature is mm_model.sum's. */
void cluster_sum(void *ctx, double *v, size_t n);
/* True on every process if `flag` is true on any. */
bool cluster_any(bool flag);

/* Sends, to every process r, the send_n[r] elements of `elem` bytes that follow
 * each other in `send` (for r = 0, 1, ...), and returns in *recv (malloc'd;
 * free it) what every process sent to this one, in rank order, *recv_n
 * elements. False if memory runs out (on any process: all return false). */
bool cluster_exchange(const void *send, const size_t *send_n, size_t elem, void **recv,
                      size_t *recv_n);
/* Every process's n elements, in rank order, to every process (*recv
 * malloc'd). False if memory runs out on any process. */
bool cluster_gather(const void *send, size_t n, size_t elem, void **recv, size_t *recv_n);

#endif
