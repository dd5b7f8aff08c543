/* bigtable — zeroed memory on huge pages where the system offers them. */
#include "engine/bigtable.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE ((size_t)2 << 20)
#define HUGE_FROM ((size_t)256 << 10)

void *bigtable_alloc(size_t bytes)
{
    if (bytes < HUGE_FROM)
        return calloc(1, bytes ? bytes : 1);
    size_t whole = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, whole);
    if (!p)
        return NULL;
#ifdef MADV_HUGEPAGE
    /* Before the first write, so that the pages are huge from the start. */
    madvise(p, whole, MADV_HUGEPAGE);
#endif
    memset(p, 0, bytes);
    return p;
}
