/* file_read — bounded reading of regular files, text checks, bounded JSON. */
#include "engine/board/file_read.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* O_NONBLOCK so that opening a FIFO with no writer returns at once; the
 * descriptor is then checked with fstat, which cannot race with a rename. */
static int open_regular(const char *path, struct stat *st, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    if (fstat(fd, st) != 0) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(st->st_mode)) {
        snprintf(err, errlen, "%s: %s", path,
                 S_ISDIR(st->st_mode) ? "is a directory" : "is not a regular file");
        close(fd);
        return -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    return fd;
}

enum file_status file_read(const char *path, size_t max, char **buf, size_t *len,
                           char *err, size_t errlen)
{
    *buf = NULL;
    *len = 0;
    struct stat st;
    int fd = open_regular(path, &st, err, errlen);
    if (fd < 0)
        return FILE_ERROR;
    if ((uintmax_t)st.st_size > max) {
        snprintf(err, errlen, "%s: file too large (%jd bytes; at most %zu are read)", path,
                 (intmax_t)st.st_size, max);
        close(fd);
        return FILE_TOO_LARGE;
    }
    /* The size is a hint (the file may grow meanwhile): one byte more than
     * the cap is read to tell "too large" from "exactly max". */
    size_t cap = (size_t)st.st_size + 1;
    char *b = malloc(cap + 1);
    if (!b) {
        snprintf(err, errlen, "%s: out of memory (%zu bytes)", path, cap + 1);
        close(fd);
        return FILE_NO_MEMORY;
    }
    size_t n = 0;
    for (;;) {
        if (n == cap) {
            if (cap > max)
                break;
            size_t ncap = cap * 2 > max + 1 ? max + 1 : cap * 2;
            char *nb = realloc(b, ncap + 1);
            if (!nb) {
                snprintf(err, errlen, "%s: out of memory (%zu bytes)", path, ncap + 1);
                free(b);
                close(fd);
                return FILE_NO_MEMORY;
            }
            b = nb;
            cap = ncap;
        }
        ssize_t r = read(fd, b + n, cap - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
            free(b);
            close(fd);
            return FILE_ERROR;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    if (n > max) {
        snprintf(err, errlen, "%s: file too large (more than %zu bytes)", path, max);
        free(b);
        return FILE_TOO_LARGE;
    }
    b[n] = '\0';
    *buf = b;
    *len = n;
    return FILE_OK;
}

FILE *file_open_regular(const char *path, const char *mode, char *err, size_t errlen)
{
    struct stat st;
    int fd = open_regular(path, &st, err, errlen);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, mode);
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        close(fd);
    }
    return f;
}

bool file_check_text(const char *buf, size_t len, size_t max_line, const char *name,
                     char *err, size_t errlen)
{
    size_t line = 1, start = 0;
    for (size_t i = 0; i < len; i++) {
        if (buf[i] == '\0') {
            snprintf(err, errlen, "%s:%zu:%zu: NUL byte in text", name, line, i - start + 1);
            return false;
        }
        if (buf[i] == '\n') {
            line++;
            start = i + 1;
        } else if (max_line && i - start + 1 > max_line) {
            snprintf(err, errlen, "%s:%zu:%zu: line too long (more than %zu bytes)", name,
                     line, i - start + 1, max_line);
            return false;
        }
    }
    return true;
}

bool file_read_lines(const char *path, size_t max, size_t max_line,
                     bool (*fn)(char *line, size_t number, void *ctx), void *ctx,
                     char *err, size_t errlen)
{
    char *buf;
    size_t len;
    if (file_read(path, max, &buf, &len, err, errlen) != FILE_OK)
        return false;
    if (!file_check_text(buf, len, max_line, path, err, errlen)) {
        free(buf);
        return false;
    }
    bool ok = true;
    size_t number = 0;
    for (char *line = buf; ok && line < buf + len;) {
        char *nl = memchr(line, '\n', (size_t)(buf + len - line));
        char *next = nl ? nl + 1 : buf + len;
        char *end = nl ? nl : buf + len;
        if (end > line && end[-1] == '\r')
            end--;
        *end = '\0';
        ok = fn(line, ++number, ctx);
        line = next;
    }
    free(buf);
    return ok;
}

/* Jansson allocates through one global pair of functions. The counting one
 * is a plain malloc unless this thread is inside json_read_bounded(), so it
 * is safe whatever was allocated before it was installed; it counts requested
 * bytes and never subtracts frees, an upper bound on what the parse holds.
 * What the parse can take beyond the budget is what it allocates for one
 * chunk of JSON_FEED_CHUNK bytes.
 *
 * Jansson's lexer cannot fail an allocation: a buffer that cannot grow
 * drops the byte and a later check of it asserts (lex_unget_unsave), or a
 * string comes back cut short. So a parse holds a reserve, taken before it
 * starts and large enough for any one buffer of a document of its length;
 * when malloc fails, the allocation is served from it and the parse is
 * stopped from the input side as over the budget, with "out of memory". */
static _Thread_local struct {
    bool on, exceeded, out_of_memory;
    size_t used, budget;
    char *reserve;
    size_t reserve_size, reserve_used;
} json_budget;

static void *json_counting_malloc(size_t n)
{
    if (!json_budget.on)
        return malloc(n);
    /* Over the budget the allocation still succeeds: the parse is stopped
     * by the next read (json_feed_next), a few bytes later. */
    if (n > json_budget.budget - json_budget.used)
        json_budget.exceeded = true;
    else
        json_budget.used += n;
    void *p = malloc(n);
    if (!p) {
        json_budget.exceeded = json_budget.out_of_memory = true;
        size_t at = (json_budget.reserve_used + 15) & ~(size_t)15;
        if (at <= json_budget.reserve_size && n <= json_budget.reserve_size - at) {
            p = json_budget.reserve + at;
            json_budget.reserve_used = at + n;
        }
    }
    return p;
}

/* Blocks of the reserve are given back with the reserve itself. */
static void json_counting_free(void *p)
{
    char *c = p;
    if (json_budget.reserve && c >= json_budget.reserve &&
        c < json_budget.reserve + json_budget.reserve_size)
        return;
    free(p);
}

static void json_install_counter(void)
{
    json_set_alloc_funcs(json_counting_malloc, json_counting_free);
}

/* Feeds the parser a few bytes at a time, so that when an allocation is
 * refused the bytes fed so far say where (jansson gives no position then). */
struct json_feed {
    const char *buf;
    size_t len, pos;
};

#define JSON_FEED_CHUNK 16

static size_t json_feed_next(void *out, size_t room, void *data)
{
    struct json_feed *f = data;
    if (json_budget.exceeded)
        return (size_t)-1;   /* jansson: a read error, which ends the parse */
    size_t n = f->len - f->pos;
    if (n > room)
        n = room;
    if (n > JSON_FEED_CHUNK)
        n = JSON_FEED_CHUNK;
    memcpy(out, f->buf + f->pos, n);
    f->pos += n;
    return n;
}

json_t *json_read_bounded(const char *buf, size_t len, size_t flags, const char *name,
                          char *err, size_t errlen)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, json_install_counter);
    size_t budget = len > (SIZE_MAX - JSON_BUILD_SLACK) / JSON_BUILD_PER_BYTE
                        ? SIZE_MAX
                        : len * JSON_BUILD_PER_BYTE + JSON_BUILD_SLACK;
    /* The lexer's largest buffer holds one token, grown by doubling. */
    size_t reserve = len > (SIZE_MAX - JSON_BUILD_SLACK) / 2 ? SIZE_MAX : 2 * len + JSON_BUILD_SLACK;
    json_budget.reserve = reserve == SIZE_MAX ? NULL : malloc(reserve);
    if (!json_budget.reserve) {
        snprintf(err, errlen, "%s: out of memory (%zu bytes to read it)", name, reserve);
        return NULL;
    }
    json_budget.reserve_size = reserve;
    json_budget.reserve_used = 0;
    json_budget.on = true;
    json_budget.exceeded = json_budget.out_of_memory = false;
    json_budget.used = 0;
    json_budget.budget = budget;
    json_error_t je;
    struct json_feed feed = { buf, len, 0 };
    json_t *root = json_load_callback(json_feed_next, &feed, flags, &je);
    bool exceeded = json_budget.exceeded, out_of_memory = json_budget.out_of_memory;
    json_budget.on = false;
    /* A parse that took from the reserve has failed, and jansson has given
     * back what it built, unless the failing allocation came after the last
     * byte: such a document is given back here, while the reserve is known. */
    if (root && out_of_memory) {
        json_decref(root);
        root = NULL;
    }
    free(json_budget.reserve);
    json_budget.reserve = NULL;
    json_budget.reserve_size = 0;
    if (root)
        return root;
    if (exceeded || je.line < 0) {
        /* The line and column of the last byte fed. */
        size_t line = 1, start = 0, at = feed.pos ? feed.pos - 1 : 0;
        for (size_t i = 0; i < at; i++)
            if (buf[i] == '\n') {
                line++;
                start = i + 1;
            }
        if (out_of_memory || !exceeded)
            snprintf(err, errlen, "%s:%zu:%zu: out of memory", name, line, at - start + 1);
        else
            snprintf(err, errlen, "%s:%zu:%zu: document too costly to hold (more than %u bytes "
                     "of memory per byte of input)", name, line, at - start + 1,
                     JSON_BUILD_PER_BYTE);
    } else {
        snprintf(err, errlen, "%s:%d:%d: %s", name, je.line, je.column, je.text);
    }
    return NULL;
}

json_t *json_read_file(const char *path, size_t max, size_t flags, char *err, size_t errlen)
{
    char *buf;
    size_t len;
    if (file_read(path, max, &buf, &len, err, errlen) != FILE_OK)
        return NULL;
    json_t *root = json_read_bounded(buf, len, flags, path, err, errlen);
    free(buf);
    return root;
}
