/* test_playout_bt_grad — the BT playout policy's parameters and score
 * function (simulation balancing): the score a draw adds equals the finite
 * difference of the log-probability of the drawn move when each parameter is
 * moved a little, at positions of games with captures, ataris and
 * self-ataris; parameters read and written back leave every weight as it was;
 * with no accumulator the draws are those of a policy that never had one. */
#include "engine/playout_bt.h"

#include <check.h>
#include <math.h>
#include <string.h>

#include "patterns/features.h"
#include "patterns/gammas.h"

#define EXPECT(cond, ...) do { if (!(cond)) ck_abort_msg(__VA_ARGS__); } while (0)

static void setup(void)
{
    pat_init();
}

static double log_prob_at(struct playout_policy *pp, const double *theta, const struct board *b,
                          enum color c, point p)
{
    playout_bt_set_params(pp, theta);
    pp->begin(pp, b);
    return log(playout_bt_prob(pp, b, c, p));
}

/* Plays `moves` moves of a game with the policy's draws from seed `seed`. */
static void play_game(struct playout_policy *pp, struct board *b, int size, int moves,
                      uint64_t seed, enum color *to_move)
{
    struct rng r;
    rng_seed(&r, seed);
    board_clear(b, size);
    pp->begin(pp, b);
    enum color c = BLACK;
    for (int m = 0; m < moves && b->passes < 2; m++) {
        point p = pp->choose(pp, b, c, &r);
        board_play_known_legal(b, c, p);
        pp->played(pp, b, c, p);
        c = color_other(c);
    }
    *to_move = c;
}

/* Draws a move for `c` on `b` with the score on, then checks every
 * parameter's score against the finite difference; counts in seen[k] the
 * draws where parameter k's score was not zero. Returns the checks made. */
static int check_scores(struct playout_policy *pp, const double *theta, const struct board *b,
                        enum color c, struct rng *r, int *seen, const char *where)
{
    double acc[PLAYOUT_BT_PARAMS] = { 0 };
    struct board work;
    board_copy(&work, b);
    playout_bt_set_params(pp, theta);
    playout_bt_set_grad(pp, acc);
    pp->begin(pp, &work);
    point p = pp->choose(pp, &work, c, r);
    playout_bt_set_grad(pp, NULL);
    if (p == PASS)
        return 0;
    const double h = 1e-3;
    int checked = 0;
    for (int k = 0; k < PLAYOUT_BT_PARAMS; k++) {
        /* A dist1 factor at 1 is not applied below it: one-sided. */
        if (k >= 14 && theta[k] < 2 * h)
            continue;
        double t[PLAYOUT_BT_PARAMS];
        memcpy(t, theta, sizeof t);
        t[k] = theta[k] + h;
        double up = log_prob_at(pp, t, &work, c, p);
        t[k] = theta[k] - h;
        double down = log_prob_at(pp, t, &work, c, p);
        double fd = (up - down) / (2 * h);
        EXPECT(fabs(fd - acc[k]) < 2e-3, "%s, %s at %d: score %g, finite difference %g", where,
               playout_bt_param_name(k), p, acc[k], fd);
        seen[k] += fabs(acc[k]) > 1e-3;
        checked++;
    }
    return checked;
}

START_TEST(test_score_is_the_log_prob_gradient)
{
    struct playout_policy pp;
    ck_assert(playout_bt_new(&pp, playout_bt_default_gammas()));
    playout_bt_set_capture_floor(&pp, 50);
    double theta[PLAYOUT_BT_PARAMS];
    playout_bt_get_params(&pp, theta);
    int seen[PLAYOUT_BT_PARAMS] = { 0 }, checked = 0;
    struct rng r;
    rng_seed(&r, 11);
    static const int sizes[3] = { 9, 13, 19 };
    for (int g = 0; g < 18; g++) {
        int size = sizes[g % 3];
        for (int moves = 20; moves <= size * size * 3 / 4; moves += size * size / 8) {
            struct board b;
            enum color c;
            playout_bt_set_params(&pp, theta);
            play_game(&pp, &b, size, moves, 100 + (uint64_t)g, &c);
            if (b.passes < 2)
                checked += check_scores(&pp, theta, &b, c, &r, seen, "game");
        }
    }
    /* A retake is rare in random games: Black has just played a stone into
     * atari at E5 (White E6, D5, F5 around it), White to move. */
    static const char *const seq[] = { "E6", "A1", "D5", "A2", "F5", "E5" };
    struct board b;
    board_clear(&b, 9);
    enum color c = WHITE;
    for (int i = 0; i < 6; i++, c = color_other(c)) {
        int x = seq[i][0] - 'A' - (seq[i][0] > 'I'), y = seq[i][1] - '1';
        ck_assert(board_play(&b, c, board_point(&b, x, y)) >= 0);
    }
    checked += check_scores(&pp, theta, &b, WHITE, &r, seen, "retake");
    /* The positions exercised every feature the playouts produce; the
     * ladder atari, atari during a ko and the lost ladder escape they never
     * produce (no ladder reading, a ko read as a plain atari). */
    EXPECT(checked > 1000, "only %d checks", checked);
    static const char never[PLAYOUT_BT_PARAMS] = { [8] = 1, [9] = 1, [10] = 1 };
    for (int k = 0; k < PLAYOUT_BT_PARAMS; k++)
        EXPECT(never[k] ? seen[k] == 0 : seen[k] > 0, "%s had a score at %d positions",
               playout_bt_param_name(k), seen[k]);
    pp.release(&pp);
}
END_TEST

START_TEST(test_params_round_trip)
{
    struct playout_policy a, b2;
    ck_assert(playout_bt_new(&a, playout_bt_default_gammas()));
    ck_assert(playout_bt_new(&b2, playout_bt_default_gammas()));
    playout_bt_set_capture_floor(&a, 50);
    playout_bt_set_capture_floor(&b2, 50);
    double theta[PLAYOUT_BT_PARAMS], again[PLAYOUT_BT_PARAMS];
    playout_bt_get_params(&a, theta);
    playout_bt_set_params(&b2, theta);
    playout_bt_get_params(&b2, again);
    for (int k = 0; k < PLAYOUT_BT_PARAMS; k++)
        EXPECT(fabs(theta[k] - again[k]) < 1e-6, "%s: %g then %g", playout_bt_param_name(k),
               theta[k], again[k]);
    EXPECT(fabs(exp(theta[3]) - 50) < 1e-3, "capture 4 is %g, not the floor 50", exp(theta[3]));
    struct board b;
    enum color c;
    play_game(&a, &b, 9, 60, 7, &c);
    a.begin(&a, &b);
    b2.begin(&b2, &b);
    for (int i = 0; i < b.n_empty; i++) {
        point q = b.empty[i];
        for (int k = BLACK; k <= WHITE; k++) {
            double wa = playout_bt_weight(&a, (enum color)k, q);
            double wb = playout_bt_weight(&b2, (enum color)k, q);
            EXPECT(fabs(wa - wb) <= 1e-5 * (wa > 1 ? wa : 1), "weight at %d: %g and %g", q, wa,
                   wb);
            EXPECT(fabs(playout_bt_prob(&a, &b, (enum color)k, q) -
                        playout_bt_prob(&b2, &b, (enum color)k, q)) < 1e-9,
                   "probability at %d differs", q);
        }
    }
    a.release(&a);
    b2.release(&b2);
}
END_TEST

/* Parameters written into a table come back from a policy made from it. */
START_TEST(test_params_through_a_table)
{
    char err[256];
    struct pat_gammas *t = pat_gammas_parse(pat_playout_json, pat_playout_json_len, "playout",
                                            err, sizeof err);
    ck_assert_msg(t != NULL, "%s", err);
    struct playout_policy a;
    ck_assert(playout_bt_new(&a, t));
    double theta[PLAYOUT_BT_PARAMS], back[PLAYOUT_BT_PARAMS];
    playout_bt_get_params(&a, theta);
    a.release(&a);
    for (int k = 0; k < PLAYOUT_BT_PARAMS; k++)
        theta[k] += 0.05 * (k + 1);
    ck_assert(playout_bt_params_to_table(theta, t));
    ck_assert(playout_bt_new(&a, t));
    playout_bt_get_params(&a, back);
    for (int k = 0; k < PLAYOUT_BT_PARAMS; k++)
        EXPECT(fabs(theta[k] - back[k]) < 1e-5, "%s: wrote %g, read %g", playout_bt_param_name(k),
               theta[k], back[k]);
    a.release(&a);
    pat_gammas_free(t);
}
END_TEST

/* playout_bt_prob is the draw's distribution: it sums to 1 and the draws
 * of a 13x13 position (a last move, so near factors apply) follow it. */
START_TEST(test_prob_is_the_draw)
{
    struct playout_policy pp;
    ck_assert(playout_bt_new(&pp, playout_bt_default_gammas()));
    struct board b;
    enum color c;
    play_game(&pp, &b, 13, 70, 21, &c);
    pp.begin(&pp, &b);
    static double prob[BOARD_MAX_POINTS];
    static long count[BOARD_MAX_POINTS];
    double sum = 0;
    for (point q = 0; q < b.geom->points; q++) {
        prob[q] = board_on(&b, q) && b.color[q] == EMPTY ? playout_bt_prob(&pp, &b, c, q) : 0;
        sum += prob[q];
    }
    EXPECT(fabs(sum - 1) < 1e-6, "probabilities sum to %g", sum);
    struct rng r;
    rng_seed(&r, 4);
    const long n = 200000;
    for (long i = 0; i < n; i++) {
        struct board work;
        board_copy(&work, &b);
        point p = pp.choose(&pp, &work, c, &r);
        ck_assert(p != PASS);
        count[p]++;
    }
    for (point q = 0; q < b.geom->points; q++) {
        double want = prob[q] * n, sd = sqrt(want * (1 - prob[q])) + 1;
        EXPECT(fabs(count[q] - want) < 5 * sd, "point %d drawn %ld times, expected %.0f", q,
               count[q], want);
    }
    pp.release(&pp);
}
END_TEST

/* Tracking the score changes no draw: the same seed gives the same game. */
START_TEST(test_grad_leaves_draws_alone)
{
    struct playout_policy a, b2;
    ck_assert(playout_bt_new(&a, playout_bt_default_gammas()));
    ck_assert(playout_bt_new(&b2, playout_bt_default_gammas()));
    double acc[PLAYOUT_BT_PARAMS] = { 0 };
    playout_bt_set_grad(&b2, acc);
    struct board x, y;
    board_clear(&x, 9);
    board_clear(&y, 9);
    struct rng rx, ry;
    rng_seed(&rx, 3);
    rng_seed(&ry, 3);
    double sx = playout_run(&x, &a, &rx, 7.5, playout_default_cap(9), NULL);
    double sy = playout_run(&y, &b2, &ry, 7.5, playout_default_cap(9), NULL);
    EXPECT(sx == sy && x.hash == y.hash, "scores %g and %g", sx, sy);
    double norm = 0;
    for (int k = 0; k < PLAYOUT_BT_PARAMS; k++)
        norm += fabs(acc[k]);
    EXPECT(norm > 0, "a whole playout added no score");
    a.release(&a);
    b2.release(&b2);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("playout_bt_grad");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_score_is_the_log_prob_gradient);
    tcase_add_test(tc, test_params_round_trip);
    tcase_add_test(tc, test_prob_is_the_draw);
    tcase_add_test(tc, test_params_through_a_table);
    tcase_add_test(tc, test_grad_leaves_draws_alone);
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
