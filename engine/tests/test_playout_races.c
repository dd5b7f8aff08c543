/* test_playout_races — the race moves on two-liberty strings next to the
 * last move and the answers to its ataris (engine/playout_races.c), on
 * drawn positions where there is one and where there is none, and the BT
 * playouts that play them (`playout_races`, `playout_atari`). */
#include "engine/playout_races.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/playout_bt.h"
#include "engine/tests/board_rows.h"
#include "patterns/features.h"

static int cmp_point(const void *a, const void *b)
{
    return *(const point *)a - *(const point *)b;
}

/* The moves that `gen` (playout_race_moves or playout_atari_moves) gives
 * `c` after the stone at `last`, as vertices in point order separated by
 * spaces ("-" for none). */
static const char *answers(int (*gen)(const struct board *, enum color, point,
                                      point[PLAYOUT_RACE_MAX]),
                           const char *const rows[9], enum color c, const char *last)
{
    static char out[64];
    struct board b;
    set_rows(&b, rows);
    point m[PLAYOUT_RACE_MAX];
    int n = gen(&b, c, at(&b, last), m);
    qsort(m, (size_t)n, sizeof m[0], cmp_point);
    if (n == 0)
        return "-";
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char v[16];
        snprintf(v, sizeof v, "%s%c%d", i ? " " : "", "ABCDEFGHJ"[board_x(&b, m[i])],
                 board_y(&b, m[i]) + 1);
        strcat(out, v);
    }
    return out;
}

/* The race moves of `c` after the stone at `last`. */
static const char *races(const char *const rows[9], enum color c, const char *last)
{
    return answers(playout_race_moves, rows, c, last);
}

/* White's E5 F5 (last F5) with two liberties, F4 and G5. Black's G5 is an
 * atari White cannot escape: F4 has no liberty of its own. Black's F4 is
 * not: White's G5 then has G6 and H5. */
static const char *const center_race[9] = {
    ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    ". . . . X X . . .",
    ". . . X O O . . .",
    ". . . . X . X . .",
    ". . . . . X . . .",
    ". . . . . . . . .", ". . . . . . . . .",
};

/* The same, but Black's E6 F6 is in atari (its one liberty G6): White
 * escapes the atari at G5 by capturing them. */
static const char *const center_counter[9] = {
    ". . . . . . . . .", ". . . . . . . . .",
    ". . . . O O . . .",
    ". . . O X X . . .",
    ". . . X O O . . .",
    ". . . . X . X . .",
    ". . . . . X . . .",
    ". . . . . . . . .", ". . . . . . . . .",
};

/* White's D1 E1 on the edge (last E1), liberties C1 and F1: Black's C1 is
 * the atari that holds (F1 then has no liberty, F2 being Black's); Black's
 * F1 is not (C1 then has B1 and C2). */
static const char *const edge_race[9] = {
    ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . X X X . . .",
    ". . . O O . . . .",
};

START_TEST(test_atari_that_holds)
{
    ck_assert_str_eq(races(center_race, BLACK, "F5"), "G5");
    ck_assert_str_eq(races(center_race, BLACK, "E5"), "G5");   /* any stone of the string */
    ck_assert_str_eq(races(edge_race, BLACK, "E1"), "C1");
}
END_TEST

START_TEST(test_atari_escaped)
{
    /* Escape by capture. */
    ck_assert_str_eq(races(center_counter, BLACK, "F5"), "-");
    /* The atari stone would be in atari itself: with White's C2, Black's
     * C1 has one liberty (B1), and F1 is escaped at C1. */
    static const char *const edge_self[9] = {
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .",
        ". . O X X X . . .",
        ". . . O O . . . .",
    };
    ck_assert_str_eq(races(edge_self, BLACK, "E1"), "-");
    /* Three liberties (C1, E2, F1): no race here. */
    static const char *const three_libs[9] = {
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . X . . . . .",
        ". . . O O . . . .",
    };
    ck_assert_str_eq(races(three_libs, BLACK, "E1"), "-");
    /* The last move must be the other colour's. */
    ck_assert_str_eq(races(center_race, WHITE, "F5"), "-");
}
END_TEST

/* Black's D4 E4 (liberties D3 and E3) after White's D5, in danger (White's
 * E3 is an atari D3 does not escape): E3 gains a liberty (E2, F3, D3), D3
 * does not (D2, E3; C3 is White's). */
static const char *const extend[9] = {
    ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . O O . . . .",
    ". . O X X O . . .",
    ". . O . . . . . .",
    ". . . . . . . . .", ". . . . . . . . .",
};

/* With White's F4 in atari (one liberty F3), F3 captures it too. */
START_TEST(test_own_string)
{
    ck_assert_str_eq(races(extend, BLACK, "D5"), "E3");
    static const char *const counter[9] = {
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . O O X . . .",
        ". . O X X O X . .",
        ". . O . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .",
    };
    ck_assert_str_eq(races(counter, BLACK, "D5"), "E3 F3");
    /* Neither liberty gains: E2 and F3 are White's too. */
    static const char *const stuck[9] = {
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . O O . . . .",
        ". . O X X O . . .",
        ". . O . . O . . .",
        ". . . . O . . . .", ". . . . . . . . .",
    };
    ck_assert_str_eq(races(stuck, BLACK, "D5"), "-");
    /* Not in danger: with C3 empty, either atari is escaped (D3 then has
     * C3 and D2, E3 has E2 and F3), so neither extension is a race move. */
    static const char *const safe[9] = {
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . O O . . . .",
        ". . O X X O . . .",
        ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .",
    };
    ck_assert_str_eq(races(safe, BLACK, "D5"), "-");
    /* A string that is not next to the last move is not looked at. */
    ck_assert_str_eq(races(extend, BLACK, "C3"), "-");
}
END_TEST

START_TEST(test_no_last_move)
{
    struct board b;
    set_rows(&b, center_race);
    point m[PLAYOUT_RACE_MAX];
    ck_assert_int_eq(playout_race_moves(&b, BLACK, PASS, m), 0);
    ck_assert_int_eq(playout_race_moves(&b, BLACK, 0, m), 0);
    ck_assert_int_eq(playout_race_moves(&b, BLACK, at(&b, "A9"), m), 0);   /* empty */
    ck_assert_int_eq(playout_race_moves(&b, BLACK, at(&b, "E4"), m), 0);   /* Black's own */
}
END_TEST

/* The atari answers of `c` after the stone at `last`. */
static const char *ataris(const char *const rows[9], enum color c, const char *last)
{
    return answers(playout_atari_moves, rows, c, last);
}

/* White's F5 has put Black's D5 E5 in atari (one liberty, E4), and White's
 * D6 E6 is in atari too (one liberty, E7): a race of two strings in atari,
 * which the side to move wins by its capture. */
static const char *const mutual[9] = {
    ". . . . . . . . .", ". . . . . . . . .",
    ". . . X . . . . .",
    ". . X O O X . . .",
    ". . O X X O . . .",
    ". . . O . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .", ". . . . . . . . .",
};

/* White's E5 has put Black's D5 in atari (one liberty, D4). With D3
 * empty the extension there has three liberties (C4, E4, D3) and holds;
 * with White's D3 it has two and the next atari may be a ladder. */
static const char *const escape[9] = {
    ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    ". . . O . . . . .",
    ". . O X O . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . O .", ". . . . . . . . .",
};
static const char *const ladder[9] = {
    ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    ". . . O . . . . .",
    ". . O X O . . . .",
    ". . . . . . . . .",
    ". . . O . . . . .",
    ". . . . . . . . .", ". . . . . . . . .",
};

/* The atari answers with the escape to two liberties read as a ladder. */
static const char *ataris_ladder(const char *const rows[9], enum color c, const char *last)
{
    return answers(playout_atari_moves_ladder, rows, c, last);
}

/* As `ladder`, but Black's C3 and E3 stand on both ways the chase could
 * go, and White's D3 is in atari once Black is at D4: the extension has two
 * liberties (C4, E4) and no ladder takes it. */
static const char *const ladder_broken[9] = {
    ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    ". . . O . . . . .",
    ". . O X O . . . .",
    ". . . . . . . . .",
    ". . X O X . . . .",
    ". . . . . . . . .", ". . . . . . . . .",
};

START_TEST(test_atari_answers_ladder)
{
    /* Two liberties: answered only when the ladder fails. */
    ck_assert_str_eq(ataris(ladder_broken, BLACK, "E5"), "-");
    ck_assert_str_eq(ataris_ladder(ladder_broken, BLACK, "E5"), "D4");
    ck_assert_str_eq(ataris_ladder(ladder, BLACK, "E5"), "-");
    /* Three liberties, as without the reading. */
    ck_assert_str_eq(ataris_ladder(escape, BLACK, "E5"), "D4");
    /* The saving capture, and now E4 too: two liberties, and no ladder
     * takes it while White's D6 E6 stays in atari. */
    ck_assert_str_eq(ataris_ladder(mutual, BLACK, "F5"), "E4 E7");
    ck_assert_str_eq(ataris_ladder(escape, WHITE, "E5"), "-");
}
END_TEST

START_TEST(test_atari_answers)
{
    /* The capture that saves the string; E4 gives it two liberties only. */
    ck_assert_str_eq(ataris(mutual, BLACK, "F5"), "E7");
    ck_assert_str_eq(ataris(escape, BLACK, "E5"), "D4");
    ck_assert_str_eq(ataris(ladder, BLACK, "E5"), "-");
    /* Only strings next to the last move: White's H2 touches none. */
    ck_assert_str_eq(ataris(escape, BLACK, "H2"), "-");
    /* The last move must be the other colour's, and a stone. */
    ck_assert_str_eq(ataris(escape, WHITE, "E5"), "-");
    struct board b;
    set_rows(&b, escape);
    point m[PLAYOUT_RACE_MAX];
    ck_assert_int_eq(playout_atari_moves(&b, BLACK, PASS, m), 0);
    ck_assert_int_eq(playout_atari_moves(&b, BLACK, at(&b, "A9"), m), 0);
}
END_TEST

/* How many of `n` draws of the BT policy by `c` after the stone at `last`
 * are `move`, with playout_races at `rate`. */
static int draws_of_with(void (*set)(struct playout_policy *, double), const char *const rows[9],
                         enum color c, const char *last, const char *move, double rate, int n)
{
    struct board b;
    set_rows(&b, rows);
    b.last_move = at(&b, last);
    b.to_move = c;
    struct playout_policy pp;
    ck_assert(playout_bt_new(&pp, playout_bt_default_gammas()));
    set(&pp, rate);
    struct rng r;
    rng_seed(&r, 5);
    pp.begin(&pp, &b);
    int hits = 0;
    for (int i = 0; i < n; i++)
        hits += pp.choose(&pp, &b, c, &r) == at(&b, move);
    pp.release(&pp);
    return hits;
}

static int draws_of(const char *const rows[9], enum color c, const char *last, const char *move,
                    double rate, int n)
{
    return draws_of_with(playout_bt_set_races, rows, c, last, move, rate, n);
}

/* Whole playouts from `rows` after the stone at `last`, with the rule
 * `set` always on, keep the board consistent. */
static void playouts_consistent(void (*set)(struct playout_policy *, double),
                                const char *const rows[9], const char *last)
{
    struct board b;
    set_rows(&b, rows);
    b.last_move = at(&b, last);
    b.to_move = color_other((enum color)b.color[b.last_move]);
    struct playout_policy pp;
    ck_assert(playout_bt_new(&pp, playout_bt_default_gammas()));
    set(&pp, 1.0);
    struct rng r;
    rng_seed(&r, 5);
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

/* The BT playouts play the race move in the share asked for, and whole
 * playouts with it always on keep the board consistent. */
START_TEST(test_playouts_answer)
{
    pat_init();
    enum { N = 400 };
    ck_assert_int_eq(draws_of(center_race, BLACK, "F5", "G5", 1.0, N), N);
    ck_assert_int_eq(draws_of(extend, BLACK, "D5", "E3", 1.0, N), N);
    int g5 = draws_of(center_race, BLACK, "F5", "G5", 0.0, N);
    int e3 = draws_of(extend, BLACK, "D5", "E3", 0.0, N);
    ck_assert_msg(g5 < N && e3 < N / 2, "drawn without the rule: G5 %d, E3 %d of %d", g5, e3, N);
    int half = draws_of(extend, BLACK, "D5", "E3", 0.5, N);
    ck_assert_msg(half > N / 2 - 40 + e3 / 2 && half < N / 2 + 40 + e3 / 2,
                  "E3 drawn %d times of %d at rate 0.5 (%d at 0)", half, N, e3);
    playouts_consistent(playout_bt_set_races, center_race, "F5");
}
END_TEST


/* playout_atari at `rate` with the ladder reading on. */
static void set_atari_ladder(struct playout_policy *pp, double rate)
{
    playout_bt_set_atari(pp, rate);
    playout_bt_set_atari_ladder(pp, true);
}

/* ... and the atari answer with playout_atari, which the draw alone plays
 * less often. */
START_TEST(test_playouts_answer_atari)
{
    pat_init();
    enum { N = 400 };
    ck_assert_int_eq(draws_of_with(playout_bt_set_atari, mutual, BLACK, "F5", "E7", 1.0, N), N);
    int e7 = draws_of_with(playout_bt_set_atari, mutual, BLACK, "F5", "E7", 0.0, N);
    ck_assert_msg(e7 < N * 9 / 10, "E7 drawn %d times of %d without the rule", e7, N);
    playouts_consistent(playout_bt_set_atari, mutual, "F5");
}
END_TEST

/* With the ladder reading, the escape to two liberties out of a ladder
 * that fails is the answer; without it, the draw's. */
START_TEST(test_playouts_answer_atari_ladder)
{
    pat_init();
    enum { N = 400 };
    ck_assert_int_eq(draws_of_with(set_atari_ladder, ladder_broken, BLACK, "E5", "D4", 1.0, N), N);
    int d4 = draws_of_with(playout_bt_set_atari, ladder_broken, BLACK, "E5", "D4", 1.0, N);
    ck_assert_msg(d4 < N * 9 / 10, "D4 drawn %d times of %d without the reading", d4, N);
    playouts_consistent(set_atari_ladder, ladder_broken, "E5");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("playout_races");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_atari_that_holds);
    tcase_add_test(tc, test_atari_escaped);
    tcase_add_test(tc, test_own_string);
    tcase_add_test(tc, test_no_last_move);
    tcase_add_test(tc, test_playouts_answer);
    tcase_add_test(tc, test_atari_answers);
    tcase_add_test(tc, test_playouts_answer_atari);
    tcase_add_test(tc, test_atari_answers_ladder);
    tcase_add_test(tc, test_playouts_answer_atari_ladder);
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
