/* fuzz_sgf — libFuzzer harness for the SGF reader, writer and game loader.
 * The invariants are in sgf_check.h; a broken one aborts so libFuzzer keeps
 * the input. Build and run: make fuzz FUZZ_RUNS=1000000. */
#include <stddef.h>
#include <stdint.h>

#include "regress/fuzz/sgf_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool inited;
    if (!inited) {
        board_init();
        inited = true;
    }
    char why[300];
    if (!sgf_check_one(data, size, why, sizeof why)) {
        fprintf(stderr, "fuzz_sgf: %s\n", why);
        abort();
    }
    return 0;
}
