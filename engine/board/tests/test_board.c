/* test_board — engine/board/board.c against the reference board in lock-step, plus
 * fixed cases: hashes pinned, ko, suicide, scoring, handicap tables. */
#include "engine/board/board.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/bigtable.h"
#include "engine/board/rng.h"
#include "engine/board/tests/refboard.h"

/* ---- helpers ---- */

/* Check reports every passed ck_assert to its parent process (a system call
 * each), which would dominate the lock-step test; this fails the same way
 * but costs nothing when the condition holds. */
#define EXPECT(cond, ...) do { if (!(cond)) ck_abort_msg(__VA_ARGS__); } while (0)

/* Sets up a board from rows drawn top row first: 'X' black, 'O' white,
 * '.' empty (spaces ignored), as setup stones. */
static void draw(struct board *b, int size, const char *const *rows)
{
    board_clear(b, size);
    for (int row = 0; row < size; row++) {
        int y = size - 1 - row, x = 0;
        for (const char *s = rows[row]; *s; s++) {
            if (*s == ' ') continue;
            if (*s == 'X') ck_assert(board_setup_stone(b, BLACK, board_point(b, x, y)));
            if (*s == 'O') ck_assert(board_setup_stone(b, WHITE, board_point(b, x, y)));
            x++;
        }
        ck_assert_int_eq(x, size);
    }
}

static point at(const struct board *b, const char *v)
{
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    int x = (int)(strchr(letters, v[0]) - letters);
    return board_point(b, x, atoi(v + 1) - 1);
}

static void assert_consistent(const struct board *b)
{
    char why[256];
    bool ok = board_check(b, why, sizeof why);
    ck_assert_msg(ok, "board_check: %s", why);
}

/* ---- the lock-step test ---- */

struct lockstep_stats {
    long games, moves, captures, kos, two_pass_ends, snapbacks, eye_points;
};

/* Compares everything observable after a move. */
static void compare(const struct board *b, const struct ref_board *r, long game, int move)
{
    int size = r->size;
    for (int x = 0; x < size; x++)
        for (int y = 0; y < size; y++) {
            point p = board_point(b, x, y);
            if (b->color[p] != r->c[x][y])
                ck_abort_msg("game %ld move %d: colour at (%d,%d) is %d, reference %d",
                             game, move, x, y, b->color[p], r->c[x][y]);
        }
    EXPECT(b->hash == ref_hash(r), "game %ld move %d: hash differs", game, move);
    EXPECT(b->captures[BLACK] == r->captures[BLACK] && b->captures[WHITE] == r->captures[WHITE],
           "game %ld move %d: capture counts differ", game, move);
    char why[256];
    if (!board_check(b, why, sizeof why))
        ck_abort_msg("game %ld move %d: board_check: %s", game, move, why);
}

/* Legal-move sets for colour `col` must be identical. Returns how many. */
static int compare_legal(const struct board *b, const struct ref_board *r, int col,
                         point *legal, long game, int move)
{
    int n = 0;
    for (int x = 0; x < r->size; x++)
        for (int y = 0; y < r->size; y++) {
            point p = board_point(b, x, y);
            bool mine = board_is_legal(b, (enum color)col, p);
            bool ref = ref_legal(r, col, x, y);
            if (mine != ref)
                ck_abort_msg("game %ld move %d: colour %d at (%d,%d): legal %d, reference %d",
                             game, move, col, x, y, mine, ref);
            if (mine) legal[n++] = p;
        }
    return n;
}

/* The snapback of `col` at (x, y) by playing it out on the reference: a
 * lone stone in atari that captures nothing, the opponent's capture at its
 * liberty, and then a string of 2+ stones whose only liberty is (x, y).
 * Returns that string's size, 0 if any step fails. */
static int ref_snapback(const struct ref_board *r, int col, int x, int y)
{
    for (int d = 0; d < 4; d++) {
        int qx = x + ref_dx[d], qy = y + ref_dy[d];
        if (ref_on(r, qx, qy) && r->c[qx][qy] == col)
            return 0;
    }
    struct ref_board t = *r;
    if (ref_play(&t, col, x, y) != 0 || ref_libs(&t, x, y) != 1)
        return 0;
    for (int d = 0; d < 4; d++) {
        int lx = x + ref_dx[d], ly = y + ref_dy[d];
        if (!ref_on(&t, lx, ly) || t.c[lx][ly] != EMPTY)
            continue;
        struct ref_board u = t;
        if (ref_play(&u, 3 - col, lx, ly) != 1 || u.c[x][y] != EMPTY || ref_libs(&u, lx, ly) != 1)
            return 0;
        bool in[REF_MAX][REF_MAX];
        memset(in, 0, sizeof in);
        int libs, stones = ref_string(&u, lx, ly, in, &libs);
        return stones >= 2 ? stones : 0;
    }
    return 0;
}

/* The tactical queries on one legal point, against simulation on the reference. */
static void compare_queries(const struct board *b, const struct ref_board *r, int col,
                            point p, struct lockstep_stats *st)
{
    int x = board_x(b, p), y = board_y(b, p);
    struct ref_board t = *r;
    int n = ref_play(&t, col, x, y);
    EXPECT(board_capture_count(b, (enum color)col, p) == n, "capture count at (%d,%d)", x, y);
    bool self_atari = n == 0 && ref_libs(&t, x, y) == 1;
    EXPECT(board_is_self_atari(b, (enum color)col, p) == self_atari, "self-atari at (%d,%d)", x, y);
    int snap = self_atari ? ref_snapback(r, col, x, y) : 0;
    EXPECT(board_snapback_size(b, (enum color)col, p) == snap, "snapback at (%d,%d): %d, reference %d",
           x, y, board_snapback_size(b, (enum color)col, p), snap);
    st->snapbacks += snap > 0;
    EXPECT(board_hash_after(b, (enum color)col, p) == ref_hash(&t), "hash after (%d,%d)", x, y);
    EXPECT(board_is_eyelike(b, (enum color)col, p) == ref_eyelike(r, col, x, y),
           "eyelike at (%d,%d)", x, y);
}

/* Liberties reported for a string must be exactly its liberties. */
static void compare_libs(const struct board *b, const struct ref_board *r, point p)
{
    int x = board_x(b, p), y = board_y(b, p);
    int n = ref_libs(r, x, y);
    point out[BOARD_MAX_POINTS];
    int k = board_string_libs(b, p, out, BOARD_MAX_POINTS);
    EXPECT(k == n && b->str[b->sid[p]].libs == n, "liberties of (%d,%d): %d, reference %d",
           x, y, k, n);
    for (int i = 0; i < k; i++) {
        EXPECT(b->color[out[i]] == EMPTY, "liberty not empty");
        bool adj = false;
        for (int d = 0; d < 4; d++) {
            point q = out[i] + b->geom->offs[d];
            adj |= b->color[q] == b->color[p] && b->sid[q] == b->sid[p];
        }
        EXPECT(adj, "liberty not adjacent");
        for (int j = 0; j < i; j++) EXPECT(out[i] != out[j], "liberty repeated");
    }
    if (n == 1) EXPECT(board_atari_lib(b, p) == out[0], "atari liberty");
    /* A short buffer gets min(max, libs) of them. */
    if (n >= 2) EXPECT(board_string_libs(b, p, out, 2) == 2, "short liberty buffer");
}

/* board_eye_spaces against the reference's flood of each empty region. */
static void compare_eye_spaces(const struct board *b, const struct ref_board *r, int max,
                               long game, int move, struct lockstep_stats *st)
{
    uint8_t eye[BOARD_MAX_POINTS];
    board_eye_spaces(b, max, eye);
    for (int x = 0; x < r->size; x++)
        for (int y = 0; y < r->size; y++) {
            int want = EMPTY, size;
            if (r->c[x][y] == EMPTY) {
                int owner = ref_region(r, x, y, &size);
                if (size <= max) want = owner;
            }
            EXPECT(eye[board_point(b, x, y)] == want,
                   "game %ld move %d: eye space (max %d) at (%d,%d): %d, reference %d",
                   game, move, max, x, y, eye[board_point(b, x, y)], want);
            st->eye_points += want != EMPTY;
        }
}

/* One random game in lock-step. `avoid_eyes` makes it play like a light
 * playout (so it ends with two passes and real territory); otherwise every
 * legal move is a candidate, which makes big captures and long ko fights. */
static void lockstep_game(int size, int max_moves, bool avoid_eyes, uint64_t seed,
                          struct lockstep_stats *st)
{
    struct rng rng;
    rng_seed(&rng, seed);
    struct board b;
    struct ref_board r;
    board_clear(&b, size);
    ref_clear(&r, size);
    long game = st->games;
    /* Setup stones first, sometimes on small boards and always on large
     * ones, where a capped random game from the empty board would hardly
     * ever capture: a crowded start makes captures and kos common. Board and
     * reference must agree on which setup stones are refused. */
    if (size >= 13 || rng_below(&rng, 4) == 0) {
        int area = size * size;
        int n = size >= 13 ? area / 3 + (int)rng_below(&rng, (uint32_t)(area / 3))
                           : (int)rng_below(&rng, (uint32_t)(area / 3 + 1));
        for (int i = 0; i < n; i++) {
            int col = 1 + (int)rng_below(&rng, 2);
            int x = (int)rng_below(&rng, (uint32_t)size), y = (int)rng_below(&rng, (uint32_t)size);
            bool mine = board_setup_stone(&b, (enum color)col, board_point(&b, x, y));
            bool ref = ref_setup(&r, col, x, y);
            EXPECT(mine == ref, "game %ld: setup stone at (%d,%d): %d, reference %d",
                   game, x, y, mine, ref);
        }
        compare(&b, &r, game, 0);
    }
    point legal[BOARD_MAX_POINTS], cand[BOARD_MAX_POINTS];
    int col = BLACK, passes = 0;
    for (int move = 1; move <= max_moves && passes < 2; move++) {
        /* Now and then a colour plays twice (GTP allows it); the ko stays
         * forbidden to the other colour only. */
        if (rng_below(&rng, 32) == 0) col = 3 - col;
        int n = compare_legal(&b, &r, col, legal, game, move);
        if (rng_below(&rng, 8) == 0) compare_legal(&b, &r, 3 - col, cand, game, move);
        int nc = 0;
        for (int i = 0; i < n; i++)
            if (!avoid_eyes || !board_is_eyelike(&b, (enum color)col, legal[i]))
                cand[nc++] = legal[i];
        if (nc > 0)
            compare_queries(&b, &r, col, cand[rng_below(&rng, (uint32_t)nc)], st);
        point p = PASS;
        if (nc > 0 && rng_below(&rng, 100) != 0) p = cand[rng_below(&rng, (uint32_t)nc)];
        int x = p == PASS ? -1 : board_x(&b, p), y = p == PASS ? -1 : board_y(&b, p);
        int got = board_play(&b, (enum color)col, p);
        int want = ref_play(&r, col, x, y);
        EXPECT(got == want, "game %ld move %d: captured %d, reference %d",
                      game, move, got, want);
        st->captures += got > 0;
        st->kos += b.ko != 0;
        st->moves++;
        passes = p == PASS ? passes + 1 : 0;
        EXPECT(b.passes == passes && (int)b.to_move == 3 - col && b.last_move == p,
               "game %ld move %d: passes, to_move or last_move wrong", game, move);
        compare(&b, &r, game, move);
        if (p != PASS && rng_below(&rng, 4) == 0) compare_libs(&b, &r, p);
        if (rng_below(&rng, 16) == 0) compare_eye_spaces(&b, &r, (int)rng_below(&rng, 9), game, move, st);
        col = 3 - col;
    }
    st->two_pass_ends += passes >= 2;
    /* Scores and owners agree at the end. */
    double komi = 0.5 * (double)rng_below(&rng, 20);
    EXPECT(board_score_area(&b, komi) == ref_score(&r, komi), "game %ld: score %.1f, reference %.1f",
           game, board_score_area(&b, komi), ref_score(&r, komi));
    uint8_t owner[BOARD_MAX_POINTS];
    board_area_owner(&b, owner);
    for (int x = 0; x < size; x++)
        for (int y = 0; y < size; y++)
            EXPECT(owner[board_point(&b, x, y)] == ref_owner(&r, x, y), "game %ld: owner of (%d,%d)",
                   game, x, y);
    compare_eye_spaces(&b, &r, 1 + (int)rng_below(&rng, 8), game, -1, st);
    /* A copy is the same board. */
    struct board c;
    board_copy(&c, &b);
    compare(&c, &r, game, -1);
    st->games++;
}

/* Games per size, and the move cap of each: long games on small boards,
 * capped ones on large boards where the reference is slow. */
static const struct {
    int size, games, max_moves;
} plan[] = {
    { 2, 2500, 60 },
    { 5, 3000, 120 },
    { 9, 2800, 160 },
    { 13, 900, 140 },
    { 19, 500, 100 },
    { 25, 300, 80 },
};

START_TEST(test_lockstep)
{
    int i = _i;
    struct lockstep_stats st = { 0 };
    for (int g = 0; g < plan[i].games; g++)
        lockstep_game(plan[i].size, plan[i].max_moves, g % 2 == 1,
                      0x5eed0000u + (uint64_t)plan[i].size * 100000u + (uint64_t)g, &st);
    ck_assert_int_eq(st.games, plan[i].games);
    ck_assert(st.captures > 0);
    if (plan[i].size >= 5 && plan[i].size <= 13) ck_assert(st.kos > 0);
    if (plan[i].size >= 5 && plan[i].size <= 19) ck_assert(st.snapbacks > 0);
    if (plan[i].size >= 5) ck_assert(st.eye_points > 0);
    printf("note: reference board: %ld games on %dx%d, %ld moves, %ld with captures, "
           "%ld ko points, %ld ended by two passes, %ld snapbacks queried, %ld eye-space points\n",
           st.games, plan[i].size, plan[i].size, st.moves, st.captures, st.kos,
           st.two_pass_ends, st.snapbacks, st.eye_points);
    fflush(stdout);
}
END_TEST

START_TEST(test_plan_total)
{
    long n = 0;
    for (size_t i = 0; i < sizeof plan / sizeof plan[0]; i++) n += plan[i].games;
    ck_assert_int_ge(n, 10000);
    printf("note: reference board: %ld lock-step games in total\n", n);
    fflush(stdout);
}
END_TEST

/* ---- fixed cases ---- */

START_TEST(test_geometry)
{
    for (int size = BOARD_MIN_SIZE; size <= BOARD_MAX_SIZE; size++) {
        struct board b;
        board_clear(&b, size);
        assert_consistent(&b);
        ck_assert_int_eq(b.n_empty, size * size);
        ck_assert_int_le(b.geom->points, BOARD_MAX_POINTS);
        for (int x = 0; x < size; x++)
            for (int y = 0; y < size; y++) {
                point p = board_point(&b, x, y);
                ck_assert(board_on(&b, p));
                ck_assert_int_eq(board_x(&b, p), x);
                ck_assert_int_eq(board_y(&b, p), y);
            }
        /* The coordinate tables give the arithmetic's values everywhere,
         * the border and past the size's points included. */
        int st = b.geom->stride;
        for (point p = -3; p < BOARD_MAX_POINTS + 3; p++) {
            ck_assert_int_eq(board_x(&b, p), p % st - 1);
            ck_assert_int_eq(board_y(&b, p), p / st - 1);
        }
        ck_assert_int_eq(board_x(&b, board_point(&b, 0, 0) - 1), -1);
        ck_assert_int_eq(board_y(&b, board_point(&b, 0, size - 1) + st), size);
        ck_assert(!board_on(&b, 0));
        ck_assert(!board_on(&b, PASS));
        ck_assert(!board_on(&b, board_point(&b, size, 0)));
    }
}
END_TEST

/* The Zobrist keys are fixed: pattern tables and opening books depend on it. */
START_TEST(test_hash_pinned)
{
    struct board b;
    board_clear(&b, 19);
    ck_assert(b.hash == 0);
    board_play(&b, BLACK, at(&b, "D4"));
    board_play(&b, WHITE, at(&b, "Q16"));
    board_play(&b, BLACK, at(&b, "K10"));
    ck_assert_msg(b.hash == 0xd1d82e0106a253daULL, "hash is 0x%016llxULL", (unsigned long long)b.hash);
    /* Keys belong to (x, y, colour): the same stones on 9x9 hash alike. */
    struct board s;
    board_clear(&s, 9);
    board_play(&s, BLACK, at(&s, "D4"));
    struct board t;
    board_clear(&t, 19);
    board_play(&t, BLACK, at(&t, "D4"));
    ck_assert(s.hash == t.hash);
    /* Keys are distinct and non-zero. */
    const struct board_geom *g = b.geom;
    for (int x = 0; x < 19; x++)
        for (int y = 0; y < 19; y++) {
            point p = board_point(&b, x, y);
            ck_assert(g->zobrist[p][0] != 0 && g->zobrist[p][1] != 0);
            ck_assert(g->zobrist[p][0] != g->zobrist[p][1]);
        }
}
END_TEST

START_TEST(test_capture_and_ko)
{
    static const char *const rows[] = {
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
        ". . . . .",
    };
    struct board b;
    draw(&b, 5, rows);
    assert_consistent(&b);
    /* Black C4 captures B4 and starts a ko. */
    ck_assert_int_eq(board_capture_count(&b, BLACK, at(&b, "C4")), 1);
    ck_assert_int_eq(board_play(&b, BLACK, at(&b, "C4")), 1);
    ck_assert_int_eq(b.color[at(&b, "B4")], EMPTY);
    ck_assert_int_eq(b.ko, at(&b, "B4"));
    ck_assert(!board_is_legal(&b, WHITE, at(&b, "B4")));
    ck_assert_int_eq(board_play(&b, WHITE, at(&b, "B4")), -1);
    assert_consistent(&b);
    /* After a ko threat elsewhere the retake is legal. */
    ck_assert_int_eq(board_play(&b, WHITE, at(&b, "E1")), 0);
    ck_assert_int_eq(board_play(&b, BLACK, at(&b, "E2")), 0);
    ck_assert(board_is_legal(&b, WHITE, at(&b, "B4")));
    ck_assert_int_eq(board_play(&b, WHITE, at(&b, "B4")), 1);
    ck_assert_int_eq(b.ko, at(&b, "C4"));
    ck_assert_int_eq(b.captures[BLACK], 1);
    ck_assert_int_eq(b.captures[WHITE], 1);
    assert_consistent(&b);
}
END_TEST

/* The corner of game 11 of the 19x19 strength run: Black's five stones
 * have two liberties, A1 and A2, and White kills with either, though each
 * is a lone stone in atari: capturing it leaves Black's six stones with
 * one liberty. With a third liberty (D1 empty) neither is a snapback. */
START_TEST(test_snapback)
{
    static const char *const rows[] = {
        ". . . . .",
        "O O . . .",
        "X X O . .",
        ". X O . .",
        ". X X O .",
    };
    struct board b;
    draw(&b, 5, rows);
    ck_assert(board_is_self_atari(&b, WHITE, at(&b, "A1")));
    ck_assert_int_eq(board_snapback_size(&b, WHITE, at(&b, "A1")), 6);
    ck_assert_int_eq(board_snapback_size(&b, WHITE, at(&b, "A2")), 6);
    ck_assert_int_eq(board_snapback_size(&b, BLACK, at(&b, "A1")), 0);  /* joins its string */
    ck_assert_int_eq(board_snapback_size(&b, WHITE, at(&b, "D2")), 0);  /* two liberties */
    ck_assert_int_eq(board_play(&b, WHITE, at(&b, "A1")), 0);
    ck_assert_int_eq(board_play(&b, BLACK, at(&b, "A2")), 1);
    ck_assert_int_eq(board_play(&b, WHITE, at(&b, "A1")), 6);
    static const char *const open[] = {
        ". . . . .",
        "O O . . .",
        "X X O . .",
        ". X O . .",
        ". X X . .",
    };
    draw(&b, 5, open);
    ck_assert(board_is_self_atari(&b, WHITE, at(&b, "A1")));
    ck_assert_int_eq(board_snapback_size(&b, WHITE, at(&b, "A1")), 0);
    ck_assert_int_eq(board_snapback_size(&b, WHITE, at(&b, "A2")), 0);
}
END_TEST

/* Self-atari that no nakade needs (the seki-safe playouts refuse it): by
 * the size and, for four or five stones, the shape of the string left in
 * atari. */
START_TEST(test_wasted_self_atari)
{
    /* Black at E4 makes a straight four with one liberty, E3: captured, it
     * is two eyes for White. Black at E3 instead makes no string of four. */
    static const char *const straight[] = {
        "O O O O O",
        "O X X X .",
        "O O O O .",
        ". . . . .",
        ". . . . .",
    };
    struct board b;
    draw(&b, 5, straight);
    ck_assert(board_is_self_atari(&b, BLACK, at(&b, "E4")));
    ck_assert(board_is_wasted_self_atari(&b, BLACK, at(&b, "E4"), 6));
    ck_assert(!board_is_big_self_atari(&b, BLACK, at(&b, "E4"), 6));
    ck_assert(!board_is_wasted_self_atari(&b, BLACK, at(&b, "E3"), 6));
    /* Black at C3 makes a square four with one liberty, D4: a nakade. */
    static const char *const square[] = {
        "O O O O .",
        "O X X . O",
        "O X . O .",
        "O O O O .",
        ". . . . .",
    };
    draw(&b, 5, square);
    ck_assert(board_is_self_atari(&b, BLACK, at(&b, "C3")));
    ck_assert(!board_is_wasted_self_atari(&b, BLACK, at(&b, "C3"), 6));
    /* Five: the bulky five (square and one) kills, the bent five does not. */
    static const char *const bulky[] = {
        "O O O O .",
        "O X X X .",
        "O X . O .",
        "O O O O .",
        ". . . . .",
    };
    draw(&b, 5, bulky);
    ck_assert(board_is_self_atari(&b, BLACK, at(&b, "C3")));
    ck_assert(!board_is_wasted_self_atari(&b, BLACK, at(&b, "C3"), 6));
    static const char *const bent[] = {
        "O O O O .",
        "O X X X O",
        "O . O X O",
        "O O O . O",
        ". . . O .",
    };
    draw(&b, 5, bent);
    ck_assert(board_is_self_atari(&b, BLACK, at(&b, "B3")));
    ck_assert(board_is_wasted_self_atari(&b, BLACK, at(&b, "B3"), 6));
    ck_assert(board_is_wasted_self_atari(&b, BLACK, at(&b, "D2"), 6));
    /* At min_stones or more stones, refused by the count alone (4 here:
     * then the straight four is refused as a big string too); three stones
     * never, whatever their shape. */
    draw(&b, 5, straight);
    ck_assert(board_is_wasted_self_atari(&b, BLACK, at(&b, "E4"), 4));
    draw(&b, 5, (const char *const[]){
        "O O O O O",
        "O X X . O",
        "O O O . O",
        ". . . O .",
        ". . . . .",
    });
    ck_assert(board_is_self_atari(&b, BLACK, at(&b, "D4")));
    ck_assert(!board_is_wasted_self_atari(&b, BLACK, at(&b, "D4"), 6));
}
END_TEST

/* The bent four kills with its bend on the corner point only: Black's E2
 * (a seki's shared liberty) leaves C1-E1-E2, which White's capture at B1
 * turns into a bent four whose vital point D1 Black plays next. With the
 * bend at D1, on the edge, White's stone at D1 would touch E1 and the wall:
 * two eyes, so D2 gives four stones away for nothing. */
START_TEST(test_bent_four_in_the_corner)
{
    static const char *const corner[] = {
        "O O O O O",
        "O O O O O",
        "O O O O O",
        "O O O O .",
        "O . X X X",
    };
    struct board b;
    draw(&b, 5, corner);
    ck_assert(board_is_self_atari(&b, BLACK, at(&b, "E2")));
    ck_assert(!board_is_wasted_self_atari(&b, BLACK, at(&b, "E2"), 6));
    point bent[4] = { at(&b, "C1"), at(&b, "D1"), at(&b, "E1"), at(&b, "E2") };
    ck_assert_int_eq(board_nakade_vital(&b, bent, 4), at(&b, "D1"));
    ck_assert(board_is_nakade_shape(&b, bent, 4));
    static const char *const edge[] = {
        "O O O O O",
        "O O O O O",
        "O O O O O",
        "O O O . O",
        "O X X X .",
    };
    draw(&b, 5, edge);
    ck_assert(board_is_self_atari(&b, BLACK, at(&b, "D2")));
    ck_assert(board_is_wasted_self_atari(&b, BLACK, at(&b, "D2"), 6));
    point open[4] = { at(&b, "B1"), at(&b, "C1"), at(&b, "D1"), at(&b, "D2") };
    ck_assert_int_eq(board_nakade_vital(&b, open, 4), 0);
    ck_assert(!board_is_nakade_shape(&b, open, 4));
    /* The straight four along the edge from the corner: two eyes. */
    point straight[4] = { at(&b, "B1"), at(&b, "C1"), at(&b, "D1"), at(&b, "E1") };
    ck_assert_int_eq(board_nakade_vital(&b, straight, 4), 0);
}
END_TEST

START_TEST(test_suicide)
{
    static const char *const rows[] = {
        ". X . . .",
        "X . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
    };
    struct board b;
    draw(&b, 5, rows);
    ck_assert(!board_is_legal(&b, WHITE, at(&b, "A5")));
    ck_assert_int_eq(board_play(&b, WHITE, at(&b, "A5")), -1);
    ck_assert(board_is_legal(&b, BLACK, at(&b, "A5")));
    ck_assert(board_is_eyelike(&b, BLACK, at(&b, "A5")));
    ck_assert(!board_is_eyelike(&b, WHITE, at(&b, "A5")));
    /* Multi-stone suicide is illegal too. */
    static const char *const rows2[] = {
        ". O X . .",
        "O X . . .",
        "X . . . .",
        ". . . . .",
        ". . . . .",
    };
    draw(&b, 5, rows2);
    ck_assert(board_is_legal(&b, BLACK, at(&b, "A5")));  /* captures */
    ck_assert(!board_is_legal(&b, WHITE, at(&b, "A5"))); /* suicide of three */
    ck_assert(board_is_self_atari(&b, WHITE, at(&b, "C3")) == false);
    ck_assert(!board_is_legal(&b, BLACK, PASS - 5));
    ck_assert(!board_is_legal(&b, BLACK, 0));
    ck_assert(board_is_legal(&b, BLACK, PASS));
    /* Queries on points that are not empty vertices answer harmlessly. */
    point bad[] = { PASS, RESIGN, 0, 1, b.geom->points - 1, b.geom->points, 100000 };
    point out[4];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(board_capture_count(&b, BLACK, bad[i]), 0);
        ck_assert(!board_is_self_atari(&b, BLACK, bad[i]));
        ck_assert(!board_is_eyelike(&b, BLACK, bad[i]));
        ck_assert_int_eq(board_string_libs(&b, bad[i], out, 4), 0);
        ck_assert(board_hash_after(&b, BLACK, bad[i]) == b.hash);
        ck_assert_int_eq(board_play(&b, BLACK, bad[i] == PASS ? RESIGN : bad[i]), -1);
    }
    ck_assert_int_eq(board_play(&b, EMPTY, at(&b, "E1")), -1);
    ck_assert_int_eq(board_play(&b, OFFBOARD, at(&b, "E1")), -1);
}
END_TEST

START_TEST(test_score)
{
    static const char *const rows[] = {
        ". X O . .",
        "X X O . .",
        "O X O O O",
        ". X X O .",
        ". X . O .",
    };
    struct board b;
    draw(&b, 5, rows);
    /* Black: 7 stones + A5 = 8. White: 8 stones + D5 E5 D4 E4 + E2 E1 = 14.
     * A2-A1 and C1 touch both colours: dame. */
    ck_assert(board_score_area(&b, 0.0) == 8 - 14);
    ck_assert(board_score_area(&b, 7.5) == 8 - 14 - 7.5);
    uint8_t dead[BOARD_MAX_POINTS] = { 0 };
    dead[at(&b, "A3")] = 1;
    uint8_t owner[BOARD_MAX_POINTS];
    /* With A3 dead, A3-A1 become black: 7 + 1 + 3 = 11 v 7 + 6 = 13. */
    ck_assert(board_area_owner_dead(&b, dead, 0.5, owner) == 11 - 13 - 0.5);
    ck_assert_int_eq(owner[at(&b, "C1")], EMPTY);
    ck_assert_int_eq(owner[at(&b, "A3")], BLACK);
    ck_assert_int_eq(owner[at(&b, "D5")], WHITE);
    ck_assert_int_eq(owner[0], OFFBOARD);
}
END_TEST

/* GTP 4.1.1: the expected lists are the spec's table for 19x19 and its rules
 * for other sizes (3rd line below 13x13, 4th line from 13x13 up). */
static void expect_handicap(int size, int n, const char *want)
{
    struct board b;
    board_clear(&b, size);
    point pts[9];
    int k = board_fixed_handicap(&b, n, pts);
    char got[128] = "";
    static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    for (int i = 0; i < k; i++) {
        char v[16];
        snprintf(v, sizeof v, "%s%c%d", i ? " " : "", letters[board_x(&b, pts[i])],
                 board_y(&b, pts[i]) + 1);
        strcat(got, v);
    }
    ck_assert_msg(strcmp(got, want) == 0, "%dx%d handicap %d: got '%s', want '%s'",
                  size, size, n, got, want);
}

START_TEST(test_handicap)
{
    expect_handicap(19, 2, "D4 Q16");
    expect_handicap(19, 3, "D4 Q16 D16");
    expect_handicap(19, 4, "D4 Q16 D16 Q4");
    expect_handicap(19, 5, "D4 Q16 D16 Q4 K10");
    expect_handicap(19, 6, "D4 Q16 D16 Q4 D10 Q10");
    expect_handicap(19, 7, "D4 Q16 D16 Q4 D10 Q10 K10");
    expect_handicap(19, 8, "D4 Q16 D16 Q4 D10 Q10 K4 K16");
    expect_handicap(19, 9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
    expect_handicap(19, 10, "");
    expect_handicap(19, 1, "");
    expect_handicap(19, 0, "");
    expect_handicap(13, 5, "D4 K10 D10 K4 G7");
    expect_handicap(9, 2, "C3 G7");
    expect_handicap(9, 9, "C3 G7 C7 G3 C5 G5 E3 E7 E5");
    expect_handicap(25, 4, "D4 W22 D22 W4");
    expect_handicap(25, 9, "D4 W22 D22 W4 D13 W13 N4 N22 N13");
    /* 7x7 allows four, even sizes four, below 7 none. */
    expect_handicap(7, 4, "C3 E5 C5 E3");
    expect_handicap(7, 5, "");
    expect_handicap(8, 4, "C3 F6 C6 F3");
    expect_handicap(8, 5, "");
    expect_handicap(10, 4, "C3 H8 C8 H3");
    expect_handicap(10, 5, "");
    expect_handicap(6, 2, "");
    expect_handicap(2, 2, "");
}
END_TEST

START_TEST(test_setup_refusals)
{
    struct board b;
    board_clear(&b, 3);
    ck_assert(board_setup_stone(&b, BLACK, board_point(&b, 0, 1)));
    ck_assert(board_setup_stone(&b, BLACK, board_point(&b, 1, 0)));
    /* White in the corner would have no liberty. */
    ck_assert(!board_setup_stone(&b, WHITE, board_point(&b, 0, 0)));
    /* Occupied. */
    ck_assert(!board_setup_stone(&b, WHITE, board_point(&b, 1, 0)));
    ck_assert(!board_setup_stone(&b, EMPTY, board_point(&b, 2, 2)));
    assert_consistent(&b);
    ck_assert_int_eq(b.to_move, BLACK);
}
END_TEST

/* bigtable_alloc: zeroed, usable to its last byte, at a 2 MB boundary when
 * large (so that a huge page can back it), below and above the threshold. */
START_TEST(test_bigtable_alloc)
{
    static const size_t sizes[] = { 1, 4096, (256 << 10) - 1, 256 << 10, (3 << 20) + 7 };
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        size_t n = sizes[i];
        unsigned char *p = bigtable_alloc(n);
        ck_assert_ptr_nonnull(p);
        size_t nonzero = 0;
        for (size_t k = 0; k < n; k++)
            nonzero += p[k] != 0;
        ck_assert_uint_eq(nonzero, 0);
        memset(p, 0xA5, n);
        ck_assert_int_eq(p[n - 1], 0xA5);
        if (n >= (256 << 10))
            ck_assert_uint_eq((uintptr_t)p % (2u << 20), 0);
        free(p);
    }
}
END_TEST

static Suite *board_suite(void)
{
    Suite *s = suite_create("board");
    TCase *tc = tcase_create("fixed");
    tcase_add_test(tc, test_geometry);
    tcase_add_test(tc, test_bigtable_alloc);
    tcase_add_test(tc, test_hash_pinned);
    tcase_add_test(tc, test_capture_and_ko);
    tcase_add_test(tc, test_snapback);
    tcase_add_test(tc, test_wasted_self_atari);
    tcase_add_test(tc, test_bent_four_in_the_corner);
    tcase_add_test(tc, test_suicide);
    tcase_add_test(tc, test_score);
    tcase_add_test(tc, test_handicap);
    tcase_add_test(tc, test_setup_refusals);
    suite_add_tcase(s, tc);
    TCase *ls = tcase_create("lockstep");
    tcase_set_tags(ls, "slow");         /* make check-fast leaves it out */
    tcase_set_timeout(ls, 900);
    tcase_add_test(ls, test_plan_total);
    tcase_add_loop_test(ls, test_lockstep, 0, (int)(sizeof plan / sizeof plan[0]));
    suite_add_tcase(s, ls);
    return s;
}

int main(void)
{
    board_init();
    SRunner *sr = srunner_create(board_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
