/* file_read — reading a file a user names, for every reader of hane and its
 * tools: only regular files (a FIFO with no writer, a device such as
 * /dev/zero or a directory is refused at once instead of blocking or reading
 * forever), never more than a stated number of bytes, and every failure a
 * message that names the file.
 *
 * Text checks for line-based formats: a NUL byte or a line longer than the
 * format allows is an error with its position (file:line:col), so a file is
 * never read as if it ended early.
 *
 * JSON documents go through json_read_bounded(), which caps what the parser
 * may allocate at JSON_BUILD_PER_BYTE times the document's length (plus
 * JSON_BUILD_SLACK): a small file of empty objects cannot cost gigabytes.
 */
#ifndef HANE_FILE_READ_H
#define HANE_FILE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

enum file_status {
    FILE_OK,
    FILE_ERROR,       /* missing, unreadable, not a regular file */
    FILE_TOO_LARGE,   /* more bytes than the reader's cap */
    FILE_NO_MEMORY,   /* the buffer could not be allocated */
};

/* Reads all of the regular file `path` (at most `max` bytes) into a malloc'ed
 * buffer with a NUL after the last byte; *len is the number of bytes read. On
 * failure *buf is NULL and `err` reads "PATH: reason". */
enum file_status file_read(const char *path, size_t max, char **buf, size_t *len,
                           char *err, size_t errlen);

/* Opens the regular file `path` for reading ("r" or "rb"), without blocking
 * on a FIFO. NULL with "PATH: reason" in `err` otherwise. */
FILE *file_open_regular(const char *path, const char *mode, char *err, size_t errlen);

/* Checks `len` bytes of text: no NUL byte, no line longer than `max_line`
 * bytes (0: no limit). Returns true if it is fine; else false with
 * "NAME:LINE:COL: reason" in `err`. */
bool file_check_text(const char *buf, size_t len, size_t max_line, const char *name,
                     char *err, size_t errlen);

/* file_read() and file_check_text(), then fn(line, number, ctx) for every
 * line (1-based numbers), its line end ("\n" or "\r\n") removed; a false
 * from fn stops the reading (fn writes its own message into err). False
 * with "PATH: reason" or "PATH:LINE:COL: reason" in err otherwise. */
bool file_read_lines(const char *path, size_t max, size_t max_line,
                     bool (*fn)(char *line, size_t number, void *ctx), void *ctx,
                     char *err, size_t errlen);

/* JSON from untrusted bytes. */
#define JSON_BUILD_PER_BYTE 24u          /* bytes the parser may allocate per byte */
#define JSON_BUILD_SLACK    (64u << 10)  /* ... plus this much for any document */

/* json_loadb() under the allocation cap above. On failure NULL, with
 * "NAME:LINE:COL: reason" in `err` (the position the parser stopped at). */
json_t *json_read_bounded(const char *buf, size_t len, size_t flags, const char *name,
                          char *err, size_t errlen);

/* file_read() of at most `max` bytes, then json_read_bounded(). */
json_t *json_read_file(const char *path, size_t max, size_t flags, char *err, size_t errlen);

#endif
