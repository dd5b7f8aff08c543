/* gtp_line — reading GTP command lines: a bounded line reader, the GTP v2
 * preprocessing of section 2.2 (control characters, comments, tabs, empty
 * lines) and the split into optional id, command name and arguments. Knows
 * nothing about commands; pure text, so it is unit-tested and fuzzed alone.
 */
#ifndef HANE_GTP_LINE_H
#define HANE_GTP_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Longest line accepted (bytes, without the newline). A longer line is
 * answered with one error and skipped to its end, so a client that sends
 * garbage never gets several replies for one line. */
#define GTP_LINE_MAX (64 * 1024)
/* Most arguments a command may have (set_free_handicap on 25x25 needs 624). */
#define GTP_MAX_ARGS 1024
/* Longest id echoed (digits). Longer digit runs are still ids. */
#define GTP_ID_MAX 32

enum gtp_read {
    GTP_READ_LINE,      /* a line (possibly the last one, without newline) */
    GTP_READ_TOO_LONG,  /* a line over GTP_LINE_MAX bytes; its start is kept */
    GTP_READ_EOF,       /* end of input, nothing read */
};

struct gtp_reader {
    FILE *in;
    char buf[GTP_LINE_MAX + 1];
    size_t len;         /* bytes in buf of the last line read (NUL-terminated) */
    size_t dropped;     /* bytes skipped of an over-long line */
};

/* Reads one line (up to and without '\n') into r->buf. */
enum gtp_read gtp_read_line(struct gtp_reader *r);

/* GTP v2 section 2.2 in place: removes control characters other than HT and
 * LF (so CR of CR LF goes), cuts at '#', turns HT into space. Returns the new
 * length; s is NUL-terminated. */
size_t gtp_preprocess(char *s, size_t len);

/* A command split into words. Points into the preprocessed line. */
struct gtp_cmd {
    char id[GTP_ID_MAX + 1];     /* "" when the command had no id */
    const char *name;            /* NULL for a line of white space only */
    int argc;
    char *argv[GTP_MAX_ARGS];
    bool too_many_args;          /* more words than GTP_MAX_ARGS */
};

/* Splits a preprocessed line in place (writes NULs). The first word is an id
 * when it is all digits. Returns false for an empty line (no id, no command),
 * which GTP says to ignore without a response. */
bool gtp_split(char *s, struct gtp_cmd *cmd);

/* Copies untrusted text into dst for quoting in a reply: printable ASCII as is,
 * every other byte as \xNN, cut to about `max` characters with "...". */
void gtp_quote(char *dst, size_t dst_len, const char *src, size_t max);

#endif
