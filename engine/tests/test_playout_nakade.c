/* test_playout_nakade — the vital point of small eye spaces (engine/
 * playout_nakade.c) on drawn shapes, killable and not, and the BT playouts
 * that answer one there (`playout_nakade`). */
#include "engine/playout_nakade.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/playout_bt.h"
#include "engine/tests/board_rows.h"
#include "patterns/features.h"

/* A 9x9 board filled with `owner`'s stones but for the points `empties`
 * (vertices separated by spaces) and a stone of the other colour at each of
 * `others`; the vital point found after the stone at `last`, as a vertex
 * ("-" for none). The filled board makes `last` touch no other space. */
static const char *vital_in(enum color owner, const char *empties, const char *others,
                            const char *last)
{
    static char out[16];
    struct board b;
    board_clear(&b, 9);
    char buf[64];
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++) {
            snprintf(buf, sizeof buf, " %c%d ", "ABCDEFGHJ"[x], y + 1);
            char e[64], o[64];
            snprintf(e, sizeof e, " %s ", empties);
            snprintf(o, sizeof o, " %s ", others);
            if (strstr(e, buf))
                continue;
            enum color c = strstr(o, buf) ? color_other(owner) : owner;
            ck_assert(board_setup_stone(&b, c, board_point(&b, x, y)));
        }
    point p = playout_nakade_point(&b, at(&b, last));
    if (!p)
        return "-";
    snprintf(out, sizeof out, "%c%d", "ABCDEFGHJ"[board_x(&b, p)], board_y(&b, p) + 1);
    return out;
}

static const char *vital(const char *empties, const char *last)
{
    return vital_in(BLACK, empties, "", last);
}

/* H1, J1, J2 after Black's G1 (the capture of the first game against Pachi),
 * on an otherwise empty board. */
static const char *const bent_three_corner[9] = {
    ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    ". . . . . . X X X",
    ". . . . . . X X .",
    ". . . . . X X . .",
};

START_TEST(test_killable_shapes)
{
    ck_assert_str_eq(vital("H1 J1 J2", "G1"), "J1");        /* bent three in the corner */
    ck_assert_str_eq(vital("H1 J1 J2", "J3"), "J1");
    ck_assert_str_eq(vital("D4 E4 F4", "C4"), "E4");        /* straight three */
    ck_assert_str_eq(vital("D4 E4 F4", "E5"), "E4");
    ck_assert_str_eq(vital("D4 E4 F4 E5", "E3"), "E4");     /* pyramid four */
    ck_assert_str_eq(vital("D4 E4 D5 E5 F4", "F5"), "E4");  /* bulky five */
    ck_assert_str_eq(vital("E5 D5 F5 E4 E6", "E3"), "E5");  /* crossed five */
    ck_assert_str_eq(vital("D4 E4 D5 E5 E6 F5", "E3"), "E5");   /* rabbity six */
    ck_assert_str_eq(vital("A1 B1 C1", "A2"), "B1");        /* on the edge */
}
END_TEST

START_TEST(test_no_vital_point)
{
    ck_assert_str_eq(vital("D4 E4 F4 G4", "C4"), "-");      /* straight four */
    ck_assert_str_eq(vital("D4 E4 F4 F5", "C4"), "-");      /* bent four */
    ck_assert_str_eq(vital("D4 E4 D5 E5", "C4"), "-");      /* square four: dead as it is */
    ck_assert_str_eq(vital("D4 E4 F4 E5 E6", "C4"), "-");   /* T five: two eyes */
    ck_assert_str_eq(vital("D4 E4 D5 E5 F4 F5 G4", "C4"), "-"); /* seven points */
    ck_assert_str_eq(vital("D4 E4", "C4"), "-");            /* two points */
    /* A stone of the other colour in the wall. */
    ck_assert_str_eq(vital_in(BLACK, "D4 E4 F4", "E5", "C4"), "-");
    /* `last` between its space and another: it closed neither. */
    ck_assert_str_eq(vital("D4 E4 F4 H4", "G4"), "-");
    /* The open board: the flood gives up. */
    struct board b;
    set_rows(&b, bent_three_corner);
    ck_assert_int_eq(playout_nakade_point(&b, at(&b, "G3")), 0);
    ck_assert_int_eq(playout_nakade_point(&b, at(&b, "A9")), 0);   /* no stone there */
    ck_assert_int_eq(playout_nakade_point(&b, PASS), 0);
    ck_assert_int_eq(playout_nakade_point(&b, 0), 0);
}
END_TEST

/* The tree's question: is this empty point the vital point of its space,
 * whoever owns it and whatever was played last? */
START_TEST(test_is_vital)
{
    struct board b;
    set_rows(&b, bent_three_corner);
    ck_assert(playout_nakade_is_vital(&b, at(&b, "J1")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "H1")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "J2")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "E5")));     /* the open board */
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "G1")));     /* a stone */
    static const char *const white_three[9] = {
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        "O O O O . . . . .",
        ". . . O . . . . .",
        "O O O O . . . . .",
    };
    set_rows(&b, white_three);
    ck_assert(playout_nakade_is_vital(&b, at(&b, "B2")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "A2")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "C2")));
    /* A black stone in the space: no longer one colour's. */
    ck_assert(board_setup_stone(&b, BLACK, at(&b, "A2")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "B2")));
}
END_TEST

/* The owner is whoever played last. */
START_TEST(test_white_owner)
{
    ck_assert_str_eq(vital_in(WHITE, "H1 J1 J2", "", "G1"), "J1");
    ck_assert_str_eq(vital_in(WHITE, "D4 E4 F4", "E5", "C4"), "-");
}
END_TEST

/* The BT playouts answer at the vital point in the share asked for, and a
 * whole playout with it always on keeps the board consistent. */
START_TEST(test_playouts_answer)
{
    pat_init();
    struct board b;
    set_rows(&b, bent_three_corner);
    b.last_move = at(&b, "G1");
    b.to_move = WHITE;
    point j1 = at(&b, "J1");
    struct playout_policy pp;
    ck_assert(playout_bt_new(&pp, playout_bt_default_gammas()));
    struct rng r;
    rng_seed(&r, 5);
    int hits[2] = { 0, 0 };
    const double rates[2] = { 0.0, 1.0 };
    enum { N = 400 };
    for (int k = 0; k < 2; k++) {
        playout_bt_set_nakade(&pp, rates[k]);
        pp.begin(&pp, &b);
        for (int i = 0; i < N; i++)
            hits[k] += pp.choose(&pp, &b, WHITE, &r) == j1;
    }
    ck_assert_int_eq(hits[1], N);
    ck_assert_msg(hits[0] < N / 2, "J1 drawn %d times of %d without the rule", hits[0], N);
    playout_bt_set_nakade(&pp, 1.0);
    static struct playout_move moves[400];
    for (int k = 0; k < 20; k++) {
        struct board c = b;
        struct playout_record rec = { .moves = moves, .max_moves = 400 };
        double score = playout_run(&c, &pp, &r, 7.0, playout_default_cap(9), &rec);
        char why[256];
        EXPECT(board_check(&c, why, sizeof why), "playout %d: %s", k, why);
        EXPECT(fabs(score) <= 90, "playout %d: score %g", k, score);
    }
    pp.release(&pp);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("playout_nakade");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_killable_shapes);
    tcase_add_test(tc, test_no_vital_point);
    tcase_add_test(tc, test_white_owner);
    tcase_add_test(tc, test_is_vital);
    tcase_add_test(tc, test_playouts_answer);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
