/* bigtable — zeroed memory on huge pages where the system offers them. */
#include "engine/board/bigtable.h"

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
    bigtable_advise(p, whole);  /* before the first write: huge from the start */
    memset(p, 0, bytes);
    return p;
}

void bigtable_advise(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    uintptr_t lo = ((uintptr_t)p + 4095) & ~(uintptr_t)4095;
    uintptr_t hi = ((uintptr_t)p + bytes) & ~(uintptr_t)4095;
    if (hi > lo)
        madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}
