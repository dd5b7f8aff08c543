/* nv_table1.h — the Table 1 experiment of Kartal, Koenig & Guy 2014: runs per (algorithm, budget) cell,
 * mean ± sd of the best E, printed beside the paper's numbers and the calibration of the README's Table 1,
 * written as JSON and CSV. */
#ifndef HANE_NV_TABLE1_H
#define HANE_NV_TABLE1_H

#include <stdint.h>

#include "tools/narrative/nv_search.h"

typedef struct nv_table1_opts {
    int runs;               /* per cell, seeds 1..runs */
    int jobs;               /* threads */
    const char *out_dir;    /* NULL = no files */
    uint64_t budgets[4];
    int n_budgets;
    bool algos[4];          /* which nv_algo columns to run */
} nv_table1_opts;

/* Run it on world w; 0 on success, -1 with a message on stderr. */
int nv_table1(const nv_world *w, const nv_table1_opts *o);

#endif
