/* cluster_mpi — hane-train-mpi's cluster: Open MPI, one rank per process. */
#include "tools/train/cluster.h"

#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size = 1;
static MPI_Op ordered_sum;

/* inout <- in + inout, where `in` holds the lower ranks' sum: declared not
 * commutative, so that Open MPI keeps the rank order (a reduction followed
 * by a broadcast) and every rank receives the same bits. */
static void add_in_order(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const double *a = in;
    double *b = inout;
    for (int i = 0; i < *len; i++)
        b[i] = a[i] + b[i];
}

void cluster_init(int *argc, char ***argv)
{
    if (MPI_Init(argc, argv) != MPI_SUCCESS) {
        fprintf(stderr, "hane-train: MPI_Init failed\n");
        exit(1);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op_create(add_in_order, 0, &ordered_sum);
}

void cluster_finish(void)
{
    MPI_Op_free(&ordered_sum);
    MPI_Finalize();
}

int cluster_rank(void)
{
    return rank;
}

int cluster_size(void)
{
    return size;
}

_Noreturn void cluster_exit(int code)
{
    if (size > 1)
        MPI_Abort(MPI_COMM_WORLD, code);
    exit(code);
}

void cluster_sum(void *ctx, double *v, size_t n)
{
    (void)ctx;
    while (n > 0) {
        int k = n > INT_MAX / 2 ? INT_MAX / 2 : (int)n;
        MPI_Allreduce(MPI_IN_PLACE, v, k, MPI_DOUBLE, ordered_sum, MPI_COMM_WORLD);
        v += k;
        n -= (size_t)k;
    }
}

bool cluster_any(bool flag)
{
    int in = flag, out = 0;
    MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return out != 0;
}

/* Counts and displacements as MPI takes them (int), from sizes in elements;
 * false if a total does not fit. */
static bool to_ints(const size_t *n, int *cnt, int *disp)
{
    size_t at = 0;
    for (int r = 0; r < size; r++) {
        if (n[r] > INT_MAX || at > (size_t)INT_MAX - n[r])
            return false;
        cnt[r] = (int)n[r];
        disp[r] = (int)at;
        at += n[r];
    }
    return true;
}

/* Room for the counts of one collective: sizes in and out (size_t) and
 * their int counts and displacements. Each step that can fail on one rank
 * is followed by cluster_any, so that all ranks give up together. */
struct plan {
    size_t *out_n, *in_n;
    int *cnt;              /* out counts, out displacements, in counts, in displacements */
    unsigned long long *wire;
};

static bool plan_new(struct plan *p)
{
    size_t r = (size_t)size;
    p->out_n = malloc(sizeof *p->out_n * r);
    p->in_n = malloc(sizeof *p->in_n * r);
    p->cnt = malloc(sizeof *p->cnt * r * 4);
    p->wire = malloc(sizeof *p->wire * r * 2);
    return !cluster_any(!(p->out_n && p->in_n && p->cnt && p->wire));
}

static void plan_free(struct plan *p)
{
    free(p->out_n);
    free(p->in_n);
    free(p->cnt);
    free(p->wire);
}

/* With p->out_n and p->in_n known: the int counts and the receive buffer. */
static bool plan_room(struct plan *p, size_t elem, void **recv, size_t *recv_n)
{
    size_t total = 0;
    for (int r = 0; r < size; r++)
        total += p->in_n[r];
    bool ok = elem <= INT_MAX && to_ints(p->out_n, p->cnt, p->cnt + size)
              && to_ints(p->in_n, p->cnt + 2 * size, p->cnt + 3 * size);
    *recv = ok ? malloc(total * elem + 1) : NULL;
    if (cluster_any(!*recv)) {
        free(*recv);
        *recv = NULL;
        return false;
    }
    *recv_n = total;
    return true;
}

bool cluster_exchange(const void *send, const size_t *send_n, size_t elem, void **recv,
                      size_t *recv_n)
{
    *recv = NULL;
    *recv_n = 0;
    struct plan p;
    bool ok = plan_new(&p);
    if (ok) {
        for (int r = 0; r < size; r++) {
            p.out_n[r] = send_n[r];
            p.wire[r] = send_n[r];
        }
        MPI_Alltoall(p.wire, 1, MPI_UNSIGNED_LONG_LONG, p.wire + size, 1,
                     MPI_UNSIGNED_LONG_LONG, MPI_COMM_WORLD);
        for (int r = 0; r < size; r++)
            p.in_n[r] = (size_t)p.wire[size + r];
        ok = plan_room(&p, elem, recv, recv_n);
    }
    if (ok) {
        MPI_Datatype t;
        MPI_Type_contiguous((int)elem, MPI_BYTE, &t);
        MPI_Type_commit(&t);
        MPI_Alltoallv(send, p.cnt, p.cnt + size, t, *recv, p.cnt + 2 * size, p.cnt + 3 * size,
                      t, MPI_COMM_WORLD);
        MPI_Type_free(&t);
    }
    plan_free(&p);
    return ok;
}

bool cluster_gather(const void *send, size_t n, size_t elem, void **recv, size_t *recv_n)
{
    *recv = NULL;
    *recv_n = 0;
    struct plan p;
    bool ok = plan_new(&p);
    if (ok) {
        unsigned long long mine = n;
        MPI_Allgather(&mine, 1, MPI_UNSIGNED_LONG_LONG, p.wire, 1, MPI_UNSIGNED_LONG_LONG,
                      MPI_COMM_WORLD);
        for (int r = 0; r < size; r++) {
            p.out_n[r] = n;
            p.in_n[r] = (size_t)p.wire[r];
        }
        ok = plan_room(&p, elem, recv, recv_n);
    }
    if (ok) {
        MPI_Datatype t;
        MPI_Type_contiguous((int)elem, MPI_BYTE, &t);
        MPI_Type_commit(&t);
        MPI_Allgatherv(send, (int)n, t, *recv, p.cnt + 2 * size, p.cnt + 3 * size, t,
                       MPI_COMM_WORLD);
        MPI_Type_free(&t);
    }
    plan_free(&p);
    return ok;
}
