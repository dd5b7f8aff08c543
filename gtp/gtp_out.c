/* gtp_out — reply writer and text buffer. */
#include "gtp/gtp_out.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void gtp_out_init(struct gtp_out *o, FILE *f)
{
    o->f = f;
    o->stream_open = false;
    o->write_errno = 0;
    pthread_mutex_init(&o->lock, NULL);
}

int gtp_out_error(struct gtp_out *o)
{
    pthread_mutex_lock(&o->lock);
    int e = o->write_errno;
    pthread_mutex_unlock(&o->lock);
    return e;
}

/* After a reply or a line: did everything reach the channel? A reader that
 * went away (EPIPE with SIGPIPE ignored) or a full disk is remembered for
 * the read loop, which stops (gtp_run). Called with the lock held. */
static void flush_checked(struct gtp_out *o)
{
    if ((fflush(o->f) != 0 || ferror(o->f)) && !o->write_errno)
        o->write_errno = errno ? errno : EIO;
}

void gtp_out_free(struct gtp_out *o)
{
    pthread_mutex_destroy(&o->lock);
}

void gtp_reply(struct gtp_out *o, bool ok, const char *id, const char *text)
{
    size_t len = strlen(text);
    while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
        len--;
    pthread_mutex_lock(&o->lock);
    fputc(ok ? '=' : '?', o->f);
    fputs(id, o->f);
    if (len && text[0] != '\n')
        fputc(' ', o->f);
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '\r')
            continue;
        fputc(c, o->f);
        /* A line break followed by another (or by the end) would be the
         * blank line that ends the reply: write a space between. */
        if (c == '\n' && i + 1 < len && text[i + 1] == '\n')
            fputc(' ', o->f);
    }
    fputs("\n\n", o->f);
    flush_checked(o);
    pthread_mutex_unlock(&o->lock);
}

void gtp_stream_open(struct gtp_out *o, const char *id)
{
    pthread_mutex_lock(&o->lock);
    fprintf(o->f, "=%s\n", id);
    o->stream_open = true;
    flush_checked(o);
    pthread_mutex_unlock(&o->lock);
}

void gtp_stream_line(struct gtp_out *o, const char *line)
{
    if (!*line)
        return;                     /* an empty line would end the reply */
    pthread_mutex_lock(&o->lock);
    if (!o->stream_open) {
        pthread_mutex_unlock(&o->lock);
        return;
    }
    fputs(line, o->f);
    fputc('\n', o->f);
    flush_checked(o);
    pthread_mutex_unlock(&o->lock);
}

void gtp_stream_close(struct gtp_out *o)
{
    pthread_mutex_lock(&o->lock);
    if (!o->stream_open) {
        pthread_mutex_unlock(&o->lock);
        return;
    }
    o->stream_open = false;
    fputc('\n', o->f);
    flush_checked(o);
    pthread_mutex_unlock(&o->lock);
}

void gtp_buf_clear(struct gtp_buf *b)
{
    b->len = 0;
    b->out_of_memory = false;
    if (b->s)
        b->s[0] = '\0';
}

void gtp_buf_free(struct gtp_buf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

void gtp_buf_printf(struct gtp_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || b->out_of_memory)
        return;
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->out_of_memory = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

const char *gtp_buf_str(const struct gtp_buf *b)
{
    return b->s ? b->s : "";
}
