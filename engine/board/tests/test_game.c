/* test_game — the game layer: superko against an independent history check,
 * undo restoring the exact state, setup and handicap rules, error reasons,
 * and that a refused call changes nothing. */
#include "engine/board/game.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/rng.h"

#define EXPECT(cond, ...) do { if (!(cond)) ck_abort_msg(__VA_ARGS__); } while (0)

static point at(const struct board *b, const char *v)
{
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    int x = (int)(strchr(letters, v[0]) - letters);
    return board_point(b, x, atoi(v + 1) - 1);
}

/* Same position in every observable respect (the empty list's order aside). */
static void same_board(const struct board *a, const struct board *b)
{
    EXPECT(a->size == b->size, "size");
    for (point p = 0; p < a->geom->points; p++) EXPECT(a->color[p] == b->color[p], "colour at %d", p);
    EXPECT(a->hash == b->hash, "hash");
    EXPECT(a->ko == b->ko, "ko %d vs %d", a->ko, b->ko);
    EXPECT(a->to_move == b->to_move, "to_move");
    EXPECT(a->captures[BLACK] == b->captures[BLACK] && a->captures[WHITE] == b->captures[WHITE],
           "captures");
    EXPECT(a->passes == b->passes, "passes");
    EXPECT(a->last_move == b->last_move && a->last_move2 == b->last_move2, "last moves");
    EXPECT(a->n_empty == b->n_empty, "n_empty");
    char why[256];
    EXPECT(board_check(a, why, sizeof why), "board_check: %s", why);
}

static void same_game(const struct game *a, const struct game *b)
{
    same_board(&a->board, &b->board);
    same_board(&a->start, &b->start);
    EXPECT(a->n_moves == b->n_moves, "n_moves");
    EXPECT(a->komi == b->komi && a->handicap == b->handicap && a->superko == b->superko, "settings");
    for (int i = 0; i < a->n_moves; i++)
        EXPECT(a->moves[i].color == b->moves[i].color && a->moves[i].p == b->moves[i].p, "move %d", i);
    for (int i = 0; i <= a->n_moves; i++) EXPECT(a->hashes[i] == b->hashes[i], "hash %d", i);
}

/* Random games on small boards, where superko bites often: every refusal
 * reason is recomputed independently (board rules on a copy, then a search
 * of all earlier positions' hashes), and a refused move changes nothing. */
START_TEST(test_superko_random)
{
    long superko = 0, ko = 0, moves = 0;
    for (int gi = 0; gi < 300; gi++) {
        int size = 2 + gi % 4;
        struct rng r;
        rng_seed(&r, 777 + (uint64_t)gi);
        struct game g, before;
        game_init(&g, size, 0.5);
        memset(&before, 0, sizeof before);
        for (int m = 0; m < 200 && !game_over(&g); m++) {
            enum color c = game_to_move(&g);
            point cand[BOARD_MAX_POINTS];
            int n = 0;
            for (int x = 0; x < size; x++)
                for (int y = 0; y < size; y++) {
                    point p = board_point(&g.board, x, y);
                    enum game_err e = game_check_move(&g, c, p);
                    /* The independent verdict. */
                    enum game_err want = GAME_OK;
                    if (g.board.color[p] != EMPTY) want = GAME_OCCUPIED;
                    else if (p == g.board.ko && c == g.board.to_move) want = GAME_KO;
                    else if (!board_is_legal(&g.board, c, p)) want = GAME_SUICIDE;
                    else {
                        struct board t;
                        board_copy(&t, &g.board);
                        board_play(&t, c, p);
                        for (int i = 0; i <= g.n_moves; i++)
                            if (g.hashes[i] == t.hash) want = GAME_SUPERKO;
                    }
                    EXPECT(e == want, "game %d: %d at (%d,%d): %d, expected %d", gi, c, x, y, e, want);
                    superko += e == GAME_SUPERKO;
                    ko += e == GAME_KO;
                    if (e == GAME_SUPERKO || e == GAME_KO) {
                        game_copy(&before, &g);
                        EXPECT(game_play(&g, c, p) == e, "game_play disagrees with game_check_move");
                        same_game(&g, &before);
                    }
                    if (e == GAME_OK) cand[n++] = p;
                }
            point p = (n == 0 || rng_below(&r, 20) == 0) ? PASS : cand[rng_below(&r, (uint32_t)n)];
            EXPECT(game_play(&g, c, p) == GAME_OK, "legal move refused");
            moves++;
        }
        game_free(&g);
        game_free(&before);
    }
    ck_assert(superko > 0);
    ck_assert(ko > 0);
    ck_assert(moves > 0);
}
END_TEST

/* A hand-made superko on 2x2 (a sending-three-returning-one cycle). */
START_TEST(test_superko_fixed)
{
    struct game g;
    game_init(&g, 2, 0.5);
    const struct board *b = &g.board;
    ck_assert_int_eq(game_play(&g, BLACK, at(b, "A1")), GAME_OK);
    uint64_t after_first = g.board.hash;
    ck_assert_int_eq(game_play(&g, WHITE, at(b, "B2")), GAME_OK);
    ck_assert_int_eq(game_play(&g, BLACK, at(b, "A2")), GAME_OK);
    /* White B1 takes A1 and A2. */
    ck_assert_int_eq(game_play(&g, WHITE, at(b, "B1")), GAME_OK);
    ck_assert_int_eq(g.board.captures[WHITE], 2);
    ck_assert_int_eq(game_play(&g, BLACK, at(b, "A1")), GAME_OK);
    /* White A2 takes A1: three white stones with one liberty, not a simple ko. */
    ck_assert_int_eq(game_play(&g, WHITE, at(b, "A2")), GAME_OK);
    ck_assert_int_eq(g.board.ko, 0);
    /* Black A1 would take all three and leave the position after move 1. */
    ck_assert(board_hash_after(&g.board, BLACK, at(b, "A1")) == after_first);
    ck_assert_int_eq(game_check_move(&g, BLACK, at(b, "A1")), GAME_SUPERKO);
    ck_assert_int_eq(game_play(&g, BLACK, at(b, "A1")), GAME_SUPERKO);
    ck_assert_int_eq(g.n_moves, 6);
    ck_assert_str_eq(game_err_str(GAME_SUPERKO), "illegal move: superko");
    /* Without superko it is an ordinary capture. */
    g.superko = false;
    ck_assert_int_eq(game_play(&g, BLACK, at(b, "A1")), GAME_OK);
    ck_assert(g.board.hash == after_first);
    game_free(&g);
}
END_TEST

START_TEST(test_undo)
{
    for (int gi = 0; gi < 40; gi++) {
        int size = (int[]){ 5, 9, 13, 19 }[gi % 4];
        struct rng r;
        rng_seed(&r, 99 + (uint64_t)gi);
        struct game g;
        game_init(&g, size, 7.5);
        if (gi % 3 == 0) {
            int n;
            ck_assert_int_eq(game_fixed_handicap(&g, size >= 9 ? 4 : 2, NULL, &n), size >= 9 ? GAME_OK : GAME_BAD_HANDICAP);
        }
        int max = 60 + gi * 5;
        struct game *hist = calloc((size_t)max + 1, sizeof *hist);
        game_copy(&hist[0], &g);
        int n = 0;
        while (n < max && !game_over(&g)) {
            enum color c = game_to_move(&g);
            point p = PASS;
            for (int tries = 0; tries < 50; tries++) {
                point q = g.board.empty[rng_below(&r, (uint32_t)g.board.n_empty)];
                if (game_check_move(&g, c, q) == GAME_OK && !board_is_eyelike(&g.board, c, q)) {
                    p = q;
                    break;
                }
            }
            ck_assert_int_eq(game_play(&g, c, p), GAME_OK);
            game_copy(&hist[++n], &g);
        }
        for (int i = n; i > 0; i--) {
            same_game(&g, &hist[i]);
            ck_assert(game_undo(&g));
        }
        same_game(&g, &hist[0]);
        ck_assert(!game_undo(&g));
        same_game(&g, &hist[0]);
        for (int i = 0; i <= n; i++) game_free(&hist[i]);
        free(hist);
        game_free(&g);
    }
}
END_TEST

/* Refused calls name the reason and leave everything as it was. */
START_TEST(test_refusals_change_nothing)
{
    struct game g, copy;
    game_init(&g, 9, 6.5);
    memset(&copy, 0, sizeof copy);
    const struct board *b = &g.board;
    ck_assert_int_eq(game_play(&g, BLACK, at(b, "E5")), GAME_OK);
    game_copy(&copy, &g);
    ck_assert_int_eq(game_play(&g, WHITE, at(b, "E5")), GAME_OCCUPIED);
    ck_assert_int_eq(game_play(&g, EMPTY, at(b, "D5")), GAME_BAD_COLOR);
    ck_assert_int_eq(game_play(&g, WHITE, 0), GAME_OFFBOARD);
    ck_assert_int_eq(game_play(&g, WHITE, RESIGN), GAME_OFFBOARD);
    ck_assert_int_eq(game_play(&g, WHITE, BOARD_MAX_POINTS + 5), GAME_OFFBOARD);
    ck_assert_int_eq(game_setup(&g, WHITE, at(b, "A1")), GAME_NOT_EMPTY);
    ck_assert_int_eq(game_fixed_handicap(&g, 2, NULL, NULL), GAME_NOT_EMPTY);
    same_game(&g, &copy);
    ck_assert_str_eq(game_err_str(GAME_OCCUPIED), "illegal move: occupied");
    ck_assert_str_eq(game_err_str(GAME_SUICIDE), "illegal move: suicide");
    ck_assert_str_eq(game_err_str(GAME_KO), "illegal move: ko");
    /* Suicide. */
    game_clear(&g, 9);
    ck_assert_int_eq(game_setup(&g, BLACK, at(b, "A2")), GAME_OK);
    ck_assert_int_eq(game_setup(&g, BLACK, at(b, "B1")), GAME_OK);
    game_copy(&copy, &g);
    ck_assert_int_eq(game_play(&g, WHITE, at(b, "A1")), GAME_SUICIDE);
    ck_assert_int_eq(game_setup(&g, WHITE, at(b, "A1")), GAME_SUICIDE);
    same_game(&g, &copy);
    game_free(&g);
    game_free(&copy);
}
END_TEST

START_TEST(test_setup_and_handicap)
{
    struct game g;
    game_init(&g, 19, 0.5);
    point pts[9];
    int n = 0;
    ck_assert_int_eq(game_fixed_handicap(&g, 10, pts, &n), GAME_BAD_HANDICAP);
    ck_assert_int_eq(game_fixed_handicap(&g, 1, pts, &n), GAME_BAD_HANDICAP);
    ck_assert_int_eq(g.board.n_empty, 361);
    ck_assert_int_eq(game_fixed_handicap(&g, 3, pts, &n), GAME_OK);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(pts[0], at(&g.board, "D4"));
    ck_assert_int_eq(pts[1], at(&g.board, "Q16"));
    ck_assert_int_eq(pts[2], at(&g.board, "D16"));
    ck_assert_int_eq(g.handicap, 3);
    ck_assert_int_eq(game_to_move(&g), WHITE);
    ck_assert_int_eq(g.board.color[at(&g.board, "Q16")], BLACK);
    /* A second handicap is refused; the start position holds the stones. */
    ck_assert_int_eq(game_fixed_handicap(&g, 2, pts, &n), GAME_NOT_EMPTY);
    ck_assert(g.start.hash == g.board.hash);
    ck_assert(g.hashes[0] == g.board.hash);
    /* Undo never removes handicap stones. */
    ck_assert_int_eq(game_play(&g, WHITE, at(&g.board, "K10")), GAME_OK);
    ck_assert(game_undo(&g));
    ck_assert_int_eq(g.board.n_empty, 358);
    ck_assert_int_eq(game_to_move(&g), WHITE);
    /* Setup stones before the first move only. */
    ck_assert_int_eq(game_setup(&g, WHITE, at(&g.board, "C3")), GAME_OK);
    ck_assert_int_eq(game_setup(&g, WHITE, at(&g.board, "C3")), GAME_OCCUPIED);
    ck_assert_int_eq(game_setup(&g, BLACK, RESIGN), GAME_OFFBOARD);
    ck_assert_int_eq(game_play(&g, WHITE, at(&g.board, "K10")), GAME_OK);
    ck_assert_int_eq(game_setup(&g, WHITE, at(&g.board, "C4")), GAME_NOT_EMPTY);
    /* Small boards: 7x7 allows 4, 6x6 none. */
    game_clear(&g, 7);
    ck_assert_int_eq(game_fixed_handicap(&g, 5, pts, &n), GAME_BAD_HANDICAP);
    ck_assert_int_eq(game_fixed_handicap(&g, 4, pts, &n), GAME_OK);
    game_clear(&g, 6);
    ck_assert_int_eq(game_fixed_handicap(&g, 2, pts, &n), GAME_BAD_HANDICAP);
    ck_assert(g.komi == 0.5);
    game_free(&g);
}
END_TEST

START_TEST(test_record_grows_and_score)
{
    struct game g;
    game_init(&g, 2, 0.5);
    /* Passes only: the record must grow well past its first allocation. */
    for (int i = 0; i < 5000; i++) {
        enum color c = (i % 2) ? WHITE : BLACK;
        ck_assert_int_eq(game_play(&g, c, PASS), GAME_OK);
    }
    ck_assert_int_eq(g.n_moves, 5000);
    ck_assert(game_over(&g));
    game_clear(&g, 5);
    ck_assert_int_eq(g.n_moves, 0);
    ck_assert(!game_over(&g));
    const struct board *b = &g.board;
    ck_assert_int_eq(game_play(&g, BLACK, at(b, "C3")), GAME_OK);
    ck_assert_int_eq(game_play(&g, WHITE, at(b, "A1")), GAME_OK);
    /* One stone each, the rest dame: -0.5. With A1 dead, Black owns all 25. */
    ck_assert(game_score(&g, NULL) == 1 - 1 - 0.5);
    uint8_t dead[BOARD_MAX_POINTS] = { 0 };
    dead[at(b, "A1")] = 1;
    ck_assert(game_score(&g, dead) == 25 - 0.5);
    game_free(&g);
}
END_TEST

static Suite *game_suite(void)
{
    Suite *s = suite_create("game");
    TCase *tc = tcase_create("game");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_superko_fixed);
    tcase_add_test(tc, test_superko_random);
    tcase_add_test(tc, test_undo);
    tcase_add_test(tc, test_refusals_change_nothing);
    tcase_add_test(tc, test_setup_and_handicap);
    tcase_add_test(tc, test_record_grows_and_score);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(game_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
