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
 * `others`. */
static void fill_but(struct board *b, enum color owner, const char *empties, const char *others)
{
    board_clear(b, 9);
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
            ck_assert(board_setup_stone(b, c, board_point(b, x, y)));
        }
}

/* A point as a vertex ("-" for none). */
static const char *vertex(const struct board *b, point p)
{
    static char out[16];
    if (!p)
        return "-";
    snprintf(out, sizeof out, "%c%d", "ABCDEFGHJ"[board_x(b, p)], board_y(b, p) + 1);
    return out;
}

/* The vital point found on fill_but's board after the stone at `last`, as
 * a vertex. The filled board makes `last` touch no other space. */
static const char *vital_in(enum color owner, const char *empties, const char *others,
                            const char *last)
{
    struct board b;
    fill_but(&b, owner, empties, others);
    return vertex(&b, playout_nakade_point(&b, at(&b, last)));
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
    /* A string of the other colour in the wall that reaches out of the
     * space (E5 to E9): not a space of Black's. */
    ck_assert_str_eq(vital_in(BLACK, "D4 E4 F4", "E5 E6 E7 E8 E9", "C4"), "-");
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
    /* A black stone in the space, in atari: B2 is still the point (White
     * there takes it and has two eyes, Black there leaves one). */
    ck_assert(board_setup_stone(&b, BLACK, at(&b, "A2")));
    ck_assert(playout_nakade_is_vital(&b, at(&b, "B2")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "C2")));
}
END_TEST

/* The owner is whoever played last. */
START_TEST(test_white_owner)
{
    ck_assert_str_eq(vital_in(WHITE, "H1 J1 J2", "", "G1"), "J1");
    ck_assert_str_eq(vital_in(WHITE, "D4 E4 F4", "E5 E6 E7 E8 E9", "C4"), "-");
}
END_TEST

/* A space that holds the other side's stones, its vital point empty: the
 * attacker (White here) kills there after Black's move on the wall, and
 * Black answers there after White's move inside. */
START_TEST(test_stones_vital)
{
    /* Pyramid four D4 E4 F4 E5, White's D4 inside, in atari. */
    ck_assert_str_eq(vital_in(BLACK, "E4 F4 E5", "D4", "F5"), "E4");
    ck_assert_str_eq(vital_in(BLACK, "E4 F4 E5", "D4", "D4"), "E4");
    /* White's stone on the vital point: no point to answer at while three
     * points are left empty. */
    ck_assert_str_eq(vital_in(BLACK, "D4 F4 E5", "E4", "F5"), "-");
    ck_assert_str_eq(vital_in(BLACK, "D4 F4 E5", "E4", "E4"), "-");
    /* Black's E3 between that space and another (E2): it closed neither. */
    ck_assert_str_eq(vital_in(BLACK, "E4 F4 E5 E2", "D4", "E3"), "-");
    ck_assert_str_eq(vital_in(BLACK, "E4 F4 E5", "D4", "G4"), "E4");
    /* Black's wall in atari (E4 its last liberty): a capture, not a shape. */
    ck_assert_str_eq(vital_in(BLACK, "E4", "D4 F4", "D4"), "-");
    /* Two white stones and the vital point between them, the tree's view. */
    struct board b;
    fill_but(&b, BLACK, "E4 E5", "D4 F4");
    ck_assert(playout_nakade_is_vital(&b, at(&b, "E4")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "E5")));
}
END_TEST

/* Sacrifices that kill: White's group walled in (every liberty inside the
 * space), two points of the space empty; Black at one of them fills the
 * space but for the other, in atari, and the stones White must take leave
 * a shape of one eye. */
START_TEST(test_sacrifices)
{
    struct board b;
    /* B9 C9 inside (game 43, move 61): A9 or C8 makes a three. */
    fill_but(&b, WHITE, "A9 C8", "B9 C9");
    ck_assert(playout_nakade_is_vital(&b, at(&b, "A9")));
    ck_assert(playout_nakade_is_vital(&b, at(&b, "C8")));
    b.last_move = at(&b, "D9");
    point k = playout_nakade_point(&b, b.last_move);
    ck_assert_msg(k == at(&b, "A9") || k == at(&b, "C8"), "answer %s", vertex(&b, k));
    /* White with a liberty outside (J1): it may have another eye, or a race
     * to win outside; the stones given up would kill nothing. */
    fill_but(&b, WHITE, "A9 C8 J1", "B9 C9");
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "A9")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "C8")));
    ck_assert_int_eq(playout_nakade_point(&b, at(&b, "D9")), 0);
    /* A square of four inside (game 43, move 53): A9 or D9 makes a bulky five. */
    fill_but(&b, WHITE, "A9 D9", "B9 C9 B8 C8");
    ck_assert(playout_nakade_is_vital(&b, at(&b, "A9")));
    ck_assert(playout_nakade_is_vital(&b, at(&b, "D9")));
    /* H8 J8 H7 inside (game 7): J7 makes a square four; J9 a zigzag four,
     * two eyes once taken. */
    fill_but(&b, WHITE, "J9 J7", "H8 J8 H7");
    ck_assert(playout_nakade_is_vital(&b, at(&b, "J7")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "J9")));
    /* A9 and D9 inside, B9 and C9 empty: neither move joins both stones,
     * and White's capture at the other point takes all and has two eyes. */
    fill_but(&b, WHITE, "B9 C9", "A9 D9");
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "B9")));
    ck_assert(!playout_nakade_is_vital(&b, at(&b, "C9")));
}
END_TEST

/* The walled-in groups of the games lost to Pachi (docs/notes/against-
 * pachi.md), as played: the tree lets in Black's killing
 * moves (`kills`) and not the others named (`not`). */
static const struct {
    const char *game;
    const char *rows[9];
    const char *kills, *not;
} walled_in[] = {
    { "43 at move 61", {
        ". X X O O X . . .", "O O . O O X O O X", "O O O O X . X O X",
        "O X O X . X X X .", "X X X . X X X . X", ". O X X X O X X O",
        ". O O O O O O O O", ". . . . . . . . .", ". O . . . . O . ." },
      "A9 C8", "" },
    { "43 at move 53", {
        ". X X . O X . . .", "O X X O O X O O X", "O O O O X . X O X",
        "O X O X . X X X .", "X X X . X X . . X", ". O X X X O X X O",
        ". O O O O O O O .", ". . . . . . . . .", ". O . . . . . . ." },
      "A9 D9", "" },
    { "47 at move 51", {
        ". X O O X . . . .", "O X . O X O O . .", "O O O O X X O . .",
        "O X X X O X O . .", "X . . X . X O . .", "X O O X X X O . .",
        "X X X . X O O . .", "O O O X X O X . .", ". . . . X . . . ." },
      "A9 C8", "" },
    { "53 at move 66", {
        "X X . O X X X X .", ". O O O X O O X .", "O O O O X O . X X",
        "O X O X X O . X .", "X X X X O O O X X", "X X O O O X X X X",
        "O X O O . O X O X", "O O . . O . O . O", ". . O . . . . O ." },
      "A8 C9", "" },
    { "73 at move 53", {
        ". O O O X . . . .", "X X O X X O . O .", "O . O O X . O X .",
        "O O O X X O O X .", "O X O X X X O . .", "O X O O X . O . O",
        "X X X X X O O X .", ". . . O X X X . .", ". . . . . . . . ." },
      "A9 B7", "" },
    { "7 at move 74", {
        "X X X . X O O O .", ". X X X X X O X X", "X X X X . X O X .",
        "O X O X X X O O O", "O O O O X O O O X", ". . . O X X O X X",
        "O O O O O O X X .", ". X O X X X X . X", ". O O O O O O X ." },
      "J7", "J9" },
    /* Races, not nakade: White has a liberty outside (C9), or Black's
     * stones inside reach out (B7 to B6, C9 to D9). */
    { "55 at move 44", {
        ". O . X . . . . .", "X X O X O . . . .", "X O O X . . . . .",
        "X . O X . . X X .", "O O O X X X O X .", ". X X X O O O O X",
        ". X O O O . . X .", ". O . . X O O X .", ". . . . . . . O ." },
      "", "A9 B6 C9" },
    { "65 at move 62", {
        ". . . X X O . X .", "X O O O X O O O X", "O X O X X X O . X",
        ". X X X X O O O O", "O X X O O O X X .", "X O O O X O X . .",
        "X X X X X X X X .", "O O O O O O O X .", ". . . . . . . O ." },
      "", "A9 B9 C9" },
};

/* Each vertex of the list `vs` (separated by spaces) is (or is not) a
 * point the tree lets in. */
static void expect_vital(const struct board *b, const char *vs, bool want, const char *game)
{
    for (size_t k = 0; k + 1 < strlen(vs); k += 3) {
        const char v[3] = { vs[k], vs[k + 1], 0 };
        EXPECT(playout_nakade_is_vital(b, at(b, v)) == want, "game %s: %s %s", game, v,
               want ? "not let in" : "let in");
    }
}

START_TEST(test_games_walled_in)
{
    struct board b;
    for (size_t i = 0; i < sizeof walled_in / sizeof walled_in[0]; i++) {
        set_rows(&b, walled_in[i].rows);
        expect_vital(&b, walled_in[i].kills, true, walled_in[i].game);
        expect_vital(&b, walled_in[i].not, false, walled_in[i].game);
    }
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
    /* The sacrifice in a space with stones (test_sacrifices), Black to play
     * after White's D9. */
    fill_but(&b, WHITE, "A9 C8", "B9 C9");
    b.last_move = at(&b, "D9");
    b.to_move = BLACK;
    point kill = playout_nakade_point(&b, b.last_move);
    ck_assert(kill == at(&b, "A9") || kill == at(&b, "C8"));
    playout_bt_set_nakade(&pp, 1.0);
    pp.begin(&pp, &b);
    for (int i = 0; i < N; i++)
        ck_assert_int_eq(pp.choose(&pp, &b, BLACK, &r), kill);
    set_rows(&b, bent_three_corner);
    b.last_move = at(&b, "G1");
    b.to_move = WHITE;
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
    tcase_add_test(tc, test_stones_vital);
    tcase_add_test(tc, test_sacrifices);
    tcase_add_test(tc, test_games_walled_in);
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
