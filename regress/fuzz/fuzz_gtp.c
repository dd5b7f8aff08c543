/* fuzz_gtp — libFuzzer harness for the GTP front end: arbitrary bytes are the
 * input stream of a fresh front end (line reader, preprocessing, dispatcher,
 * every handler) with a tiny playout budget, in a sandbox (no files, no long
 * searches). Besides crashes and sanitizer reports it checks that the output
 * is nothing but well-formed replies: "=" or "?", optional id, text lines,
 * one empty line at the end of each.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/params.h"
#include "gtp/gtp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_output(const char *out, size_t len)
{
    size_t i = 0;
    while (i < len) {
        /* First line of a reply. */
        if (out[i] != '=' && out[i] != '?') {
            fprintf(stderr, "fuzz_gtp: output byte %zu starts no reply: '%.40s'\n", i, out + i);
            abort();
        }
        i++;
        while (i < len && out[i] >= '0' && out[i] <= '9')
            i++;
        if (i < len && out[i] != ' ' && out[i] != '\n') {
            fprintf(stderr, "fuzz_gtp: bad reply header at byte %zu\n", i);
            abort();
        }
        /* Lines up to the empty one. */
        for (;;) {
            const char *nl = memchr(out + i, '\n', len - i);
            if (!nl) {
                fprintf(stderr, "fuzz_gtp: reply not ended by an empty line\n");
                abort();
            }
            i = (size_t)(nl - out) + 1;
            if (i < len && out[i] == '\n') {
                i++;
                break;
            }
            if (i >= len) {
                fprintf(stderr, "fuzz_gtp: output ends inside a reply\n");
                abort();
            }
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* One front end for the whole run, reset before every input: creating a
     * searcher (its node pool) per input would cost more than most inputs. */
    static struct gtp *g;
    static FILE *sink;
    if (!g) {
        struct params p;
        char err[600];
        params_default(&p);
        /* One thread, one playout a move, the smallest tree: the harness is
         * after the front end's handling of input, not the strength of a move. */
        if (!params_set(&p, "threads", "1", err, sizeof err) ||
            !params_set(&p, "playouts", "1", err, sizeof err) ||
            !params_set(&p, "memory", "4", err, sizeof err) ||
            !params_set(&p, "seed", "1", err, sizeof err)) {
            fprintf(stderr, "fuzz_gtp: %s\n", err);
            abort();
        }
        sink = fopen("/dev/null", "w");
        struct gtp_options opt = {.sandbox = true};
        g = gtp_new(&p, sink, &opt, err, sizeof err);
        if (!sink || !g) {
            fprintf(stderr, "fuzz_gtp: %s\n", err);
            abort();
        }
    }
    if (size == 0)
        return 0;
    FILE *in = fmemopen((void *)data, size, "r");
    char *out_buf = NULL;
    size_t out_len = 0;
    FILE *out = open_memstream(&out_buf, &out_len);
    if (!in || !out)
        abort();
    /* Start on 7x7 (GTP leaves the first size to the engine; hane's is 19) so
     * that the many genmoves a mutated input holds stay cheap; inputs can still
     * choose any size. */
    gtp_reset(g, 7, out);
    gtp_run(g, in);
    fclose(in);
    fclose(out);
    check_output(out_buf, out_len);
    free(out_buf);
    return 0;
}
