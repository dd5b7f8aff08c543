/* fuzz_sgf_read — libFuzzer harness for the SGF reader's memory bound: the
 * reader alone (no game loading, so each input runs fast) on inputs of up to
 * megabytes (-max_len in regress/fuzz/module.mk), run under -rss_limit_mb.
 * Checked on every input, besides no crash and no sanitizer report: all
 * that the parse allocated, counted by the sanitizer's malloc hook, is
 * within the documented budget, SGF_BUILD_PER_BYTE per byte of input plus
 * SGF_BUILD_SLACK, plus a fixed allowance for the reader's own bookkeeping
 * (the stack of open variations, at most SGF_MAX_DEPTH entries); a refusal
 * has a position and a message. Build and run:
 * make fuzz FUZZ_RUNS=1000000 FUZZ_TARGETS=fuzz_sgf_read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sanitizer/allocator_interface.h>

#include "engine/board/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define BOOKKEEPING ((size_t)1 << 20)

static bool counting;
static size_t allocated;

static void on_malloc(const volatile void *p, size_t n)
{
    (void)p;
    if (counting)
        allocated += n;
}

static void on_free(const volatile void *p)
{
    (void)p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool hooked;
    if (!hooked) {
        __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
        hooked = true;
    }
    struct sgf_error err;
    memset(&err, 0, sizeof err);
    allocated = 0;
    counting = true;
    struct sgf_tree *t = sgf_parse((const char *)data, size, "in", &err);
    counting = false;
    size_t bound = size * SGF_BUILD_PER_BYTE + SGF_BUILD_SLACK + BOOKKEEPING;
    if (allocated > bound) {
        fprintf(stderr, "fuzz_sgf_read: %zu bytes of input took %zu bytes (bound %zu)\n", size,
                allocated, bound);
        abort();
    }
    if (!t && (strncmp(err.text, "in:", 3) != 0 || err.line < 1 || err.col < 1 || !err.reason)) {
        fprintf(stderr, "fuzz_sgf_read: bad error report: '%.200s'\n", err.text);
        abort();
    }
    sgf_free(t);
    return 0;
}
