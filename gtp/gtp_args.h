/* gtp_args — typed readers for GTP arguments (colour, vertex, integer, number,
 * boolean) and the vertex writer. A reader that fails writes a message that
 * starts with the GTP spec's wording ("syntax error"), says which argument
 * and what was expected, and quotes what it got.
 */
#ifndef HANE_GTP_ARGS_H
#define HANE_GTP_ARGS_H

#include <stdbool.h>

#include "engine/board/board.h"
#include "gtp/gtp_line.h"
#include "gtp/gtp_out.h"

/* b, w, black, white in any case. */
bool gtp_parse_color(const char *s, enum color *out);

/* Result of reading a vertex. */
enum gtp_vertex_err { GTP_VERTEX_OK, GTP_VERTEX_MALFORMED, GTP_VERTEX_OFF_BOARD };
/* "pass" (any case) or a column letter A-Z without I (any case) and a row
 * 1..size. */
enum gtp_vertex_err gtp_parse_vertex(const char *s, const struct board *b, point *out);

/* The letter of column x (0-based; I is skipped): 'A' .. 'Z'. */
char gtp_column(int x);

/* Writes "D4", "pass" or "resign" into out (at least 8 bytes). */
const char *gtp_vertex_str(const struct board *b, point p, char *out);

/* The i-th argument (0-based) as the type; on failure a message in err. */
bool gtp_arg_color(const struct gtp_cmd *c, int i, enum color *out, struct gtp_buf *err);
bool gtp_arg_vertex(const struct gtp_cmd *c, int i, const struct board *b, point *out,
                    struct gtp_buf *err);
/* An integer in [min, max]; `what` names it ("board size"). */
bool gtp_arg_int(const struct gtp_cmd *c, int i, long min, long max, const char *what,
                 long *out, struct gtp_buf *err);
/* A finite number in [min, max]. */
bool gtp_arg_number(const struct gtp_cmd *c, int i, double min, double max, const char *what,
                    double *out, struct gtp_buf *err);
/* true/false, 1/0, on/off. */
bool gtp_arg_bool(const struct gtp_cmd *c, int i, bool *out, struct gtp_buf *err);

/* Strict text to number conversions: the whole word, no blanks. */
bool gtp_strtol(const char *s, long *out);
bool gtp_strtod(const char *s, double *out);

#endif
