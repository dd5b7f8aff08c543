/* bigtable — memory for the large look-up tables of the playout and the
 * priors (the 3x3 class table, the calm-point weights, the large-pattern
 * hash), each read at random in the inner loops. */
#ifndef HANE_BIGTABLE_H
#define HANE_BIGTABLE_H

#include <stddef.h>

/* `bytes` of zeroed memory, or NULL. A table of 256 KB or more is placed
 * on whole 2 MB pages and the kernel asked for transparent huge pages
 * there: with 4 KB pages nearly every random read of a table of several
 * megabytes misses the first-level TLB. Only a hint (the system may not
 * offer huge pages); free with free(). */
void *bigtable_alloc(size_t bytes);

/* Asks for transparent huge pages on the whole pages within [p, p + bytes),
 * for memory allocated otherwise (the tree's pool, calloc'ed so that it is
 * touched only as the tree grows). A hint; nothing happens without
 * MADV_HUGEPAGE. */
void bigtable_advise(void *p, size_t bytes);

#endif
