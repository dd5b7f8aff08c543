/* test_timectl — budgets per time system, and whole simulated games that
 * always think for the hard limit must still never run out of time. */
#include "engine/timectl.h"

#include <check.h>
#include <stdlib.h>

/* The default parameters with the budget of a move without a clock. */
static struct params budget(int64_t playouts, double time_per_move)
{
    struct params p;
    params_default(&p);
    p.playouts = playouts;
    p.time_per_move = time_per_move;
    return p;
}

START_TEST(no_clock)
{
    struct time_control tc;
    double s, h;
    int64_t po;
    timectl_init(&tc);
    struct params p = budget(5000, 0);
    timectl_budget(&tc, &p, BLACK, 0, 81, &s, &h, &po);
    ck_assert_int_eq(po, 5000);
    ck_assert(s == 0 && h == 0);
    p = budget(0, 2.5);
    timectl_budget(&tc, &p, WHITE, 10, 81, &s, &h, &po);
    ck_assert_int_eq(po, 0);
    ck_assert(s == 2.5 && h == 2.5);
    p = budget(0, 0);
    timectl_budget(&tc, &p, WHITE, 10, 81, &s, &h, &po);
    ck_assert_int_eq(po, 10000);          /* neither set: the fallback */
    /* time_settings with byo time and no stones: no limit, budget from params */
    ck_assert(timectl_settings(&tc, 10, 5, 0));
    ck_assert_int_eq(tc.system, TIME_NONE);
    ck_assert(!timectl_settings(&tc, -1, 0, 0));
    ck_assert(!timectl_settings(&tc, 1, -5, 1));
    ck_assert(!timectl_settings(&tc, 1, 5, -1));
}
END_TEST

/* Saved time is banked in main time and within a Canadian period only. */
START_TEST(saves_bank)
{
    struct time_control tc;
    timectl_init(&tc);
    ck_assert(!timectl_saves_bank(&tc, BLACK));
    ck_assert(!timectl_saves_bank(&tc, WHITE));
    timectl_set(&tc, TIME_ABSOLUTE, 60, 0, 0);
    ck_assert(timectl_saves_bank(&tc, BLACK));
    timectl_set(&tc, TIME_BYOYOMI, 60, 10, 5);
    ck_assert(timectl_saves_bank(&tc, BLACK));
    timectl_left(&tc, BLACK, 8, 3);           /* in byo-yomi: 8 s of a period, 3 periods */
    ck_assert(!timectl_saves_bank(&tc, BLACK));
    ck_assert(timectl_saves_bank(&tc, WHITE));  /* White still in main time */
    timectl_set(&tc, TIME_CANADIAN, 0, 300, 25);
    ck_assert(timectl_saves_bank(&tc, WHITE));
    ck_assert(!timectl_saves_bank(&tc, EMPTY));
}
END_TEST

START_TEST(middle_game_spends_more)
{
    struct time_control tc;
    double s0, s1, s2, h;
    int64_t po;
    struct params p = budget(0, 0);
    timectl_init(&tc);
    ck_assert(timectl_settings(&tc, 300, 0, 0));
    ck_assert_int_eq(tc.system, TIME_ABSOLUTE);
    timectl_budget(&tc, &p, BLACK, 0, 361, &s0, &h, &po);
    timectl_budget(&tc, &p, BLACK, 120, 361, &s1, &h, &po);
    ck_assert(s1 > s0);
    ck_assert(h >= s1 && h <= 300);
    timectl_budget(&tc, &p, BLACK, 40, 81, &s2, &h, &po);
    ck_assert(s2 > 0 && s2 < 300 / 8.0);
}
END_TEST

/* Plays `moves` moves for Black, thinking for the hard limit every fourth move
 * and the soft limit otherwise (the search stops between the two), plus `lag`
 * seconds of overhead the margin must absorb; false on a loss on time. */
static bool survive(struct time_control *tc, int moves, int points, double lag)
{
    struct params p = budget(0, 0);
    for (int m = 0; m < moves; m++) {
        double s, h;
        int64_t po;
        timectl_budget(tc, &p, BLACK, 2 * m, points, &s, &h, &po);
        if (!(s > 0 && h >= s))
            return false;
        struct time_clock *k = &tc->clock[BLACK];
        double used = (m % 4 == 0 ? h : s) + lag;
        /* Check against the rules before booking. */
        if (tc->system == TIME_ABSOLUTE && used > k->main_left)
            return false;
        if (tc->system == TIME_CANADIAN && k->main_left <= 0 && used > k->period_left)
            return false;
        if (tc->system == TIME_CANADIAN && k->main_left > 0 && used > k->main_left &&
            used - k->main_left > tc->period_time)
            return false;
        int periods = k->stones_left;
        timectl_spent(tc, BLACK, used);
        if (tc->system == TIME_BYOYOMI && k->stones_left < periods)
            return false;   /* we never want to burn a period */
    }
    return true;
}

START_TEST(never_lose_on_time)
{
    struct time_control tc;
    timectl_init(&tc);
    timectl_set(&tc, TIME_ABSOLUTE, 60, 0, 0);
    ck_assert(survive(&tc, 120, 81, 0.02));   /* a 240-move 9x9 game */
    ck_assert(tc.clock[BLACK].main_left > 0);

    timectl_set(&tc, TIME_BYOYOMI, 60, 10, 5);
    ck_assert_int_eq(tc.system, TIME_BYOYOMI);
    ck_assert(survive(&tc, 150, 81, 0.3));
    ck_assert(survive(&tc, 150, 81, 0.1));    /* and on in byo-yomi */
    ck_assert_int_eq(tc.clock[BLACK].stones_left, 5);
    ck_assert(tc.clock[BLACK].main_left == 0);   /* it did reach byo-yomi */

    ck_assert(timectl_settings(&tc, 30, 20, 10));
    ck_assert_int_eq(tc.system, TIME_CANADIAN);
    ck_assert(survive(&tc, 300, 361, 0.3));

    timectl_set(&tc, TIME_CANADIAN, 0, 5, 25);   /* 0.2 s a stone: lag must be small */
    ck_assert(survive(&tc, 300, 361, 0.03));
}
END_TEST

START_TEST(time_left_overrides)
{
    struct time_control tc;
    double s, h;
    int64_t po;
    struct params p = budget(0, 0);
    timectl_init(&tc);
    timectl_set(&tc, TIME_BYOYOMI, 600, 30, 3);
    timectl_left(&tc, WHITE, 25, 2);   /* in byo-yomi, 2 periods left */
    ck_assert(tc.clock[WHITE].main_left == 0);
    ck_assert_int_eq(tc.clock[WHITE].stones_left, 2);
    timectl_budget(&tc, &p, WHITE, 50, 361, &s, &h, &po);
    ck_assert(h <= 25 - p.time_margin && s <= h && s > 5);
    /* The margin is the parameter's at each move: a longer lag allowance
     * shortens the same move's limit. */
    double h_default = h;
    p.time_margin = 5;
    timectl_budget(&tc, &p, WHITE, 50, 361, &s, &h, &po);
    ck_assert(h <= 25 - 5 && h < h_default);
    p.time_margin = 0.5;
    timectl_left(&tc, BLACK, 100, 0);  /* main time */
    ck_assert(tc.clock[BLACK].main_left == 100);
    timectl_budget(&tc, &p, BLACK, 50, 361, &s, &h, &po);
    ck_assert(h < 100 + 30);
    timectl_left(&tc, BLACK, -3, 0);   /* nonsense from a controller: treated as 0 */
    timectl_budget(&tc, &p, BLACK, 50, 361, &s, &h, &po);
    ck_assert(s > 0 && h < 30);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("timectl");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, no_clock);
    tcase_add_test(tc, saves_bank);
    tcase_add_test(tc, middle_game_spends_more);
    tcase_add_test(tc, never_lose_on_time);
    tcase_add_test(tc, time_left_overrides);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
