/* gtp_check — what the GTP fuzz harness checks on every input, shared with
 * the unit test that replays the kept inputs (regress/gtp/crashers/).
 *
 * Any bytes on the input stream of a front end must give only well-formed
 * replies: "=" or "?", an optional id, text lines, and one empty line ending
 * each reply; and nothing may crash or trip a sanitizer on the way.
 *
 * Header-only (static functions), as sgf_check.h, so that both binaries
 * compile it without a library of test helpers.
 */
#ifndef HANE_GTP_CHECK_H
#define HANE_GTP_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/params.h"
#include "gtp/gtp.h"

/* True if `out` is a sequence of well-formed replies; otherwise false with
 * what is wrong in `why`. */
static bool gtp_check_output(const char *out, size_t len, char *why, size_t why_len)
{
    size_t i = 0;
    while (i < len) {
        if (out[i] != '=' && out[i] != '?') {
            snprintf(why, why_len, "output byte %zu starts no reply: '%.40s'", i, out + i);
            return false;
        }
        i++;
        while (i < len && out[i] >= '0' && out[i] <= '9')
            i++;
        if (i < len && out[i] != ' ' && out[i] != '\n') {
            snprintf(why, why_len, "bad reply header at byte %zu", i);
            return false;
        }
        /* Lines up to the empty one. */
        for (;;) {
            const char *nl = memchr(out + i, '\n', len - i);
            if (!nl) {
                snprintf(why, why_len, "reply not ended by an empty line");
                return false;
            }
            i = (size_t)(nl - out) + 1;
            if (i < len && out[i] == '\n') {
                i++;
                break;
            }
            if (i >= len) {
                snprintf(why, why_len, "output ends inside a reply");
                return false;
            }
        }
    }
    return true;
}

/* A front end as the harness runs it: one thread, one playout a move, the
 * smallest tree, no files (sandbox): the checks are after the handling of
 * input, not the strength of a move. Its replies go to `sink` until
 * gtp_check_run points them elsewhere. NULL with the reason in `err`. */
static struct gtp *gtp_check_new(FILE *sink, char *err, size_t err_len)
{
    struct params p;
    params_default(&p);
    if (!params_set(&p, "threads", "1", err, err_len) ||
        !params_set(&p, "playouts", "1", err, err_len) ||
        !params_set(&p, "memory", "4", err, err_len) ||
        !params_set(&p, "seed", "1", err, err_len))
        return NULL;
    struct gtp_options opt = {.sandbox = true};
    return gtp_new(&p, sink, &opt, err, err_len);
}

/* Runs `data` as the whole input of front end `g`, reset first, and checks
 * the replies. False (and why) if they are not well formed. */
static bool gtp_check_run(struct gtp *g, const uint8_t *data, size_t size, char *why,
                          size_t why_len)
{
    if (size == 0)
        return true;
    FILE *in = fmemopen((void *)data, size, "r");
    char *out_buf = NULL;
    size_t out_len = 0;
    FILE *out = open_memstream(&out_buf, &out_len);
    if (!in || !out) {
        snprintf(why, why_len, "cannot open memory streams");
        if (in)
            fclose(in);
        if (out)
            fclose(out);
        free(out_buf);
        return false;
    }
    /* Start on 7x7 (GTP leaves the first size to the engine; hane's is 19)
     * so that the many genmoves a mutated input holds stay cheap; inputs can
     * still choose any size. */
    gtp_reset(g, 7, out);
    gtp_run(g, in);
    fclose(in);
    fclose(out);
    bool ok = gtp_check_output(out_buf, out_len, why, why_len);
    free(out_buf);
    return ok;
}

#endif
