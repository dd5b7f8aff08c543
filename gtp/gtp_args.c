/* gtp_args — typed argument readers and vertex text. */
#include "gtp/gtp_args.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Column letters of GTP: I is skipped, so Z is the 25th column. */
static const char COLUMNS[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

char gtp_column(int x)
{
    return x >= 0 && x < (int)sizeof COLUMNS - 1 ? COLUMNS[x] : '?';
}

bool gtp_parse_color(const char *s, enum color *out)
{
    if (!strcasecmp(s, "b") || !strcasecmp(s, "black")) {
        *out = BLACK;
        return true;
    }
    if (!strcasecmp(s, "w") || !strcasecmp(s, "white")) {
        *out = WHITE;
        return true;
    }
    return false;
}

enum gtp_vertex_err gtp_parse_vertex(const char *s, const struct board *b, point *out)
{
    if (!strcasecmp(s, "pass")) {
        *out = PASS;
        return GTP_VERTEX_OK;
    }
    char col = s[0];
    if (col >= 'a' && col <= 'z')
        col = (char)(col - 'a' + 'A');
    const char *at = col ? strchr(COLUMNS, col) : NULL;
    if (!at)
        return GTP_VERTEX_MALFORMED;
    int x = (int)(at - COLUMNS);
    /* Row: decimal digits without a sign or a leading zero. */
    const char *r = s + 1;
    size_t n = strlen(r);
    if (n < 1 || strspn(r, "0123456789") != n)
        return GTP_VERTEX_MALFORMED;
    if (r[0] == '0' || n > 2)
        return GTP_VERTEX_OFF_BOARD;    /* A0, A05, A100: well formed, never on a board */
    int y = r[0] - '0';
    if (n == 2)
        y = y * 10 + (r[1] - '0');
    if (x >= b->size || y > b->size)
        return GTP_VERTEX_OFF_BOARD;
    *out = board_point(b, x, y - 1);
    return GTP_VERTEX_OK;
}

const char *gtp_vertex_str(const struct board *b, point p, char *out)
{
    if (p == PASS)
        strcpy(out, "pass");
    else if (p == RESIGN)
        strcpy(out, "resign");
    else if (!board_on(b, p))
        strcpy(out, "??");
    else
        snprintf(out, 8, "%c%d", COLUMNS[board_x(b, p)], (board_y(b, p) + 1) % 100);
    return out;
}

static const char *arg_text(const struct gtp_cmd *c, int i, char *q, size_t qlen)
{
    gtp_quote(q, qlen, i < c->argc ? c->argv[i] : "", 40);
    return q;
}

bool gtp_arg_color(const struct gtp_cmd *c, int i, enum color *out, struct gtp_buf *err)
{
    if (i < c->argc && gtp_parse_color(c->argv[i], out))
        return true;
    char q[200];
    gtp_buf_printf(err, "syntax error: expected a colour (b, w, black, white) as argument %d, got '%s'",
                   i + 1, arg_text(c, i, q, sizeof q));
    return false;
}

bool gtp_arg_vertex(const struct gtp_cmd *c, int i, const struct board *b, point *out,
                    struct gtp_buf *err)
{
    char q[200];
    enum gtp_vertex_err e = i < c->argc ? gtp_parse_vertex(c->argv[i], b, out) : GTP_VERTEX_MALFORMED;
    if (e == GTP_VERTEX_OK)
        return true;
    if (e == GTP_VERTEX_OFF_BOARD)
        gtp_buf_printf(err, "syntax error: vertex '%s' (argument %d) is off the %dx%d board",
                       arg_text(c, i, q, sizeof q), i + 1, b->size, b->size);
    else
        gtp_buf_printf(err, "syntax error: expected a vertex (like D4, or pass) as argument %d, got '%s'",
                       i + 1, arg_text(c, i, q, sizeof q));
    return false;
}

bool gtp_strtol(const char *s, long *out)
{
    if (!*s || strchr(" \t\n", *s))
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

bool gtp_strtod(const char *s, double *out)
{
    if (!*s || strchr(" \t\n", *s))
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !isfinite(v))
        return false;
    *out = v;
    return true;
}

bool gtp_arg_int(const struct gtp_cmd *c, int i, long min, long max, const char *what,
                 long *out, struct gtp_buf *err)
{
    char q[200];
    long v;
    if (i >= c->argc || !gtp_strtol(c->argv[i], &v)) {
        gtp_buf_printf(err, "syntax error: expected an integer (%s) as argument %d, got '%s'",
                       what, i + 1, arg_text(c, i, q, sizeof q));
        return false;
    }
    if (v < min || v > max) {
        gtp_buf_printf(err, "syntax error: %s (argument %d) must be in %ld..%ld, got '%s'",
                       what, i + 1, min, max, arg_text(c, i, q, sizeof q));
        return false;
    }
    *out = v;
    return true;
}

bool gtp_arg_number(const struct gtp_cmd *c, int i, double min, double max, const char *what,
                    double *out, struct gtp_buf *err)
{
    char q[200];
    double v;
    if (i >= c->argc || !gtp_strtod(c->argv[i], &v)) {
        gtp_buf_printf(err, "syntax error: expected a number (%s) as argument %d, got '%s'",
                       what, i + 1, arg_text(c, i, q, sizeof q));
        return false;
    }
    if (v < min || v > max) {
        gtp_buf_printf(err, "syntax error: %s (argument %d) must be in %g..%g, got '%s'",
                       what, i + 1, min, max, arg_text(c, i, q, sizeof q));
        return false;
    }
    *out = v;
    return true;
}

bool gtp_arg_bool(const struct gtp_cmd *c, int i, bool *out, struct gtp_buf *err)
{
    const char *s = i < c->argc ? c->argv[i] : "";
    if (!strcasecmp(s, "true") || !strcmp(s, "1") || !strcasecmp(s, "on")) {
        *out = true;
        return true;
    }
    if (!strcasecmp(s, "false") || !strcmp(s, "0") || !strcasecmp(s, "off")) {
        *out = false;
        return true;
    }
    char q[200];
    gtp_buf_printf(err, "syntax error: expected true or false as argument %d, got '%s'",
                   i + 1, arg_text(c, i, q, sizeof q));
    return false;
}
