/* fuzz_gtp — libFuzzer harness for the GTP front end: arbitrary bytes are the
 * input stream of a fresh front end (line reader, preprocessing, dispatcher,
 * every handler) with a tiny playout budget, in a sandbox (no files, no long
 * searches). Besides crashes and sanitizer reports it checks that the output
 * is nothing but well-formed replies (gtp_check.h, shared with the unit test
 * that replays the kept inputs of regress/gtp/crashers/).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "regress/fuzz/gtp_check.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One front end for the whole run, reset before every input: creating a
 * searcher (its node pool) per input would cost more than most inputs. It
 * is made before the first input, since loading the gamma table under the
 * sanitizers on a loaded machine can take longer than an input's -timeout,
 * which then blamed the first input (the empty one) for a timeout. */
static struct gtp *g;
static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char why[600];
    sink = fopen("/dev/null", "w");
    g = sink ? gtp_check_new(sink, why, sizeof why) : NULL;
    if (!g) {
        fprintf(stderr, "fuzz_gtp: %s\n", sink ? why : "cannot open /dev/null");
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[600];
    if (!gtp_check_run(g, data, size, why, sizeof why)) {
        fprintf(stderr, "fuzz_gtp: %s\n", why);
        abort();
    }
    return 0;
}
