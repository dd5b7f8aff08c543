/* test_playout_bt — the Bradley–Terry playout policy: incremental weights
 * equal weights recomputed from scratch (the trainer's feature code) after
 * every move of many games, draws follow the weights (chi-square on a drawn
 * position), moves are legal and never fill an own eye, and whole playouts
 * through playout_run keep the board consistent. */
#include "engine/playout_bt.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "patterns/features.h"
#include "patterns/gammas.h"

#define EXPECT(cond, ...) do { if (!(cond)) ck_abort_msg(__VA_ARGS__); } while (0)

/* The table under test: the built-in playout table, except in the test that
 * swaps in the engine's full table. */
static const struct pat_gammas *G;

static void setup(void)
{
    pat_init();
    G = playout_bt_default_gammas();
}

/* A position drawn as rows of "X", "O" and "." (top row first, one space
 * between points) set up on an empty board of `size`. */
static void set_rows(struct board *b, int size, const char *const *rows)
{
    board_clear(b, size);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            char ch = rows[size - 1 - y][2 * x];
            if (ch != '.')
                ck_assert(board_setup_stone(b, ch == 'X' ? BLACK : WHITE, board_point(b, x, y)));
        }
}

/* Every point's incremental weight against the reference, both colours. */
static void check_weights(const struct playout_policy *pp, const struct board *b, int move_no)
{
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            point p = board_point(b, x, y);
            for (int c = BLACK; c <= WHITE; c++) {
                double w = playout_bt_weight(pp, (enum color)c, p);
                double ref = playout_bt_weight_ref(G, b, (enum color)c, p);
                EXPECT(fabs(w - ref) <= 1e-5 * (ref > 1 ? ref : 1),
                       "size %d move %d: weight of %s at (%d,%d) is %g, from scratch %g",
                       b->size, move_no, c == BLACK ? "B" : "W", x, y, w, ref);
                if (w <= 0)
                    continue;
                bool joins = board_code_friends(b->nbr3x3[p], (enum color)c) != 0;
                bool sa = joins && board_is_self_atari(b, (enum color)c, p);
                EXPECT(playout_bt_joining_self_atari(pp, (enum color)c, p) == sa,
                       "size %d move %d: %s at (%d,%d) kept as %sa joining self-atari", b->size,
                       move_no, c == BLACK ? "B" : "W", x, y, sa ? "not " : "");
            }
        }
}

/* The policy passed for `c`: no point may have a weight but the ko point
 * and the self-ataris it sets aside (playout.h), whose weights stay. */
static void check_nothing_left(const struct playout_policy *pp, const struct board *b, enum color c,
                               int move_no)
{
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            point q = board_point(b, x, y);
            if (playout_bt_weight(pp, c, q) <= 0 || (b->ko == q && b->to_move == c))
                continue;
            EXPECT(playout_wasted_self_atari(b, c, q, b->nbr3x3[q]),
                   "size %d move %d: passed with a move left at (%d,%d), weight %g", b->size,
                   move_no, x, y, playout_bt_weight(pp, c, q));
        }
}

/* Games played with the policy's own draws, with a uniformly random move or a
 * pass now and then (fed through playout_bt_prepare, as a caller keeping the
 * policy in step would), checking every weight after every move. */
START_TEST(test_incremental_equals_scratch)
{
    static const int sizes[] = { 5, 9, 13, 19 };
    for (int si = 0; si < 4; si++) {
        int size = sizes[si];
        for (int game = 0; game < (size <= 9 ? 6 : 2); game++) {
            struct playout_policy pp;
            ck_assert(playout_bt_new(&pp, G));
            struct playout_policy light = playout_light();
            struct board b;
            board_clear(&b, size);
            struct rng r;
            rng_seed(&r, (uint64_t)(size * 100 + game));
            pp.begin(&pp, &b);
            check_weights(&pp, &b, 0);
            enum color c = BLACK;
            int cap = playout_default_cap(size);
            for (int m = 1; m <= cap && b.passes < 2; m++) {
                point p;
                uint32_t k = rng_below(&r, 10);
                if (k == 0 && m > 3) {
                    p = PASS;
                    playout_bt_prepare(&pp, &b, c, p);
                } else if (k == 1) {
                    p = light.choose(&light, &b, c, &r);
                    playout_bt_prepare(&pp, &b, c, p);
                } else {
                    p = pp.choose(&pp, &b, c, &r);
                    if (p == PASS)
                        check_nothing_left(&pp, &b, c, m);
                }
                EXPECT(p == PASS || board_is_legal(&b, c, p), "illegal move %d", p);
                EXPECT(p == PASS || !board_is_eyelike(&b, c, p), "own eye filled at %d", p);
                board_play_known_legal(&b, c, p);
                pp.played(&pp, &b, c, p);
                /* Every move on small boards; every third on large ones
                 * (the reference is slow), plus the last. */
                if (size <= 9 || m % 3 == 0)
                    check_weights(&pp, &b, m);
                c = color_other(c);
            }
            check_weights(&pp, &b, -1);
            pp.release(&pp);
        }
    }
}
END_TEST

/* Any table works, the engine's full one included (the policy uses only the
 * fast features' gammas, never factor interactions). */
START_TEST(test_incremental_full_table)
{
    G = pat_gammas_default();
    struct playout_policy pp;
    ck_assert(playout_bt_new(&pp, G));
    struct board b;
    board_clear(&b, 9);
    struct rng r;
    rng_seed(&r, 99);
    pp.begin(&pp, &b);
    enum color c = BLACK;
    for (int m = 1; m <= 200 && b.passes < 2; m++) {
        point p = pp.choose(&pp, &b, c, &r);
        board_play_known_legal(&b, c, p);
        pp.played(&pp, &b, c, p);
        check_weights(&pp, &b, m);
        c = color_other(c);
    }
    pp.release(&pp);
}
END_TEST

/* playout_capture: with a floor, a capture's weight is the reference weight
 * with its capture gamma raised to the floor (and no other weight changes),
 * after every move of a game played with the floor on: the incremental
 * weights keep the floor. The table's smallest capture gamma is 4.2, its
 * largest 75: a floor of 50 raises some kinds and leaves others. */
START_TEST(test_capture_floor)
{
    const double floor = 50;
    struct playout_policy pp;
    ck_assert(playout_bt_new(&pp, G));
    playout_bt_set_capture_floor(&pp, floor);
    struct board b;
    board_clear(&b, 9);
    struct rng r;
    rng_seed(&r, 5);
    pp.begin(&pp, &b);
    enum color c = BLACK;
    int raised = 0;
    for (int m = 1; m <= 300 && b.passes < 2; m++) {
        point p = pp.choose(&pp, &b, c, &r);
        board_play_known_legal(&b, c, p);
        pp.played(&pp, &b, c, p);
        c = color_other(c);
        for (int i = 0; i < b.n_empty; i++) {
            point q = b.empty[i];
            for (int k = BLACK; k <= WHITE; k++) {
                double w = playout_bt_weight(&pp, (enum color)k, q);
                double ref = playout_bt_weight_ref(G, &b, (enum color)k, q);
                double want = ref;
                if (ref > 0 && board_capture_count(&b, (enum color)k, q) > 0) {
                    struct pat_opts o = { .no_ladder = true, .no_snapback = true };
                    unsigned v = pat_get(pat_move_features(&b, (enum color)k, q, &o),
                                         PAT_F_CAPTURE);
                    double gv = G->gamma[PAT_F_CAPTURE][v];
                    if (gv < floor) {
                        want = ref / gv * floor;
                        raised++;
                    }
                }
                EXPECT(fabs(w - want) <= 1e-4 * (want > 1 ? want : 1),
                       "move %d: weight of %s at %d is %g, want %g", m, k == BLACK ? "B" : "W",
                       q, w, want);
            }
        }
    }
    EXPECT(raised > 0, "no capture below the floor came up in the game");
    pp.release(&pp);
}
END_TEST

/* A drawn position with captures, atari, self-atari and eyes on 7x7, Black
 * to move after White's move at `last`: frequencies of 400,000 draws match
 * weight x dist1 factor within a chi-square bound, and the weights are far
 * from uniform (so a uniform sampler would fail). */
START_TEST(test_draw_distribution)
{
    static const char *rows[] = {   /* top row first */
        ". . X O . . .",
        ". X O O X . .",
        "X . X O . . .",
        ". X O . . O .",
        "X X O . . . .",
        ". . . . X . .",
        ". . . . . . .",
    };
    struct board b;
    set_rows(&b, 7, rows);
    b.to_move = BLACK;
    b.last_move = board_point(&b, 5, 3);   /* White's O at (5,3) */
    b.last_move2 = board_point(&b, 4, 1);
    struct playout_policy pp;
    ck_assert(playout_bt_new(&pp, G));
    pp.begin(&pp, &b);
    check_weights(&pp, &b, 0);

    double expect[BOARD_MAX_POINTS] = { 0 }, sum = 0, wmin = 1e300, wmax = 0;
    for (int i = 0; i < b.n_empty; i++) {
        point p = b.empty[i];
        double w = playout_bt_weight_ref(G, &b, BLACK, p) * playout_bt_dist_factor(&pp, &b, p);
        expect[p] = w;
        sum += w;
        if (w > 0) {
            wmin = w < wmin ? w : wmin;
            wmax = w > wmax ? w : wmax;
        }
    }
    ck_assert_msg(wmax > 20 * wmin, "position too uniform for the test: %g..%g", wmin, wmax);
    /* dist1 applies: the point next to the last move is favoured. */
    ck_assert(playout_bt_dist_factor(&pp, &b, board_point(&b, 4, 3)) > 2.0);
    ck_assert(playout_bt_dist_factor(&pp, &b, board_point(&b, 0, 6)) == 1.0);

    enum { N = 400000 };
    static long count[BOARD_MAX_POINTS];
    memset(count, 0, sizeof count);
    struct rng r;
    rng_seed(&r, 42);
    for (int i = 0; i < N; i++) {
        point p = pp.choose(&pp, &b, BLACK, &r);
        ck_assert(p != PASS);
        count[p]++;
    }
    double chi2 = 0;
    int cells = 0;
    for (int i = 0; i < b.n_empty; i++) {
        point p = b.empty[i];
        double e = N * expect[p] / sum;
        if (e == 0) {
            EXPECT(count[p] == 0, "point %d has weight 0 but was drawn %ld times", p, count[p]);
            continue;
        }
        chi2 += (count[p] - e) * (count[p] - e) / e;
        cells++;
    }
    int df = cells - 1;
    /* Mean df, sd sqrt(2 df): 6 sd above the mean is a failure. */
    double bound = df + 6 * sqrt(2.0 * df);
    ck_assert_msg(chi2 < bound, "chi-square %.1f with %d degrees of freedom (bound %.1f)",
                  chi2, df, bound);
    pp.release(&pp);
}
END_TEST

/* The ko point is never drawn by the player it is forbidden to. */
START_TEST(test_ko_excluded)
{
    static const char *rows[] = {
        ". . . . .",
        ". . X O .",
        ". X O . O",
        ". . X O .",
        ". . . . .",
    };
    struct board b;
    set_rows(&b, 5, rows);
    /* Black takes at (3,2); White may not retake at (2,2) at once. */
    point take = board_point(&b, 3, 2), back = board_point(&b, 2, 2);
    ck_assert_int_eq(board_play(&b, BLACK, take), 1);
    ck_assert_int_eq(b.ko, back);
    struct playout_policy pp;
    ck_assert(playout_bt_new(&pp, G));
    pp.begin(&pp, &b);
    ck_assert(playout_bt_weight(&pp, WHITE, back) > 0);   /* legal but for the ko */
    struct rng r;
    rng_seed(&r, 7);
    for (int i = 0; i < 20000; i++)
        ck_assert(pp.choose(&pp, &b, WHITE, &r) != back);
    pp.release(&pp);
}
END_TEST

/* A seki is left alone: a self-atari that no nakade needs is never drawn
 * (the rule of the seki-safe light playouts, playout.h), a small one that
 * may kill still is, and the weights are intact afterwards. The position
 * is game 88 of s9-bias01-k600 (regress/gtp/sgf/seki-three-liberties-9.sgf)
 * after Black has filled F1: Black's eleven stones D1-J4 and White's four
 * G1-J2 share G2 and J3. Black there leaves eleven or more stones in atari,
 * White five in a U or an L, two eyes for Black once captured. Black's E4
 * in White's three-point eye is a self-atari of one stone. */
START_TEST(test_seki_refused)
{
    static const char *rows[] = {
        ". X . . . X X X X",
        "X X X X X X O O X",
        "O X O O X X O O X",
        "O O O . O O . O X",
        ". . . O . . O O O",
        ". . O O . O O X X",
        ". . . O O X X X .",
        ". . O O X X . X O",
        ". . O X X X O O O",
    };
    struct board b;
    set_rows(&b, 9, rows);
    point g2 = board_point(&b, 6, 1), j3 = board_point(&b, 8, 2), e4 = board_point(&b, 4, 3);
    struct playout_policy pp;
    ck_assert(playout_bt_new(&pp, G));
    pp.begin(&pp, &b);
    enum { N = 20000 };
    for (int c = BLACK; c <= WHITE; c++) {
        /* The fills carry weight: without the rule they would be drawn. */
        double sum = 0;
        for (int i = 0; i < b.n_empty; i++)
            sum += playout_bt_weight(&pp, (enum color)c, b.empty[i]);
        double fill = playout_bt_weight(&pp, (enum color)c, g2) + playout_bt_weight(&pp, (enum color)c, j3);
        ck_assert_msg(N * fill / sum > 20, "%s: fills expected %.1f times in %d draws",
                      c == BLACK ? "B" : "W", N * fill / sum, N);
        struct rng r;
        rng_seed(&r, (uint64_t)c);
        long small = 0;
        b.to_move = (enum color)c;
        for (int i = 0; i < N; i++) {
            point p = pp.choose(&pp, &b, (enum color)c, &r);
            EXPECT(p != g2 && p != j3, "%s filled a seki liberty (draw %d)",
                   c == BLACK ? "B" : "W", i);
            small += p == e4;
        }
        if (c == BLACK)
            ck_assert_msg(small > 0, "Black never drew the one-stone self-atari E4");
        check_weights(&pp, &b, 0);
    }
    pp.release(&pp);
}
END_TEST

/* Whole playouts through playout_run on every size: legal, board intact,
 * finished (two passes or the cap), a move recorded for each stone. */
START_TEST(test_playouts_run)
{
    for (int size = 2; size <= BOARD_MAX_SIZE; size++) {
        struct playout_policy pp;
        ck_assert(playout_bt_new(&pp, G));
        struct rng r;
        rng_seed(&r, (uint64_t)size);
        static struct playout_move moves[4000];
        for (int k = 0; k < 3; k++) {
            struct board b;
            board_clear(&b, size);
            struct playout_record rec = { .moves = moves, .max_moves = 4000 };
            int cap = playout_default_cap(size);
            double score = playout_run(&b, &pp, &r, 0.5, cap, &rec);
            char why[256];
            EXPECT(board_check(&b, why, sizeof why), "size %d: %s", size, why);
            EXPECT(fabs(score) <= size * size + 1, "size %d: score %g", size, score);
            EXPECT(rec.n_moves > 0, "size %d: no move recorded", size);
        }
        pp.release(&pp);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("playout_bt");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_incremental_equals_scratch);
    tcase_add_test(tc, test_incremental_full_table);
    tcase_add_test(tc, test_draw_distribution);
    tcase_add_test(tc, test_ko_excluded);
    tcase_add_test(tc, test_seki_refused);
    tcase_add_test(tc, test_playouts_run);
    tcase_add_test(tc, test_capture_floor);
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
