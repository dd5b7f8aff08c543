/* Check suite for m3_board: the hand-verified acceptance checks 1-6 (README, Tests), plus the
 * invariants of generated boards and board files. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/match3/m3_board.h"

/* The acceptance checks' feeds: column c yields colours (3c + j) mod 6. */
static m3_source spec_src;

static void setup(void)
{
    m3_source_from_seed(&spec_src, 12345);
    for (int c = 0; c < M3_SIZE; c++) {
        spec_src.table_len[c] = M3_FEED_TABLE;
        for (int j = 0; j < M3_FEED_TABLE; j++)
            spec_src.table[c][j] = (uint8_t)((3 * c + j) % 6);
    }
}

static m3_board board_of(const char *text)
{
    m3_board b;
    char err[128];
    ck_assert_msg(m3_board_parse(&b, &spec_src, text, err, sizeof err) == 0, "%s", err);
    return b;
}

static m3_move mv(int r1, int c1, int r2, int c2)
{
    return (m3_move){(uint8_t)(r1 * 7 + c1), (uint8_t)(r2 * 7 + c2)};
}

/* The legal moves as a string "(r,c)-(r,c) ..." in canonical order. */
static void moves_text(const m3_board *b, char *out, size_t len)
{
    m3_move moves[M3_MAX_MOVES];
    int n = m3_legal_moves(b, moves);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char s[32];
        m3_move_string(moves[i], s, sizeof s);
        if (i) strncat(out, " ", len - strlen(out) - 1);
        strncat(out, s, len - strlen(out) - 1);
    }
}

static void assert_board(const m3_board *b, const char *expect)
{
    char s[64];
    m3_board_string(b, s, sizeof s);
    ck_assert_str_eq(s, expect);
}

START_TEST(check1_points)
{
    int s3[] = {3}, s4[] = {4}, s5[] = {5}, s33[] = {3, 3}, s6[] = {6}, s7[] = {7};
    ck_assert_int_eq(m3_points(1, s3, 1), 60);
    ck_assert_int_eq(m3_points(1, s4, 1), 120);
    ck_assert_int_eq(m3_points(1, s5, 1), 200);
    ck_assert_int_eq(m3_points(1, s33, 2), 120);
    ck_assert_int_eq(m3_points(2, s3, 1), 120);
    ck_assert_int_eq(m3_points(1, s6, 1), 300);
    ck_assert_int_eq(m3_points(1, s7, 1), 420);
    ck_assert_int_eq(m3_points(1, s3, 1) + m3_points(2, s3, 1) + m3_points(3, s4, 1), 540);
}
END_TEST

START_TEST(check2_dead_board)
{
    m3_board b = board_of("ABCDEFA BCDEFAB CDEFABC DEFABCD EFABCDE FABCDEF ABCDEFA");
    ck_assert_int_eq(m3_has_run(&b), 0);
    ck_assert_int_eq(m3_count_moves(&b), 0);
    ck_assert_int_eq(m3_ensure_moves(&b), 1);
    ck_assert_int_gt(m3_count_moves(&b), 0);
    ck_assert_int_eq(m3_has_run(&b), 0);
    ck_assert_int_eq(b.score, 0);
    ck_assert_int_eq(b.regenerations, 1);
}
END_TEST

START_TEST(check3_s1)
{
    m3_board b = board_of("ABCDEFA BCDEFAB CDEFABC DEFABCD EFABCDE FABCDEF ABADEFA");
    char s[512];
    moves_text(&b, s, sizeof s);
    ck_assert_str_eq(s, "(5,1)-(5,2) (5,1)-(6,1)");
    m3_move_report rep;
    ck_assert_int_eq(m3_play(&b, mv(5, 1, 6, 1), &rep), 60);
    ck_assert_int_eq(rep.steps, 1);
    ck_assert_int_eq(rep.available, 0);
    ck_assert_int_eq(rep.regenerated, 1);
    m3_board after = b;
    memcpy(after.cell, rep.resolved, M3_CELLS);     /* before the regeneration */
    assert_board(&after, "ADADEFA ABCEFAB BCDFABC CDEABCD DEFBCDE EFACDEF FBBDEFA");
    ck_assert_int_eq(b.regenerations, 1);
    ck_assert_int_eq(b.score, 60);
    ck_assert_int_gt(m3_count_moves(&b), 0);
    ck_assert_int_eq(m3_has_run(&b), 0);
}
END_TEST

/* Check 3's resulting board is dead on its own (and has no run). */
START_TEST(check3_s1_board_after)
{
    m3_board b = board_of("ADADEFA ABCEFAB BCDFABC CDEABCD DEFBCDE EFACDEF FBBDEFA");
    ck_assert_int_eq(m3_count_moves(&b), 0);
    ck_assert_int_eq(m3_has_run(&b), 0);
}
END_TEST

START_TEST(check4_l_shape)
{
    const char *l5 = "ABDDEFA BCDCFAB CDEDDBC DEFABCD EFABCDE FABCDEF ABCDEFA";
    m3_board b = board_of(l5);
    char s[512];
    moves_text(&b, s, sizeof s);
    ck_assert_str_eq(s, "(1,2)-(1,3) (1,2)-(2,2) (2,1)-(2,2) (2,2)-(2,3)");
    m3_move_report rep;
    ck_assert_int_eq(m3_play(&b, mv(2, 1, 2, 2), &rep), 200);
    ck_assert_int_eq(rep.steps, 1);
    ck_assert_int_eq(rep.groups[0], 1);
    ck_assert_int_eq(rep.size[0][0], 5);
    assert_board(&b, "ABCDAFA BCBDEAB CEACFBC DEFABCD EFABCDE FABCDEF ABCDEFA");
    ck_assert_int_eq(m3_count_moves(&b), 4);
    ck_assert_int_eq(rep.regenerated, 0);
}
END_TEST

START_TEST(check5_cascade)
{
    m3_board b = board_of("ACCDEFA BCEEFAB BDEFBBC DEFABCD EFABCDE FABCDEF ABCDEFA");
    char s[512];
    moves_text(&b, s, sizeof s);
    ck_assert_str_eq(s, "(0,4)-(1,4) (1,6)-(2,6) (3,1)-(3,2) (4,3)-(4,4)");
    m3_move_report rep;
    ck_assert_int_eq(m3_play(&b, mv(1, 6, 2, 6), &rep), 180);
    ck_assert_int_eq(rep.steps, 2);
    ck_assert_int_eq(rep.points[0], 60);
    ck_assert_int_eq(rep.points[1], 120);
    assert_board(&b, "ACADBDA BCCDAFA BDEFFAC DEFABCD EFABCDE FABCDEF ABCDEFA");
    ck_assert_int_eq(m3_count_moves(&b), 3);
    ck_assert_int_eq(rep.available, 3);
    ck_assert_int_eq(b.score, 180);
    ck_assert_int_eq(b.moves_made, 1);
}
END_TEST

START_TEST(check6_four_and_two_threes)
{
    m3_board b = board_of("AACDEFA BCDEFAB BDBFEBC DEBABCD EFABCDE FABCDEF ABCDEFF");
    ck_assert(m3_is_legal(&b, mv(4, 2, 4, 3)));
    m3_move_report rep;
    ck_assert_int_eq(m3_play(&b, mv(4, 2, 4, 3), &rep), 120);
    ck_assert_int_eq(rep.size[0][0], 4);
    m3_board d = board_of("ABCDEFA BCDEFAB CDEFDBC DEFABCD EFABCDF FEBCDCF ABCDDFA");
    ck_assert_int_eq(m3_play(&d, mv(4, 4, 4, 5), &rep), 120);
    ck_assert_int_eq(rep.steps >= 1, 1);
    ck_assert_int_eq(rep.groups[0], 2);
    ck_assert_int_eq(rep.size[0][0], 3);
    ck_assert_int_eq(rep.size[0][1], 3);
}
END_TEST

START_TEST(illegal_swaps)
{
    m3_board b = board_of("ACCDEFA BCEEFAB BDEFBBC DEFABCD EFABCDE FABCDEF ABCDEFA");
    ck_assert(!m3_is_legal(&b, mv(0, 0, 0, 1)));                     /* no run */
    ck_assert(!m3_is_legal(&b, mv(0, 1, 0, 2)));                     /* same colour */
    ck_assert(!m3_is_legal(&b, (m3_move){6, 7}));                    /* wraps a row */
    ck_assert(!m3_is_legal(&b, (m3_move){0, 2}));                    /* not adjacent */
    ck_assert(!m3_is_legal(&b, (m3_move){48, 55}));                  /* off the board */
}
END_TEST

START_TEST(parse_errors)
{
    m3_board b;
    char err[128];
    ck_assert_int_eq(m3_board_parse(&b, &spec_src, "ABCDEFA BCDEFAB", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "14 cells"));
    ck_assert_int_eq(m3_board_parse(&b, &spec_src, "ABCDEFG", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "column 7"));
    ck_assert_int_eq(m3_board_parse(&b, &spec_src, "ABCDEFAB", err, sizeof err), -1);
}
END_TEST

/* Generated boards (initial and regenerated) never contain a run and always have a move;
 * the same seed gives the same board. */
START_TEST(seeded_boards)
{
    for (uint64_t seed = 0; seed < 300; seed++) {
        m3_source s;
        m3_source_from_seed(&s, seed);
        m3_board b, c;
        m3_board_init(&b, &s);
        m3_board_init(&c, &s);
        ck_assert(memcmp(b.cell, c.cell, sizeof b.cell) == 0);
        ck_assert_int_eq(m3_has_run(&b), 0);
        ck_assert_int_gt(m3_count_moves(&b), 0);
        for (int p = 0; p < M3_CELLS; p++)
            ck_assert_int_lt(b.cell[p], 6);
    }
}
END_TEST

/* Every colour appears in a long feed, with roughly equal frequency (floor(6u) mapping). */
START_TEST(feed_colours)
{
    m3_source s;
    m3_source_from_seed(&s, 7);
    m3_board b;
    m3_board_init(&b, &s);
    int count[6] = {0};
    /* play random-ish games: count the colours of all tiles ever on the board */
    m3_move moves[M3_MAX_MOVES];
    for (int t = 0; t < 400; t++) {
        int n = m3_legal_moves(&b, moves);
        m3_play(&b, moves[(t * 7) % n], NULL);
        ck_assert_int_eq(m3_has_run(&b), 0);
        ck_assert_int_gt(m3_count_moves(&b), 0);
        for (int p = 0; p < M3_CELLS; p++)
            count[b.cell[p]]++;
    }
    for (int k = 0; k < 6; k++)
        ck_assert_int_gt(count[k], 400 * 49 / 6 / 2);
}
END_TEST

START_TEST(board_file_roundtrip)
{
    char path[] = "/tmp/m3_boardXXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char err[256];
    ck_assert_int_eq(m3_board_save_seed(path, 2, 60, err, sizeof err), 0);
    m3_source fs, ss;
    m3_board fb, sb;
    ck_assert_msg(m3_board_load(path, &fs, &fb, err, sizeof err) == 0, "%s", err);
    m3_source_from_seed(&ss, 2);
    m3_board_init(&sb, &ss);
    ck_assert(memcmp(fb.cell, sb.cell, sizeof fb.cell) == 0);
    /* the same game from the file and from the seed */
    m3_move moves[M3_MAX_MOVES];
    for (int t = 0; t < 40; t++) {
        int n = m3_legal_moves(&fb, moves);
        ck_assert_int_eq(n, m3_count_moves(&sb));
        m3_play(&fb, moves[t % n], NULL);
        m3_play(&sb, moves[t % n], NULL);
        ck_assert(memcmp(fb.cell, sb.cell, sizeof fb.cell) == 0);
        ck_assert_int_eq(fb.score, sb.score);
    }
    /* malformed files give file:line:col */
    FILE *f = fopen(path, "w");
    fputs("seed 3\nboard\nABCDEFA\nABCDEXA\n", f);
    fclose(f);
    ck_assert_int_eq(m3_board_load(path, &fs, &fb, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, ":4:6:"));
    f = fopen(path, "w");
    fputs("board\nAAADEFA\nBCDEFAB\nCDEFABC\nDEFABCD\nEFABCDE\nFABCDEF\nABCDEFA\n", f);
    fclose(f);
    ck_assert_int_eq(m3_board_load(path, &fs, &fb, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "run of 3"));
    f = fopen(path, "w");
    fputs("seed -1\n", f);
    fclose(f);
    ck_assert_int_eq(m3_board_load(path, &fs, &fb, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, ":1:"));
    unlink(path);
    ck_assert_int_eq(m3_board_load(path, &fs, &fb, err, sizeof err), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("m3_board");
    TCase *tc = tcase_create("spec8");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, check1_points);
    tcase_add_test(tc, check2_dead_board);
    tcase_add_test(tc, check3_s1);
    tcase_add_test(tc, check3_s1_board_after);
    tcase_add_test(tc, check4_l_shape);
    tcase_add_test(tc, check5_cascade);
    tcase_add_test(tc, check6_four_and_two_threes);
    tcase_add_test(tc, illegal_swaps);
    tcase_add_test(tc, parse_errors);
    tcase_add_test(tc, seeded_boards);
    tcase_add_test(tc, feed_colours);
    tcase_add_test(tc, board_file_roundtrip);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
