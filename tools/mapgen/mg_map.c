/* mg_map.c — map geometry (regions, BFS distance, double-sweep longest path) and ASCII. */
#include "tools/mapgen/mg_problem.h"

#include <stdio.h>
#include <string.h>

#define IN(set, t) (((set) >> (t)) & 1u)

/* BFS over cells in `set` from `src`.  Cells it reaches get mark[c] = stamp and their
 * distance in dist[c] (dist is meaningful only where mark == stamp, so no per-call
 * clearing).  Returns the number reached; order[] receives them in visiting order, which
 * is non-decreasing distance. */
static int bfs(const uint8_t *map, int w, int h, unsigned set, int src, int *dist,
               uint16_t *mark, uint16_t stamp, int *order)
{
    int head = 0, tail = 0;
    mark[src] = stamp;
    dist[src] = 0;
    order[tail++] = src;
    while (head < tail) {
        int c = order[head++], x = c % w, d = dist[c] + 1;
        int e;
#define VISIT(cond, cell)                                                       \
        if (cond) {                                                             \
            e = (cell);                                                         \
            if (mark[e] != stamp && IN(set, map[e])) {                          \
                mark[e] = stamp;                                                \
                dist[e] = d;                                                    \
                order[tail++] = e;                                              \
            }                                                                   \
        }
        VISIT(x > 0, c - 1)
        VISIT(x < w - 1, c + 1)
        VISIT(c >= w, c - w)
        VISIT(c < w * (h - 1), c + w)
#undef VISIT
    }
    return tail;
}

int mg_regions(const uint8_t *map, int w, int h, unsigned set)
{
    /* flood fill with an explicit stack; no distances needed */
    int n = w * h, stack[MG_MAX_CELLS], count = 0;
    uint8_t seen[MG_MAX_CELLS];
    for (int i = 0; i < n; i++)
        seen[i] = !IN(set, map[i]);
    for (int i = 0; i < n; i++) {
        if (seen[i])
            continue;
        count++;
        int top = 0;
        stack[top++] = i;
        seen[i] = 1;
        while (top > 0) {
            int c = stack[--top], x = c % w;
            if (x > 0 && !seen[c - 1]) {
                seen[c - 1] = 1;
                stack[top++] = c - 1;
            }
            if (x < w - 1 && !seen[c + 1]) {
                seen[c + 1] = 1;
                stack[top++] = c + 1;
            }
            if (c >= w && !seen[c - w]) {
                seen[c - w] = 1;
                stack[top++] = c - w;
            }
            if (c < n - w && !seen[c + w]) {
                seen[c + w] = 1;
                stack[top++] = c + w;
            }
        }
    }
    return count;
}

void mg_distances(const uint8_t *map, int w, int h, unsigned set, int a, int *dist)
{
    int order[MG_MAX_CELLS], tmp[MG_MAX_CELLS];
    uint16_t mark[MG_MAX_CELLS] = {0};
    for (int i = 0; i < w * h; i++)
        dist[i] = -1;
    if (!IN(set, map[a]))
        return;
    int r = bfs(map, w, h, set, a, tmp, mark, 1, order);
    for (int j = 0; j < r; j++)
        dist[order[j]] = tmp[order[j]];
}

int mg_dist(const uint8_t *map, int w, int h, unsigned set, int a, int b)
{
    int dist[MG_MAX_CELLS], order[MG_MAX_CELLS];
    uint16_t mark[MG_MAX_CELLS] = {0};
    if (!IN(set, map[a]))
        return -1;
    bfs(map, w, h, set, a, dist, mark, 1, order);
    return mark[b] ? dist[b] : -1;
}

int mg_longest(const uint8_t *map, int w, int h, unsigned set)
{
    int n = w * h, dist[MG_MAX_CELLS], order[MG_MAX_CELLS], best = 0;
    uint16_t reached[MG_MAX_CELLS] = {0}, mark[MG_MAX_CELLS] = {0};
    uint16_t stamp = 0;
    for (int i = 0; i < n; i++) {
        if (reached[i] || !IN(set, map[i]))
            continue;
        int r = bfs(map, w, h, set, i, dist, reached, 1, order);
        int far = i;
        for (int j = 0; j < r; j++) {
            int c = order[j];
            /* farthest, first in row-major order among ties */
            if (dist[c] > dist[far] || (dist[c] == dist[far] && c < far))
                far = c;
        }
        if (r == 1)
            continue;   /* a lone tile: the second sweep would give 0 */
        r = bfs(map, w, h, set, far, dist, mark, ++stamp, order);
        int m = dist[order[r - 1]];   /* the last visited is the farthest */
        if (m > best)
            best = m;
    }
    return best;
}

/* ---- ASCII ---- */

static int tile_of(const mg_problem *p, char c)
{
    for (int k = 0; k < p->ntiles; k++)
        if (p->ascii[k] == c)
            return k;
    return -1;
}

bool mg_map_parse(const mg_problem *p, const char *text, uint8_t *map, char *err,
                  size_t errlen)
{
    char rows[MG_MAX_H + 2][MG_MAX_W + 3];
    int lines[MG_MAX_H + 2];
    int nrows = 0, line = 0;
    const char *s = text;
    while (*s) {
        line++;
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        while (len > 0 && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
            len--;
        if (len > 0 && s[0] != ';') {
            if (nrows >= p->h + 2 || len > (size_t)p->w + 2) {
                snprintf(err, errlen, "%d:1: %s map is %dx%d (plus an optional border); %s",
                         line, p->name, p->w, p->h,
                         nrows >= p->h + 2 ? "too many rows" : "row too long");
                return false;
            }
            memcpy(rows[nrows], s, len);
            rows[nrows][len] = 0;
            lines[nrows++] = line;
        }
        s = e ? e + 1 : s + len + strlen(s + len);
    }
    /* with border: h+2 rows of w+2, outer ring '#' (the border is dropped) */
    int off = 0;
    if (nrows == p->h + 2) {
        off = 1;
    } else if (nrows != p->h) {
        snprintf(err, errlen, "%d:1: expected %d rows for %s (or %d with the border), got %d",
                 line, p->h, p->name, p->h + 2, nrows);
        return false;
    }
    for (int y = 0; y < p->h; y++) {
        const char *r = rows[y + off];
        size_t len = strlen(r);
        if (len != (size_t)(p->w + 2 * off)) {
            snprintf(err, errlen, "%d:1: row has %zu tiles, expected %d", lines[y + off], len,
                     p->w + 2 * off);
            return false;
        }
        for (int x = 0; x < p->w; x++) {
            int t = tile_of(p, r[x + off]);
            if (t < 0) {
                snprintf(err, errlen, "%d:%d: '%c' is not a %s tile (legend %.*s)",
                         lines[y + off], x + off + 1, r[x + off], p->name, p->ntiles,
                         p->ascii);
                return false;
            }
            map[y * p->w + x] = (uint8_t)t;
        }
    }
    return true;
}

void mg_map_row(const mg_problem *p, const uint8_t *map, int row, char *buf)
{
    int k = 0;
    if (row < 0 || row >= p->h) {
        for (int x = 0; x < p->w + 2; x++)
            buf[k++] = '#';
    } else {
        buf[k++] = '#';
        for (int x = 0; x < p->w; x++)
            buf[k++] = p->ascii[map[row * p->w + x]];
        buf[k++] = '#';
    }
    buf[k] = 0;
}

size_t mg_map_format(const mg_problem *p, const uint8_t *map, char *buf, size_t cap)
{
    size_t need = (size_t)(p->h + 2) * (size_t)(p->w + 3) + 1, k = 0;
    if (cap < need)
        return need;
    char row[MG_MAX_W + 3];
    for (int y = -1; y <= p->h; y++) {
        mg_map_row(p, map, y, row);
        size_t l = strlen(row);
        memcpy(buf + k, row, l);
        k += l;
        buf[k++] = '\n';
    }
    buf[k] = 0;
    return need;
}
