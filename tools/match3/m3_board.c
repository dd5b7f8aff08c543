/* m3_board: the 7x7 Match-3 game (Mugrai et al. 2019; README, Rules). */
#include "tools/match3/m3_board.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/file_read.h"

#define N M3_SIZE
#define EMPTY 0xFF
/* A cascade ends with probability 1 (fresh tiles are random once a feed table runs out);
 * this cap only guards against a hostile board file whose table would loop for ever. */
#define M3_STEP_CAP 10000

uint64_t m3_stream_at(uint64_t key, uint64_t j)
{
    struct rng r;
    rng_seed(&r, key);
    rng_skip(&r, j);
    return rng_next(&r);
}

/* Colour 0..5 of a 64-bit value: floor(6 u), u its top 53 bits as a fraction, exact in
 * integers ((x >> 11) * 6 < 2^56). */
static int colour_of(uint64_t x)
{
    return (int)(((x >> 11) * 6) >> 53);
}

void m3_source_from_seed(m3_source *src, uint64_t seed)
{
    memset(src, 0, sizeof *src);
    src->seed = seed;
}

static int draw_feed(m3_board *b, int c)
{
    uint32_t j = b->feed_pos[c]++;
    const m3_source *s = b->src;
    if (j < (uint32_t)s->table_len[c])
        return s->table[c][j];
    return colour_of(m3_stream_at(rng_derive(s->seed, M3_STREAM_FEED0 + (uint64_t)c), j));
}

/* Length of the run of colour x through cell p in row and column directions. */
static int run_through(const uint8_t *cell, int p)
{
    int x = cell[p], r = p / N, c = p % N, h = 1, v = 1;
    for (int cc = c - 1; cc >= 0 && cell[r * N + cc] == x; cc--) h++;
    for (int cc = c + 1; cc < N && cell[r * N + cc] == x; cc++) h++;
    for (int rr = r - 1; rr >= 0 && cell[rr * N + c] == x; rr--) v++;
    for (int rr = r + 1; rr < N && cell[rr * N + c] == x; rr++) v++;
    return h > v ? h : v;
}

/* Whether colour x placed at p makes a run of 3 through p, when its neighbour q (the swap
 * partner, which then holds a different colour) is excluded. Reads the board unswapped. */
static inline int makes_run(const uint8_t *cell, int p, int x, int q)
{
    int r = p / N, c = p % N, h = 1, v = 1;
    for (int i = p - 1, cc = c - 1; cc >= 0 && i != q && cell[i] == x; cc--, i--) h++;
    for (int i = p + 1, cc = c + 1; cc < N && i != q && cell[i] == x; cc++, i++) h++;
    if (h >= 3)
        return 1;
    for (int i = p - N, rr = r - 1; rr >= 0 && i != q && cell[i] == x; rr--, i -= N) v++;
    for (int i = p + N, rr = r + 1; rr < N && i != q && cell[i] == x; rr++, i += N) v++;
    return v >= 3;
}

static int swap_matches(const m3_board *b, int a, int q)
{
    if (b->cell[a] == b->cell[q])
        return 0;
    return makes_run(b->cell, a, b->cell[q], q) || makes_run(b->cell, q, b->cell[a], a);
}

int m3_is_legal(const m3_board *b, m3_move m)
{
    if (m.a >= M3_CELLS || m.b >= M3_CELLS)
        return 0;
    int adjacent = (m.b == m.a + 1 && m.a % N != N - 1) || m.b == m.a + N;
    return adjacent && swap_matches(b, m.a, m.b);
}

int m3_legal_moves(const m3_board *b, m3_move *out)
{
    int n = 0;
    for (int p = 0; p < M3_CELLS; p++) {
        if (p % N != N - 1 && swap_matches(b, p, p + 1)) {
            if (out) out[n] = (m3_move){(uint8_t)p, (uint8_t)(p + 1)};
            n++;
        }
        if (p + N < M3_CELLS && swap_matches(b, p, p + N)) {
            if (out) out[n] = (m3_move){(uint8_t)p, (uint8_t)(p + N)};
            n++;
        }
    }
    return n;
}

int m3_count_moves(const m3_board *b)
{
    return m3_legal_moves(b, NULL);
}

int m3_has_move(const m3_board *b)
{
    for (int p = 0; p < M3_CELLS; p++)
        if ((p % N != N - 1 && swap_matches(b, p, p + 1)) ||
            (p + N < M3_CELLS && swap_matches(b, p, p + N)))
            return 1;
    return 0;
}

int m3_has_run(const m3_board *b)
{
    for (int p = 0; p < M3_CELLS; p++)
        if (run_through(b->cell, p) >= 3)
            return 1;
    return 0;
}

/* Fills the board row-major from the stream `key` starting at *pos, redrawing a cell while it
 * completes a run with its two left or two upper neighbours; refills a board with no move. */
static void fill_board(m3_board *b, uint64_t key, uint32_t *pos)
{
    do {
        for (int p = 0; p < M3_CELLS; p++) {
            int r = p / N, c = p % N, x;
            do {
                x = colour_of(m3_stream_at(key, (*pos)++));
            } while ((c >= 2 && b->cell[p - 1] == x && b->cell[p - 2] == x) ||
                     (r >= 2 && b->cell[p - N] == x && b->cell[p - 2 * N] == x));
            b->cell[p] = (uint8_t)x;
        }
    } while (!m3_has_move(b));
}

void m3_board_init(m3_board *b, const m3_source *src)
{
    memset(b, 0, sizeof *b);
    b->src = src;
    uint32_t pos = 0;
    fill_board(b, rng_derive(src->seed, M3_STREAM_BOARD), &pos);
}

int m3_ensure_moves(m3_board *b)
{
    if (m3_has_move(b))
        return 0;
    fill_board(b, rng_derive(b->src->seed, M3_STREAM_RESHUFFLE), &b->reshuffle_pos);
    b->regenerations++;
    return 1;
}

int m3_points(int k, const int *sizes, int ngroups)
{
    int sum = 0;
    for (int i = 0; i < ngroups; i++)
        sum += sizes[i] * (20 + 10 * (sizes[i] - 3));
    return k * sum;
}

static int uf_find(int *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

static void uf_union(int *parent, int x, int y)
{
    x = uf_find(parent, x);
    y = uf_find(parent, y);
    if (x != y)
        parent[x < y ? y : x] = x < y ? x : y;   /* the smaller cell is the root */
}

/* Marks the runs of three or more along the N lines whose k-th cell is l * line + k * step
 * (rows: line N, step 1; columns: line 1, step N), joining each run's cells. */
static void mark_runs(const m3_board *b, uint8_t *in_group, int *parent, int line, int step)
{
    for (int l = 0; l < N; l++)
        for (int c = 0; c < N;) {
            const int at = l * line;
            int e = c + 1;
            while (e < N && b->cell[at + e * step] == b->cell[at + c * step]) e++;
            if (e - c >= 3)
                for (int i = c; i < e; i++) {
                    in_group[at + i * step] = 1;
                    if (i > c) uf_union(parent, at + (i - 1) * step, at + i * step);
                }
            c = e;
        }
}

/* Finds the groups of the current board: maximal runs of >= 3, merged when they share a
 * cell. Marks group cells in `in_group`, writes group sizes ordered by their first cell. */
static int find_groups(const m3_board *b, uint8_t *in_group, int *sizes, int maxsizes)
{
    int parent[M3_CELLS];
    for (int p = 0; p < M3_CELLS; p++)
        parent[p] = p;
    memset(in_group, 0, M3_CELLS);
    mark_runs(b, in_group, parent, N, 1);     /* horizontal runs */
    mark_runs(b, in_group, parent, 1, N);     /* vertical runs */
    int count[M3_CELLS] = {0}, ngroups = 0;
    for (int p = 0; p < M3_CELLS; p++)
        if (in_group[p])
            count[uf_find(parent, p)]++;
    for (int p = 0; p < M3_CELLS; p++)    /* roots are the smallest cells: row-major order */
        if (count[p] > 0) {
            if (ngroups < maxsizes)
                sizes[ngroups] = count[p];
            ngroups++;
        }
    return ngroups;
}

/* Removes group cells, lets tiles fall and fills each column from its feed, the first tile
 * drawn going to the lowest empty cell. */
static void collapse(m3_board *b, const uint8_t *in_group)
{
    for (int c = 0; c < N; c++) {
        int w = N - 1;
        for (int r = N - 1; r >= 0; r--)
            if (!in_group[r * N + c])
                b->cell[w-- * N + c] = b->cell[r * N + c];
        for (; w >= 0; w--)
            b->cell[w * N + c] = (uint8_t)draw_feed(b, c);
    }
}

int m3_play(m3_board *b, m3_move m, m3_move_report *rep)
{
    uint8_t t = b->cell[m.a];
    b->cell[m.a] = b->cell[m.b];
    b->cell[m.b] = t;
    if (rep)
        memset(rep, 0, sizeof *rep);
    int total = 0;
    for (int k = 1; k <= M3_STEP_CAP; k++) {
        uint8_t in_group[M3_CELLS];
        int sizes[M3_CELLS];
        int ng = find_groups(b, in_group, sizes, M3_CELLS);
        if (ng == 0)
            break;
        int pts = m3_points(k, sizes, ng);
        total += pts;
        if (rep && rep->steps < M3_MAX_STEPS) {
            int s = rep->steps++, keep = ng < M3_MAX_GROUPS ? ng : M3_MAX_GROUPS;
            rep->groups[s] = keep;
            memcpy(rep->size[s], sizes, (size_t)keep * sizeof(int));
            rep->points[s] = pts;
        }
        collapse(b, in_group);
    }
    b->score += total;
    b->moves_made++;
    /* the full count only when reported; the forward model needs only "any move left" */
    int avail = rep ? m3_count_moves(b) : m3_has_move(b);
    if (rep) {
        rep->available = avail;
        memcpy(rep->resolved, b->cell, M3_CELLS);
    }
    if (avail == 0) {
        m3_ensure_moves(b);
        if (rep)
            rep->regenerated = 1;
    }
    return total;
}

/* ---- text ---- */

static void set_err(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* Reads 7 rows of 7 letters from `text` (separators: blanks, '/', newlines) into cells. */
static int parse_cells(uint8_t *cell, const char *text, char *err, size_t errlen)
{
    int n = 0, rowlen = 0;
    for (const char *s = text; *s; s++) {
        int col = (int)(s - text) + 1;
        if (*s == ' ' || *s == '\t' || *s == '/' || *s == '\n' || *s == '\r') {
            if (rowlen != 0 && rowlen != N) {
                set_err(err, errlen, "column %d: row %d has %d cells, expected %d", col,
                        n / N + 1, rowlen, N);
                return -1;
            }
            rowlen = 0;
            continue;
        }
        if (*s < 'A' || *s > 'A' + M3_COLOURS - 1) {
            set_err(err, errlen, "column %d: '%c' is not a tile letter A-F", col, *s);
            return -1;
        }
        if (n == M3_CELLS || rowlen == N) {
            set_err(err, errlen, "column %d: too many cells (a board is %d rows of %d)",
                    col, N, N);
            return -1;
        }
        cell[n++] = (uint8_t)(*s - 'A');
        rowlen++;
    }
    if (n != M3_CELLS) {
        set_err(err, errlen, "board has %d cells, expected %d (7 rows of 7 letters A-F)", n,
                M3_CELLS);
        return -1;
    }
    return 0;
}

int m3_board_parse(m3_board *b, const m3_source *src, const char *text, char *err, size_t errlen)
{
    m3_board t;
    memset(&t, 0, sizeof t);
    t.src = src;
    if (parse_cells(t.cell, text, err, errlen) < 0)
        return -1;
    *b = t;
    return 0;
}

void m3_board_string(const m3_board *b, char *out, size_t outlen)
{
    char buf[M3_CELLS + N + 1];
    int k = 0;
    for (int p = 0; p < M3_CELLS; p++) {
        if (p && p % N == 0) buf[k++] = ' ';
        buf[k++] = (char)('A' + b->cell[p]);
    }
    buf[k] = 0;
    snprintf(out, outlen, "%s", buf);
}

void m3_board_picture(const m3_board *b, const m3_move *hl, char *out, size_t outlen)
{
    size_t k = 0;
    char line[64];
#define PUT(str) do { int w_ = snprintf(out + k, k < outlen ? outlen - k : 0, "%s", str); \
                      if (w_ > 0) k += (size_t)w_; } while (0)
    PUT("    0  1  2  3  4  5  6\n");
    for (int r = 0; r < N; r++) {
        int q = snprintf(line, sizeof line, "%d ", r);
        for (int c = 0; c < N; c++) {
            int p = r * N + c, mark = hl && (hl->a == p || hl->b == p);
            q += snprintf(line + q, sizeof line - (size_t)q, mark ? "[%c]" : " %c ",
                          'A' + b->cell[p]);
        }
        snprintf(line + q, sizeof line - (size_t)q, "\n");
        PUT(line);
    }
#undef PUT
}

void m3_move_string(m3_move m, char *out, size_t outlen)
{
    snprintf(out, outlen, "(%d,%d)-(%d,%d)", m.a / N, m.a % N, m.b / N, m.b % N);
}

/* ---- board files ---- */

#define M3_FILE_MAX (1 << 20)

int m3_board_load(const char *path, m3_source *src, m3_board *b, char *err, size_t errlen)
{
    char *text;
    size_t len;
    if (file_read(path, M3_FILE_MAX, &text, &len, err, errlen) != FILE_OK)
        return -1;
    if (!file_check_text(text, len, 0, path, err, errlen)) {
        free(text);
        return -1;
    }

    m3_source s;
    m3_source_from_seed(&s, 0);
    char rows[N][N + 1];
    int nrows = 0, nfeed = 0, section = 0, lineno = 0, rc = -1, have_board = 0;
    enum { NONE, BOARD, FEED };
    char *save = NULL;
    for (char *line = text; line; line = save) {
        char *nl = strchr(line, '\n');
        save = nl ? nl + 1 : NULL;
        if (nl) *nl = 0;
        lineno++;
        size_t l = strlen(line);
        while (l && (line[l - 1] == '\r' || line[l - 1] == ' ' || line[l - 1] == '\t'))
            line[--l] = 0;
        char *s0 = line;
        while (*s0 == ' ' || *s0 == '\t') s0++;
        if (*s0 == 0 || *s0 == '#')
            continue;
        int col0 = (int)(s0 - line) + 1;
        if (strncmp(s0, "seed", 4) == 0 && (s0[4] == ' ' || s0[4] == '\t')) {
            char *end;
            errno = 0;
            unsigned long long v = strtoull(s0 + 5, &end, 10);
            while (*end == ' ' || *end == '\t') end++;
            if (errno || *end || s0[5] == '-') {
                set_err(err, errlen, "%s:%d:%d: seed must be an unsigned 64-bit integer",
                        path, lineno, col0 + 5);
                goto out;
            }
            s.seed = v;
            section = NONE;
        } else if (strcmp(s0, "board") == 0) {
            section = BOARD;
            have_board = 1;
        } else if (strcmp(s0, "feed") == 0) {
            section = FEED;
        } else if (section == BOARD) {
            if (nrows == N || strlen(s0) != N) {
                set_err(err, errlen, nrows == N ? "%s:%d:%d: more than 7 board rows"
                        : "%s:%d:%d: a board row is 7 letters A-F", path, lineno, col0);
                goto out;
            }
            for (int i = 0; i < N; i++)
                if (s0[i] < 'A' || s0[i] > 'F') {
                    set_err(err, errlen, "%s:%d:%d: '%c' is not a tile letter A-F", path,
                            lineno, col0 + i, s0[i]);
                    goto out;
                }
            memcpy(rows[nrows++], s0, N + 1);
        } else if (section == FEED) {
            if (nfeed == N) {
                set_err(err, errlen, "%s:%d:%d: more than 7 feed lines", path, lineno, col0);
                goto out;
            }
            size_t fl = strlen(s0);
            if (fl > M3_FEED_TABLE) {
                set_err(err, errlen, "%s:%d:%d: feed longer than %d tiles", path, lineno,
                        col0, M3_FEED_TABLE);
                goto out;
            }
            for (size_t i = 0; i < fl; i++) {
                if (s0[i] < 'A' || s0[i] > 'F') {
                    set_err(err, errlen, "%s:%d:%d: '%c' is not a tile letter A-F", path,
                            lineno, col0 + (int)i, s0[i]);
                    goto out;
                }
                s.table[nfeed][i] = (uint8_t)(s0[i] - 'A');
            }
            s.table_len[nfeed++] = (int)fl;
        } else {
            set_err(err, errlen, "%s:%d:%d: expected 'seed N', 'board' or 'feed', got \"%.20s\"",
                    path, lineno, col0, s0);
            goto out;
        }
    }
    if (!have_board || nrows != N) {
        set_err(err, errlen, "%s:%d: the board section needs 7 rows (found %d)", path, lineno,
                nrows);
        goto out;
    }
    if (nfeed != 0 && nfeed != N) {
        set_err(err, errlen, "%s:%d: the feed section needs 7 lines, one per column (found %d)",
                path, lineno, nfeed);
        goto out;
    }
    *src = s;
    memset(b, 0, sizeof *b);
    b->src = src;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            b->cell[r * N + c] = (uint8_t)(rows[r][c] - 'A');
    if (m3_has_run(b)) {
        set_err(err, errlen, "%s: the initial board already contains a run of 3", path);
        goto out;
    }
    rc = 0;
out:
    free(text);
    return rc;
}

int m3_board_save_seed(const char *path, uint64_t seed, int feed_len, char *err, size_t errlen)
{
    if (feed_len < 0 || feed_len > M3_FEED_TABLE) {
        set_err(err, errlen, "feed length %d outside 0..%d", feed_len, M3_FEED_TABLE);
        return -1;
    }
    m3_source src;
    m3_source_from_seed(&src, seed);
    m3_board b;
    m3_board_init(&b, &src);
    FILE *f = fopen(path, "w");
    if (!f) {
        set_err(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    fprintf(f, "# hane-match3 board file: game seed %llu, initial board and %d falling tiles"
            " per column\n# (beyond them, and for reshuffles, the streams of the seed)\n",
            (unsigned long long)seed, feed_len);
    fprintf(f, "seed %llu\nboard\n", (unsigned long long)seed);
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++)
            fputc('A' + b.cell[r * N + c], f);
        fputc('\n', f);
    }
    fprintf(f, "feed\n");
    for (int c = 0; c < N; c++) {
        for (int j = 0; j < feed_len; j++)
            fputc('A' + draw_feed(&b, c), f);
        fputc('\n', f);
    }
    if (fclose(f) != 0) {
        set_err(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
