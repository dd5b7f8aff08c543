/* test_gtp_text — the text layer of the GTP front end: the bounded line
 * reader, GTP v2 preprocessing, word splitting, the reply writer, typed
 * argument readers and vertex text. */
#include "gtp/gtp_args.h"
#include "gtp/gtp_line.h"
#include "gtp/gtp_out.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Preprocesses and splits a copy of `line`; returns gtp_split's verdict. */
static bool split(const char *line, char *buf, size_t cap, struct gtp_cmd *c)
{
    size_t n = strlen(line);
    ck_assert_uint_lt(n, cap);
    memcpy(buf, line, n + 1);
    gtp_preprocess(buf, n);
    return gtp_split(buf, c);
}

START_TEST(preprocess_spec_rules)
{
    char s[64];
    strcpy(s, "12\tplay\x01 b\r C3 # comment");
    size_t n = gtp_preprocess(s, strlen(s));
    ck_assert_str_eq(s, "12 play b C3 ");
    ck_assert_uint_eq(n, strlen(s));
    /* A NUL byte inside the line is a control character, not the end. */
    memcpy(s, "na\0me", 6);
    gtp_preprocess(s, 5);
    ck_assert_str_eq(s, "name");
}
END_TEST

START_TEST(split_id_name_args)
{
    char buf[256];
    struct gtp_cmd *c = malloc(sizeof *c);
    ck_assert(split("  42  play   b\tC3  ", buf, sizeof buf, c));
    ck_assert_str_eq(c->id, "42");
    ck_assert_str_eq(c->name, "play");
    ck_assert_int_eq(c->argc, 2);
    ck_assert_str_eq(c->argv[0], "b");
    ck_assert_str_eq(c->argv[1], "C3");

    ck_assert(split("protocol_version", buf, sizeof buf, c));
    ck_assert_str_eq(c->id, "");
    ck_assert_int_eq(c->argc, 0);

    /* Empty, blank and comment-only lines are not commands. */
    ck_assert(!split("", buf, sizeof buf, c));
    ck_assert(!split(" \t \r", buf, sizeof buf, c));
    ck_assert(!split("# 12 name", buf, sizeof buf, c));

    /* An id alone is a line with no command. */
    ck_assert(split("7", buf, sizeof buf, c));
    ck_assert_str_eq(c->id, "7");
    ck_assert_ptr_null(c->name);

    /* A word with a digit and a letter is a name, not an id. */
    ck_assert(split("7a name", buf, sizeof buf, c));
    ck_assert_str_eq(c->id, "");
    ck_assert_str_eq(c->name, "7a");
    free(c);
}
END_TEST

START_TEST(split_too_many_args)
{
    size_t n = (GTP_MAX_ARGS + 5) * 3 + 8;
    char *line = malloc(n), *buf = malloc(n);
    strcpy(line, "cmd");
    for (int i = 0; i < GTP_MAX_ARGS + 1; i++)
        strcat(line, " a");
    struct gtp_cmd *c = malloc(sizeof *c);
    ck_assert(split(line, buf, n, c));
    ck_assert(c->too_many_args);
    ck_assert_int_eq(c->argc, GTP_MAX_ARGS);
    free(c);
    free(line);
    free(buf);
}
END_TEST

/* Runs the reader over `text` and checks the sequence of results. */
START_TEST(reader_bounds_and_resync)
{
    size_t big = GTP_LINE_MAX + 1000;
    char *text = malloc(big + 64);
    memcpy(text, "5 ", 2);
    memset(text + 2, 'x', big - 2);
    strcpy(text + big, "\nname\nlast");
    FILE *f = fmemopen(text, strlen(text), "r");
    struct gtp_reader *r = malloc(sizeof *r);
    r->in = f;
    ck_assert_int_eq(gtp_read_line(r), GTP_READ_TOO_LONG);
    ck_assert_uint_eq(r->len, GTP_LINE_MAX);
    ck_assert_uint_eq(r->len + r->dropped, big);
    ck_assert(!strncmp(r->buf, "5 xx", 4));
    ck_assert_int_eq(gtp_read_line(r), GTP_READ_LINE);
    ck_assert_str_eq(r->buf, "name");
    /* The last line needs no newline. */
    ck_assert_int_eq(gtp_read_line(r), GTP_READ_LINE);
    ck_assert_str_eq(r->buf, "last");
    ck_assert_int_eq(gtp_read_line(r), GTP_READ_EOF);
    fclose(f);
    free(r);
    free(text);
}
END_TEST

/* Captures what gtp_out writes. */
struct capture {
    char *buf;
    size_t len;
    FILE *f;
    struct gtp_out out;
};

static void cap_open(struct capture *c)
{
    c->buf = NULL;
    c->f = open_memstream(&c->buf, &c->len);
    ck_assert_ptr_nonnull(c->f);
    gtp_out_init(&c->out, c->f);
}

static void cap_expect(struct capture *c, const char *want)
{
    fflush(c->f);
    ck_assert_str_eq(c->buf, want);
    fclose(c->f);
    free(c->buf);
    gtp_out_free(&c->out);
}

START_TEST(reply_format)
{
    struct capture c;
    cap_open(&c);
    gtp_reply(&c.out, true, "", "");
    gtp_reply(&c.out, true, "3", "C3");
    gtp_reply(&c.out, false, "4", "unknown command: x\n\n");
    /* An empty line inside the text would end the reply: it becomes " ". */
    gtp_reply(&c.out, true, "", "a\n\nb\n");
    /* Text starting with a newline starts on the next line (showboard). */
    gtp_reply(&c.out, true, "9", "\n A B\n1 . .");
    cap_expect(&c, "=\n\n=3 C3\n\n?4 unknown command: x\n\n= a\n \nb\n\n=9\n A B\n1 . .\n\n");
}
END_TEST

START_TEST(stream_format)
{
    struct capture c;
    cap_open(&c);
    gtp_stream_line(&c.out, "info before open");   /* dropped */
    gtp_stream_open(&c.out, "12");
    gtp_stream_line(&c.out, "info move D4 visits 1");
    gtp_stream_line(&c.out, "");                   /* dropped: would end the reply */
    gtp_stream_close(&c.out);
    gtp_stream_line(&c.out, "info after close");   /* dropped */
    gtp_stream_close(&c.out);                      /* no second blank line */
    cap_expect(&c, "=12\ninfo move D4 visits 1\n\n");
}
END_TEST

START_TEST(vertex_parse)
{
    struct board *b = malloc(sizeof *b);
    board_init();
    board_clear(b, 9);
    point p;
    ck_assert_int_eq(gtp_parse_vertex("A1", b, &p), GTP_VERTEX_OK);
    ck_assert_int_eq(p, board_point(b, 0, 0));
    ck_assert_int_eq(gtp_parse_vertex("j9", b, &p), GTP_VERTEX_OK);
    ck_assert_int_eq(p, board_point(b, 8, 8));
    ck_assert_int_eq(gtp_parse_vertex("H3", b, &p), GTP_VERTEX_OK);
    ck_assert_int_eq(p, board_point(b, 7, 2));
    ck_assert_int_eq(gtp_parse_vertex("PaSs", b, &p), GTP_VERTEX_OK);
    ck_assert_int_eq(p, PASS);
    const char *malformed[] = {"", "I5", "i5", "E", "55", "E5x", "E-5", "E+5", "5E", "EE",
                               "\xc3\x28", "resign", "A 1"};
    for (size_t i = 0; i < sizeof malformed / sizeof *malformed; i++)
        ck_assert_msg(gtp_parse_vertex(malformed[i], b, &p) == GTP_VERTEX_MALFORMED,
                      "'%s' accepted", malformed[i]);
    const char *off[] = {"K5", "Z1", "A10", "A0", "A05", "A100", "J99"};
    for (size_t i = 0; i < sizeof off / sizeof *off; i++)
        ck_assert_msg(gtp_parse_vertex(off[i], b, &p) == GTP_VERTEX_OFF_BOARD,
                      "'%s' not off the board", off[i]);
    free(b);
}
END_TEST

/* Every point of every size survives text and back. */
START_TEST(vertex_round_trip)
{
    struct board *b = malloc(sizeof *b);
    board_init();
    for (int size = BOARD_MIN_SIZE; size <= BOARD_MAX_SIZE; size++) {
        board_clear(b, size);
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                char v[8];
                point p = board_point(b, x, y), q = 0;
                gtp_vertex_str(b, p, v);
                ck_assert_int_eq(gtp_parse_vertex(v, b, &q), GTP_VERTEX_OK);
                ck_assert_int_eq(p, q);
            }
        char v[8];
        ck_assert_str_eq(gtp_vertex_str(b, PASS, v), "pass");
        ck_assert_str_eq(gtp_vertex_str(b, RESIGN, v), "resign");
    }
    board_clear(b, 25);
    char v[8];
    ck_assert_str_eq(gtp_vertex_str(b, board_point(b, 24, 24), v), "Z25");
    free(b);
}
END_TEST

START_TEST(colours_and_numbers)
{
    enum color c;
    ck_assert(gtp_parse_color("B", &c) && c == BLACK);
    ck_assert(gtp_parse_color("wHiTe", &c) && c == WHITE);
    ck_assert(!gtp_parse_color("bl", &c));
    ck_assert(!gtp_parse_color("", &c));
    long l;
    double d;
    ck_assert(gtp_strtol("-12", &l) && l == -12);
    ck_assert(!gtp_strtol("12x", &l));
    ck_assert(!gtp_strtol(" 12", &l));
    ck_assert(!gtp_strtol("", &l));
    ck_assert(!gtp_strtol("99999999999999999999999", &l));
    ck_assert(gtp_strtod("6.5", &d) && d == 6.5);
    ck_assert(!gtp_strtod("6.5x", &d));
    ck_assert(!gtp_strtod("nan", &d));
    ck_assert(!gtp_strtod("inf", &d));
    ck_assert(!gtp_strtod("1e400", &d));
}
END_TEST

START_TEST(argument_errors_name_the_argument)
{
    char buf[64];
    struct gtp_cmd *c = malloc(sizeof *c);
    struct gtp_buf err = {0};
    ck_assert(split("play x E5", buf, sizeof buf, c));
    enum color col;
    ck_assert(!gtp_arg_color(c, 0, &col, &err));
    ck_assert_str_eq(gtp_buf_str(&err),
                     "syntax error: expected a colour (b, w, black, white) as argument 1, got 'x'");
    gtp_buf_clear(&err);
    long n;
    ck_assert(split("boardsize 30", buf, sizeof buf, c));
    ck_assert(!gtp_arg_int(c, 0, 2, 25, "board size", &n, &err));
    ck_assert_str_eq(gtp_buf_str(&err), "syntax error: board size (argument 1) must be in 2..25, got '30'");
    gtp_buf_clear(&err);
    /* A missing argument reads as empty. */
    ck_assert(!gtp_arg_int(c, 1, 0, 5, "stones", &n, &err));
    ck_assert_str_eq(gtp_buf_str(&err), "syntax error: expected an integer (stones) as argument 2, got ''");
    gtp_buf_free(&err);
    free(c);
}
END_TEST

START_TEST(quote_untrusted_text)
{
    char q[64];
    gtp_quote(q, sizeof q, "a\xff" "b", 40);
    ck_assert_str_eq(q, "a\\xffb");
    gtp_quote(q, sizeof q, "abcdefghij", 4);
    ck_assert_str_eq(q, "abcd...");
    /* Never overflows a small buffer. */
    gtp_quote(q, 8, "\x01\x02\x03\x04", 40);
    ck_assert_uint_lt(strlen(q), 8);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("gtp_text");
    TCase *t = tcase_create("core");
    tcase_add_test(t, preprocess_spec_rules);
    tcase_add_test(t, split_id_name_args);
    tcase_add_test(t, split_too_many_args);
    tcase_add_test(t, reader_bounds_and_resync);
    tcase_add_test(t, reply_format);
    tcase_add_test(t, stream_format);
    tcase_add_test(t, vertex_parse);
    tcase_add_test(t, vertex_round_trip);
    tcase_add_test(t, colours_and_numbers);
    tcase_add_test(t, argument_errors_name_the_argument);
    tcase_add_test(t, quote_untrusted_text);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *r = srunner_create(suite());
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
