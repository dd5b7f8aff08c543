/* gtp — hane's GTP v2 front end: owns a game, a searcher and the clocks, reads
 * command lines, dispatches them on a table of commands and writes replies.
 * The input can be any FILE* (stdin, a pipe, fmemopen for the fuzzer) and the
 * output any FILE*.
 */
#ifndef HANE_GTP_H
#define HANE_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/params.h"

struct gtp;

struct gtp_options {
    /* For the fuzzer: loadsgf opens no file, and hane-param values are checked
     * but not applied, genmove ignores the clocks, and the searches
     * behind final_score, final_status_list, hane-heatmap and hane-pv (thousands
     * of playouts, or a timed analysis) do not run: those commands answer as if
     * nothing were dead or analysed, so no input can make hane think long or allocate much. */
    bool sandbox;
};

/* A front end with these parameters (copied), replying on `out`. NULL with a
 * message in err when the searcher cannot be made. */
struct gtp *gtp_new(const struct params *p, FILE *out, const struct gtp_options *opt,
                    char *err, int err_len);
void gtp_free(struct gtp *g);

/* Back to the state gtp_new left (its parameters, komi 7.5, no clocks) with an
 * empty board of `size` (2..25); replies go to `out` from now on. The searcher is kept (it
 * reuses a tree only for a game that continues the one it saw). For the
 * fuzzer, which runs many inputs through one front end. */
void gtp_reset(struct gtp *g, int size, FILE *out);

/* Reads and answers commands from `in` until `quit`, end of input, or a reply
 * that could not be written (the reader is gone: nothing more is searched
 * for it). False in that last case, after a message on stderr. */
bool gtp_run(struct gtp *g, FILE *in);

/* Answers one raw input line (`len` bytes, no newline; modified in place).
 * Returns false once `quit` has been answered. */
bool gtp_execute(struct gtp *g, char *line, size_t len);

/* Ends a streamed reply (lz-analyze) if one is running, as the arrival of
 * a command or the end of input does. */
void gtp_finish_stream(struct gtp *g);

#endif
