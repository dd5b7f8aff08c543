/* result — parsing and writing game results; see result.h. */
#include "tools/match/result.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool result_parse(const char *text, struct result *r)
{
    char buf[64];
    while (isspace((unsigned char)*text))
        text++;
    size_t n = strlen(text);
    while (n > 0 && isspace((unsigned char)text[n - 1]))
        n--;
    if (n == 0 || n >= sizeof buf)
        return false;
    memcpy(buf, text, n);
    buf[n] = '\0';
    r->margin = 0;
    if (strcmp(buf, "0") == 0 || strcasecmp(buf, "jigo") == 0 || strcasecmp(buf, "draw") == 0
        || strcasecmp(buf, "B+0") == 0 || strcasecmp(buf, "W+0") == 0) {
        r->winner = EMPTY;
        r->how = RESULT_POINTS;
        return true;
    }
    if (strcasecmp(buf, "void") == 0) {
        r->winner = EMPTY;
        r->how = RESULT_VOID;
        return true;
    }
    char c = (char)toupper((unsigned char)buf[0]);
    if ((c != 'B' && c != 'W') || buf[1] != '+' || buf[2] == '\0')
        return false;
    r->winner = c == 'B' ? BLACK : WHITE;
    const char *rest = buf + 2;
    if (strcasecmp(rest, "R") == 0 || strcasecmp(rest, "Resign") == 0) {
        r->how = RESULT_RESIGN;
        return true;
    }
    if (strcasecmp(rest, "T") == 0 || strcasecmp(rest, "Time") == 0) {
        r->how = RESULT_TIME;
        return true;
    }
    if (strcasecmp(rest, "F") == 0 || strcasecmp(rest, "Forfeit") == 0) {
        r->how = RESULT_FORFEIT;
        return true;
    }
    if (!(isdigit((unsigned char)rest[0]) || rest[0] == '.'))
        return false;
    char *end;
    double m = strtod(rest, &end);
    if (*end != '\0' || !isfinite(m) || m <= 0 || m > 10000)
        return false;
    r->how = RESULT_POINTS;
    r->margin = m;
    return true;
}

void result_format(const struct result *r, char *out, size_t out_len)
{
    if (r->how == RESULT_VOID) {
        snprintf(out, out_len, "Void");
        return;
    }
    if (r->winner != BLACK && r->winner != WHITE) {
        snprintf(out, out_len, "0");
        return;
    }
    char w = r->winner == BLACK ? 'B' : 'W';
    switch (r->how) {
    case RESULT_POINTS:
        snprintf(out, out_len, "%c+%g", w, r->margin);
        break;
    case RESULT_RESIGN:
        snprintf(out, out_len, "%c+R", w);
        break;
    case RESULT_TIME:
        snprintf(out, out_len, "%c+T", w);
        break;
    case RESULT_FORFEIT:
        snprintf(out, out_len, "%c+F", w);
        break;
    case RESULT_VOID:
        break;
    }
}

bool result_same(const struct result *a, const struct result *b)
{
    if (a->winner != b->winner || a->how != b->how)
        return false;
    if (a->how == RESULT_POINTS)
        return fabs(a->margin - b->margin) < 0.01;
    return true;
}
