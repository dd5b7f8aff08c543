/* gtp_line — bounded line reader, GTP preprocessing and word splitting. */
#include "gtp/gtp_line.h"

#include <string.h>

enum gtp_read gtp_read_line(struct gtp_reader *r)
{
    size_t n = 0, dropped = 0;
    int ch;
    bool any = false;
    /* getc per byte: the reader never needs more than one line of memory and
     * a line of any length costs no more than GTP_LINE_MAX bytes. */
    while ((ch = getc(r->in)) != EOF) {
        any = true;
        if (ch == '\n')
            break;
        if (n < GTP_LINE_MAX)
            r->buf[n++] = (char)ch;
        else
            dropped++;
    }
    r->buf[n] = '\0';
    r->len = n;
    r->dropped = dropped;
    if (!any)
        return GTP_READ_EOF;
    return dropped ? GTP_READ_TOO_LONG : GTP_READ_LINE;
}

size_t gtp_preprocess(char *s, size_t len)
{
    size_t j = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '#')
            break;
        if (c == '\t')
            c = ' ';
        else if (c < 32 || c == 127)
            continue;                /* CR, NUL and the other controls */
        s[j++] = (char)c;
    }
    s[j] = '\0';
    return j;
}

static char *next_word(char **p)
{
    char *s = *p;
    while (*s == ' ')
        s++;
    if (!*s) {
        *p = s;
        return NULL;
    }
    char *w = s;
    while (*s && *s != ' ')
        s++;
    if (*s)
        *s++ = '\0';
    *p = s;
    return w;
}

static bool all_digits(const char *w)
{
    if (!*w)
        return false;
    for (; *w; w++)
        if (*w < '0' || *w > '9')
            return false;
    return true;
}

bool gtp_split(char *s, struct gtp_cmd *cmd)
{
    cmd->id[0] = '\0';
    cmd->name = NULL;
    cmd->argc = 0;
    cmd->too_many_args = false;
    char *w = next_word(&s);
    if (!w)
        return false;
    if (all_digits(w)) {
        /* An id; an absurdly long one is cut (it still names the reply). */
        size_t l = strlen(w);
        if (l > GTP_ID_MAX)
            l = GTP_ID_MAX;
        memcpy(cmd->id, w, l);
        cmd->id[l] = '\0';
        w = next_word(&s);
    }
    cmd->name = w;
    if (!w)
        return true;
    while ((w = next_word(&s)) != NULL) {
        if (cmd->argc == GTP_MAX_ARGS) {
            cmd->too_many_args = true;
            break;
        }
        cmd->argv[cmd->argc++] = w;
    }
    return true;
}

void gtp_quote(char *dst, size_t dst_len, const char *src, size_t max)
{
    static const char hex[] = "0123456789abcdef";
    size_t j = 0, shown = 0;
    if (!dst_len)
        return;
    for (; *src; src++) {
        unsigned char c = (unsigned char)*src;
        size_t need = (c >= 32 && c < 127) ? 1 : 4;
        if (shown >= max || j + need + 4 > dst_len) {
            if (j + 4 <= dst_len) {
                memcpy(dst + j, "...", 3);
                j += 3;
            }
            break;
        }
        if (need == 1) {
            dst[j++] = (char)c;
        } else {
            dst[j++] = '\\';
            dst[j++] = 'x';
            dst[j++] = hex[c >> 4];
            dst[j++] = hex[c & 15];
        }
        shown++;
    }
    dst[j] = '\0';
}
