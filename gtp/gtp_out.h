/* gtp_out — everything hane writes on its GTP channel. One function writes
 * every complete reply ("=" or "?", the id, the text, exactly one blank line);
 * streamed replies (lz-analyze) are opened, fed line by line and closed. A
 * mutex makes writes from search threads (analysis callbacks) safe.
 */
#ifndef HANE_GTP_OUT_H
#define HANE_GTP_OUT_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

struct gtp_out {
    FILE *f;
    pthread_mutex_t lock;
    bool stream_open;   /* between gtp_stream_open and gtp_stream_close */
    int write_errno;    /* set by the first write that failed; 0 while all went out */
};

void gtp_out_init(struct gtp_out *o, FILE *f);
/* The errno of the first write that failed, 0 if none did (search threads
 * write too: read under the lock). */
int gtp_out_error(struct gtp_out *o);
void gtp_out_free(struct gtp_out *o);

/* Writes "=id text" (ok) or "?id text" and the blank line that ends a reply.
 * Trailing newlines of `text` are dropped and an empty line inside it is
 * written as a single space, so the text can never end the reply early. A
 * text starting with '\n' (showboard) begins on the line after "=id". */
void gtp_reply(struct gtp_out *o, bool ok, const char *id, const char *text);

/* A streamed success reply: "=id" now, then lines, then the blank line. */
void gtp_stream_open(struct gtp_out *o, const char *id);
/* One line of a streamed reply; must not contain a newline. Dropped when no
 * stream is open, so a late callback of a search thread cannot write into the
 * next reply. */
void gtp_stream_line(struct gtp_out *o, const char *line);
void gtp_stream_close(struct gtp_out *o);

/* A growing text buffer for building a reply. */
struct gtp_buf {
    char *s;
    size_t len, cap;
    bool out_of_memory; /* a printf did not fit: the text is incomplete */
};

/* Empties the buffer and clears out_of_memory. */
void gtp_buf_clear(struct gtp_buf *b);
void gtp_buf_free(struct gtp_buf *b);
void gtp_buf_printf(struct gtp_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The text so far ("" when empty; never NULL). */
const char *gtp_buf_str(const struct gtp_buf *b);

#endif
