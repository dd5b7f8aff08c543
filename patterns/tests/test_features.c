/* test_features — move features on hand-made positions, canonicalisation of
 * patterns under symmetry and colour swap, gamma tables in and out of JSON. */
#include "patterns/features.h"
#include "patterns/gammas.h"

#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Sets up a board from rows drawn top (y = size - 1) to bottom: X black,
 * O white, . empty. Black to move. */
static void draw(struct board *b, int size, const char *const rows[])
{
    board_clear(b, size);
    for (int r = 0; r < size; r++) {
        int y = size - 1 - r;
        ck_assert_int_eq((int)strlen(rows[r]), size);
        for (int x = 0; x < size; x++) {
            char c = rows[r][x];
            if (c == 'X' || c == 'O')
                ck_assert(board_setup_stone(b, c == 'X' ? BLACK : WHITE, board_point(b, x, y)));
        }
    }
}

static pat_vec feat(const struct board *b, enum color c, int x, int y)
{
    return pat_move_features(b, c, board_point(b, x, y), NULL);
}

static void setup(void)
{
    pat_init();
}

START_TEST(capture_values)
{
    struct board b;
    /* O at c1 is in atari (liberty c2) and X at b1 too (liberty b2); White's
     * last move is a1, next to X b1. */
    static const char *const rows[] = {
        ".........", ".........", ".........", ".........", ".........",
        ".........", ".........", ".........", ".X.X.....",
    };
    static const char *const rows2[] = {
        ".........", ".........", ".........", ".........", ".........",
        ".........", ".........", ".........", ".XOX.....",
    };
    draw(&b, 9, rows2);
    ck_assert_int_ge(board_play(&b, WHITE, board_point(&b, 0, 0)), 0);
    /* capturing c1 saves b1 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 2, 1), PAT_F_CAPTURE), 1);
    /* capturing a1 (the previous move) also saves b1: saving ranks first */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 0, 1), PAT_F_CAPTURE), 1);
    /* extending b1 to b2: atari made by the previous move, 3 liberties after */
    pat_vec e = feat(&b, BLACK, 1, 1);
    ck_assert_uint_eq(pat_get(e, PAT_F_EXTEND), 1);
    ck_assert_uint_eq(pat_get(e, PAT_F_CAPTURE), 0);
    ck_assert_uint_eq(pat_get(e, PAT_F_SELFATARI), 0);
    /* libs: no opponent neighbour, own neighbour with 1 liberty, 3 after */
    ck_assert_uint_eq(pat_get(e, PAT_F_LIBS), 1 + (0 * 5 + 1) * 4 + 2);
    /* c2 captures: opponent neighbour O c1 with 1 liberty, no own neighbour,
     * 3 empty neighbours + the captured point = 4 liberties */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 2, 1), PAT_F_LIBS), 1 + (1 * 5 + 0) * 4 + 3);

    /* Re-capture: White plays c1 into atari; Black takes it back. */
    draw(&b, 9, rows);
    ck_assert_int_ge(board_play(&b, WHITE, board_point(&b, 2, 0)), 0);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 2, 1), PAT_F_CAPTURE), 2);

    /* Other capture: the previous move far away. */
    draw(&b, 9, rows2);
    ck_assert_int_ge(board_play(&b, WHITE, board_point(&b, 8, 8)), 0);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 2, 1), PAT_F_CAPTURE), 4);
    /* a quiet move has no tactical feature */
    pat_vec q = feat(&b, BLACK, 5, 5);
    ck_assert_uint_eq(pat_get(q, PAT_F_CAPTURE) | pat_get(q, PAT_F_ATARI)
                      | pat_get(q, PAT_F_EXTEND) | pat_get(q, PAT_F_SELFATARI), 0);
}
END_TEST

START_TEST(prevent_connection)
{
    struct board b;
    /* O at e5 in atari (liberty e4); White just played d4 next to e4. */
    static const char *const rows[] = {
        ".........", ".........", ".........", "...XX....", "...XOX...",
        ".........", ".........", ".........", ".........",
    };
    draw(&b, 9, rows);
    ck_assert_int_ge(board_play(&b, WHITE, board_point(&b, 3, 3)), 0);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 4, 3), PAT_F_CAPTURE), 3);
}
END_TEST

START_TEST(atari_and_selfatari)
{
    struct board b;
    static const char *const rows[] = {
        ".........",
        "......X..",   /* g8 */
        "......OX.",   /* O g7 has liberties f7, g6 */
        ".........",
        "....O....",   /* e5 */
        "...O.O...",   /* d4, f4 */
        ".........",
        ".........",
        ".........",
    };
    draw(&b, 9, rows);
    pat_vec a = feat(&b, BLACK, 5, 6);        /* f7 */
    ck_assert_uint_eq(pat_get(a, PAT_F_ATARI), 3);   /* g6 escapes: no ladder */
    ck_assert_uint_eq(pat_get(a, PAT_F_SELFATARI), 0);
    pat_vec s = feat(&b, BLACK, 4, 3);        /* e4: only e3 is left */
    ck_assert_uint_eq(pat_get(s, PAT_F_SELFATARI), 1);
    ck_assert_uint_eq(pat_get(s, PAT_F_ATARI), 0);
    /* For White, e4 is an ordinary move. */
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 4, 3), PAT_F_SELFATARI), 0);

    /* A string of three stones walking into atari is the "big" self-atari. */
    static const char *const rows2[] = {
        ".........", ".........", ".........", "...O.O...", "...OXO...",
        "...OXO...", "...O.O...", "....O....", ".........",
    };
    draw(&b, 9, rows2);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 4, 2), PAT_F_SELFATARI), 2);
    /* ... but not at the top end, which keeps 2 liberties (e3 and e7). */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 4, 5), PAT_F_SELFATARI), 0);
}
END_TEST

/* A snapback is rated as the capture it forces, not as a self-atari: the
 * corner of board_snapback_size's test, White to kill at A1 or A2. The
 * playouts' cheap view (no_snapback) keeps the self-atari. */
START_TEST(snapback_is_a_capture)
{
    struct board b;
    static const char *const rows[] = {
        ".........", ".........", ".........", ".........", ".........",
        "OO.......", "XXO......", ".XO......", ".XXO.....",
    };
    draw(&b, 9, rows);
    pat_vec a1 = feat(&b, WHITE, 0, 0);
    ck_assert_uint_eq(pat_get(a1, PAT_F_CAPTURE), 4);
    ck_assert_uint_eq(pat_get(a1, PAT_F_SELFATARI), 0);
    ck_assert_uint_eq(pat_get(a1, PAT_F_ATARI), 3);
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 0, 1), PAT_F_CAPTURE), 4);   /* a2 */
    struct pat_opts cheap = { .no_ladder = true, .no_snapback = true };
    pat_vec c = pat_move_features(&b, WHITE, board_point(&b, 0, 0), &cheap);
    ck_assert_uint_eq(pat_get(c, PAT_F_CAPTURE), 0);
    ck_assert_uint_eq(pat_get(c, PAT_F_SELFATARI), 1);
    /* With a third liberty at d1 the throw-in is an ordinary self-atari. */
    static const char *const open[] = {
        ".........", ".........", ".........", ".........", ".........",
        "OO.......", "XXO......", ".XO......", ".XX......",
    };
    draw(&b, 9, open);
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 0, 0), PAT_F_CAPTURE), 0);
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 0, 0), PAT_F_SELFATARI), 1);
}
END_TEST

START_TEST(ladders)
{
    struct board b;
    static const char *const rows[] = {
        ".........", ".........", ".........", "....X....", "...XO....",
        ".....X...", ".........", ".........", ".........",
    };
    /* e4 ataris e5 into a ladder running to the upper right edge */
    draw(&b, 9, rows);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 4, 3), PAT_F_ATARI), 1);
    struct pat_opts cheap = { .no_ladder = true };
    ck_assert_uint_eq(pat_get(pat_move_features(&b, BLACK, board_point(&b, 4, 3), &cheap),
                              PAT_F_ATARI), 3);
    ck_assert_int_ge(board_play(&b, BLACK, board_point(&b, 4, 3)), 0);
    /* White's escape at f5 leaves two liberties and the ladder still works */
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 5, 4), PAT_F_EXTEND), 5);

    /* A white ladder breaker at h8 turns both around. */
    static const char *const rows2[] = {
        ".........", ".......O.", ".........", "....X....", "...XO....",
        ".....X...", ".........", ".........", ".........",
    };
    draw(&b, 9, rows2);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 4, 3), PAT_F_ATARI), 3);
    ck_assert_int_ge(board_play(&b, BLACK, board_point(&b, 4, 3)), 0);
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 5, 4), PAT_F_EXTEND), 2);
}
END_TEST

START_TEST(distances_and_edge)
{
    struct board b;
    board_clear(&b, 9);
    ck_assert_int_ge(board_play(&b, BLACK, board_point(&b, 2, 2)), 0);
    ck_assert_int_ge(board_play(&b, WHITE, board_point(&b, 6, 3)), 0);
    pat_vec v = feat(&b, BLACK, 4, 4);
    ck_assert_uint_eq(pat_get(v, PAT_F_DIST1), 4);   /* 2 + 1 + 2 = 5 */
    ck_assert_uint_eq(pat_get(v, PAT_F_DIST2), 5);   /* 2 + 2 + 2 = 6 */
    ck_assert_uint_eq(pat_get(v, PAT_F_EDGE), 0);    /* line 5 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 7, 3), PAT_F_DIST1), 1);   /* d = 2 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 7, 4), PAT_F_DIST1), 2);   /* d = 3 */
    v = feat(&b, BLACK, 0, 8);
    ck_assert_uint_eq(pat_get(v, PAT_F_EDGE), 1);
    ck_assert_uint_eq(pat_get(v, PAT_F_DIST1), 15);  /* 6 + 5 + 6 = 17: "16 or more" */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 1, 3), PAT_F_EDGE), 2);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 2, 5), PAT_F_EDGE), 3);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 3, 5), PAT_F_EDGE), 0);
    /* near: Black c3 (d = 4) and White g4 (d = 3 + 1 + 3 = 7) around d5 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 3, 4), PAT_F_NEAR), 1 + 1 * 5 + 1);
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 3, 4), PAT_F_NEAR), 1 + 1 * 5 + 1);
    /* a9: c3 is at d = 2 + 6 + 6 = 14, g4 further: nothing near */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 0, 8), PAT_F_NEAR), 1);
    ck_assert_int_eq(pat_distance(&b, board_point(&b, 0, 0), board_point(&b, 3, 1)), 7);
    /* pass */
    ck_assert_uint_eq(pat_get(pat_move_features(&b, BLACK, PASS, NULL), PAT_F_PASS), 1);
    ck_assert_int_ge(board_play(&b, BLACK, PASS), 0);
    ck_assert_uint_eq(pat_get(pat_move_features(&b, WHITE, PASS, NULL), PAT_F_PASS), 2);
    /* after a pass there is no distance to the previous move */
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 4, 4), PAT_F_DIST1), 0);
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 4, 4), PAT_F_DIST2), 4);
    /* disabled features stay 0 */
    struct pat_opts o = { .disabled = 1u << PAT_F_DIST2 | 1u << PAT_F_EDGE };
    v = pat_move_features(&b, WHITE, board_point(&b, 0, 4), &o);
    ck_assert_uint_eq(pat_get(v, PAT_F_DIST2) | pat_get(v, PAT_F_EDGE), 0);
    ck_assert_uint_ne(pat_get(v, PAT_F_PAT3), 0);
}
END_TEST

/* reach: Manhattan distance to the nearest own and opponent stones, seen
 * from the mover, 7 for 7-8 away and 8 for none within 8. */
START_TEST(reach_values)
{
    struct board b;
    board_clear(&b, 19);
    /* empty board: neither colour within 8 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 9, 9), PAT_F_REACH), 1 + 7 * 8 + 7);
    ck_assert_int_ge(board_play(&b, BLACK, board_point(&b, 3, 3)), 0);    /* d4 */
    ck_assert_int_ge(board_play(&b, WHITE, board_point(&b, 15, 3)), 0);   /* q4 */
    /* k4 (9, 3): d4 is 6 away, q4 6 away */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 9, 3), PAT_F_REACH), 1 + 5 * 8 + 5);
    /* h4 (7, 3): own d4 at 4, q4 at 8 (bucket 7); White sees them swapped */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 7, 3), PAT_F_REACH), 1 + 3 * 8 + 6);
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 7, 3), PAT_F_REACH), 1 + 6 * 8 + 3);
    /* f3 (5, 2): d4 at 2 + 1 = 3; q4 is 11 away: none within 8 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 5, 2), PAT_F_REACH), 1 + 2 * 8 + 7);
    /* d5 touches d4 (1); q4 is 12 + 1 away */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 3, 4), PAT_F_REACH), 1 + 0 * 8 + 7);
    /* the board edge cuts the rings: a1 (0, 0) sees d4 at 6 */
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 0, 0), PAT_F_REACH), 1 + 7 * 8 + 5);
    /* a disabled reach stays 0 */
    struct pat_opts o = { .disabled = 1u << PAT_F_REACH };
    pat_vec v = pat_move_features(&b, BLACK, board_point(&b, 9, 3), &o);
    ck_assert_uint_eq(pat_get(v, PAT_F_REACH), 0);
    ck_assert_uint_ne(pat_get(v, PAT_F_AREA), 0);
    /* the field sits above weak and does not disturb it */
    pat_vec w = pat_set(pat_set(0, PAT_F_WEAK, 25), PAT_F_REACH, 64);
    ck_assert_uint_eq(pat_get(w, PAT_F_WEAK), 25);
    ck_assert_uint_eq(pat_get(w, PAT_F_REACH), 64);
}
END_TEST

/* stage: line (1..5+) and stones on the board scaled to 19x19. */
START_TEST(stage_values)
{
    struct board b;
    board_clear(&b, 19);
    /* empty board: stage 0; c3 is on line 3, k10 counts as line 5+ */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 2, 2), PAT_F_STAGE), 1 + 0 * 5 + 2);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 9, 9), PAT_F_STAGE), 1 + 0 * 5 + 4);
    /* 16 stones on the first two lines of the top: stage 1 (16..39) */
    for (int x = 0; x < 8; x++) {
        ck_assert_int_ge(board_play(&b, BLACK, board_point(&b, x, 18)), 0);
        ck_assert_int_ge(board_play(&b, WHITE, board_point(&b, x, 17)), 0);
    }
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 0, 5), PAT_F_STAGE), 1 + 1 * 5 + 0);
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 15, 3), PAT_F_STAGE), 1 + 1 * 5 + 3);
    /* one stone less is stage 0 again: the bucket edge is at 16 */
    struct board c;
    board_clear(&c, 19);
    for (int x = 0; x < 15; x++)
        ck_assert_int_ge(board_play(&c, x % 2 ? WHITE : BLACK, board_point(&c, x, 10)), 0);
    ck_assert_uint_eq(pat_get(feat(&c, BLACK, 3, 3), PAT_F_STAGE), 1 + 0 * 5 + 3);
    /* on 9x9 the count is scaled: 4 stones of 81 are 17 of 361, stage 1 */
    board_clear(&c, 9);
    for (int x = 0; x < 4; x++)
        ck_assert_int_ge(board_play(&c, x % 2 ? WHITE : BLACK, board_point(&c, x, 0)), 0);
    ck_assert_uint_eq(pat_get(feat(&c, BLACK, 4, 4), PAT_F_STAGE), 1 + 1 * 5 + 4);
}
END_TEST

/* dist3/dist4 follow the 3rd and 4th moves back; area combines the line with
 * the Manhattan distance to the nearest stone. */
START_TEST(older_moves_and_area)
{
    struct board b;
    board_clear(&b, 19);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 3, 3), PAT_F_DIST3), 0);   /* no moves yet */
    /* area on an empty board: line 4, no stone within 4 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 3, 3), PAT_F_AREA), 1 + 3 * 5 + 4);
    ck_assert_int_ge(board_play(&b, BLACK, board_point(&b, 3, 3)), 0);    /* d4: 4th back */
    ck_assert_int_ge(board_play(&b, WHITE, board_point(&b, 15, 15)), 0);  /* q16: 3rd back */
    ck_assert_int_ge(board_play(&b, BLACK, board_point(&b, 15, 3)), 0);   /* q4 */
    ck_assert_int_ge(board_play(&b, WHITE, board_point(&b, 3, 15)), 0);   /* d16: last */
    pat_vec v = feat(&b, BLACK, 5, 2);   /* f3 */
    ck_assert_uint_eq(pat_get(v, PAT_F_DIST4), 4);   /* from d4: 2 + 1 + 2 = 5 */
    ck_assert_uint_eq(pat_get(v, PAT_F_DIST3), 15);  /* q16 is far */
    ck_assert_uint_eq(pat_get(v, PAT_F_DIST2), 15);  /* q4: 10 + 1 + 10 */
    /* f3: line 3, d4 at Manhattan 2 + 1 = 3 */
    ck_assert_uint_eq(pat_get(v, PAT_F_AREA), 1 + 2 * 5 + 2);
    ck_assert_uint_eq(pat_get(feat(&b, WHITE, 16, 15), PAT_F_DIST3), 1);  /* next to q16 */
    /* touching d4 on the 4th line, and the tengen point with nothing within 4 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 4, 3), PAT_F_AREA), 1 + 3 * 5 + 0);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 9, 9), PAT_F_AREA), 1 + 4 * 5 + 4);
    /* a4: first line, Manhattan 3 from d4 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 0, 3), PAT_F_AREA), 1 + 0 * 5 + 2);
    /* the fields above bit 64 are independent of the low ones */
    pat_vec w = pat_set(pat_set(0, PAT_F_AREA, 25), PAT_F_LARGE, (unsigned)PAT_LARGE_MAX);
    ck_assert_uint_eq(pat_get(w, PAT_F_AREA), 25);
    ck_assert_uint_eq(pat_get(w, PAT_F_LARGE), PAT_LARGE_MAX);
    ck_assert_uint_eq(pat_get(w, PAT_F_DIST3), 0);
    /* weak: next to d16 (4 liberties) and q16; d4 is 2 away from f4 and d6 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 5, 3), PAT_F_WEAK), 1 + 4 * 5 + 0);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 3, 16), PAT_F_WEAK), 1 + 0 * 5 + 4);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 6, 3), PAT_F_WEAK), 1);   /* d4 is 3 away */
    ck_assert_int_ge(board_play(&b, BLACK, board_point(&b, 3, 14)), 0);  /* d15 */
    ck_assert_int_ge(board_play(&b, WHITE, board_point(&b, 9, 9)), 0);
    /* d16 now has 3 liberties; d15 (own, 3 liberties) is 2 away from d13 */
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 3, 12), PAT_F_WEAK), 1 + 3 * 5 + 0);
    ck_assert_uint_eq(pat_get(feat(&b, BLACK, 4, 15), PAT_F_WEAK), 1 + 3 * 5 + 3);
    struct pat_opts o = { .disabled = 1u << PAT_F_DIST4 | 1u << PAT_F_AREA };
    v = pat_move_features(&b, BLACK, board_point(&b, 5, 2), &o);
    ck_assert_uint_eq(pat_get(v, PAT_F_DIST4) | pat_get(v, PAT_F_AREA), 0);
    ck_assert_uint_eq(pat_get(v, PAT_F_DIST3), 15);
}
END_TEST

/* xorshift for random games */
static uint64_t rs = 88172645463325252ull;
static unsigned rnd(unsigned n)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return (unsigned)(rs % n);
}

static void sym_xy(int t, int size, int x, int y, int *ox, int *oy)
{
    if (t & 1) x = size - 1 - x;
    if (t & 2) y = size - 1 - y;
    if (t & 4) { int s = x; x = y; y = s; }
    *ox = x;
    *oy = y;
}

START_TEST(symmetry_and_colour_swap)
{
    const int size = 11;
    for (int game = 0; game < 6; game++) {
        /* a random game, then its 8 images and its colour-swapped copy */
        int mx[120], my[120], n = 0;
        struct board b;
        board_clear(&b, size);
        enum color c = BLACK;
        while (n < 40 + game * 12) {
            int x = (int)rnd((unsigned)size), y = (int)rnd((unsigned)size);
            point p = board_point(&b, x, y);
            if (!board_is_legal(&b, c, p))
                continue;
            board_play(&b, c, p);
            mx[n] = x;
            my[n] = y;
            n++;
            c = color_other(c);
        }
        for (int t = 0; t < 9; t++) {
            /* t == 8: the same moves with colours swapped */
            struct board s;
            board_clear(&s, size);
            enum color sc = t == 8 ? WHITE : BLACK;
            for (int i = 0; i < n; i++) {
                int x = mx[i], y = my[i];
                if (t < 8)
                    sym_xy(t, size, mx[i], my[i], &x, &y);
                ck_assert_int_ge(board_play(&s, sc, board_point(&s, x, y)), 0);
                sc = color_other(sc);
            }
            for (int y = 0; y < size; y++)
                for (int x = 0; x < size; x++) {
                    point p = board_point(&b, x, y);
                    if (b.color[p] != EMPTY || !board_is_legal(&b, c, p))
                        continue;
                    int tx = x, ty = y;
                    if (t < 8)
                        sym_xy(t, size, x, y, &tx, &ty);
                    point q = board_point(&s, tx, ty);
                    enum color qc = t == 8 ? color_other(c) : c;
                    pat_vec v = pat_move_features(&b, c, p, NULL);
                    pat_vec w = pat_move_features(&s, qc, q, NULL);
                    ck_assert_msg(v == w, "game %d sym %d at %d,%d: %llx vs %llx", game, t,
                                  x, y, (unsigned long long)v, (unsigned long long)w);
                    uint64_t h1[PAT_LARGE_NSIZES], h2[PAT_LARGE_NSIZES];
                    pat_large_hashes(&b, c, p, h1);
                    pat_large_hashes(&s, qc, q, h2);
                    ck_assert(memcmp(h1, h2, sizeof h1) == 0);
                    ck_assert_uint_eq(pat3_raw_from_nbr(&b, c, p), pat3_raw(&b, c, p));
                    /* sizes are told apart */
                    ck_assert(h1[0] != h1[1]);
                }
        }
    }
}
END_TEST

/* pat_large_match (incremental, stops at the first unknown size) agrees with
 * hashing every size and taking the largest known one, on a dictionary cut by
 * a count of played moves as the trainer makes it. */
/* pat_large_match, reading the position's maps, against pat_large_hashes +
 * look-ups (which read the board) on an N x N board with `c` to move. */
static void large_match_on(int N, enum color c)
{
    struct board b;
    board_clear(&b, N);
    struct pat_gammas *t = pat_gammas_new();
    for (int n = 0; n < N * N * 2 / 5;) {
        point p = board_point(&b, (int)rnd((unsigned)N), (int)rnd((unsigned)N));
        if (!board_is_legal(&b, c, p))
            continue;
        board_play(&b, c, p);
        c = color_other(c);
        n++;
    }
    /* the dictionary: the first few sizes around some of the empty points, as
     * a count threshold would leave them (a size implies all smaller ones) */
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            point p = board_point(&b, x, y);
            if (b.color[p] != EMPTY || rnd(2))
                continue;
            uint64_t h[PAT_LARGE_NSIZES];
            pat_large_hashes(&b, c, p, h);
            int keep = (int)rnd(PAT_LARGE_NSIZES + 1);
            for (int s = 0; s < keep; s++)
                pat_gammas_large_add(t, h[s], s);
        }
    struct pat_maps m;
    pat_maps_init(&m, &b);
    int hits = 0;
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            point p = board_point(&b, x, y);
            if (b.color[p] != EMPTY)
                continue;
            uint64_t h[PAT_LARGE_NSIZES];
            pat_large_hashes(&b, c, p, h);
            uint32_t want = 0;
            for (int s = 0; s < PAT_LARGE_NSIZES; s++) {
                uint32_t v = pat_gammas_large_find(t, h[s]);
                if (!v)
                    break;
                want = v;
            }
            uint32_t got = pat_large_match(&b, &m, c, p, pat_gammas_large_find, t);
            ck_assert_uint_eq(got, want);
            hits += got != 0;
        }
    ck_assert_int_gt(hits, 0);   /* the test saw some known patterns */
    pat_gammas_free(t);
}

START_TEST(large_match_agrees)
{
    /* Several sizes, so the diamonds are cut by the edges in every way
     * (pat_large_match adds the off-board points from per-size tables). */
    large_match_on(13, BLACK);
    large_match_on(5, WHITE);
    large_match_on(9, BLACK);
    large_match_on(19, WHITE);
}
END_TEST

START_TEST(pat3_tables)
{
    int n = pat3_classes();
    ck_assert_int_gt(n, 1000);
    ck_assert_int_lt(n, 1 << pat_bits[PAT_F_PAT3]);   /* fits the pat3 bit field */
    for (int cls = 0; cls < n; cls++) {
        uint32_t raw = pat3_class_code(cls);
        ck_assert_uint_eq(pat3_canonical(raw), raw);
        ck_assert_int_eq(pat3_class(raw), cls);
        char s[9];
        pat3_to_string(raw, s);
        uint32_t back;
        ck_assert(pat3_from_string(s, &back));
        ck_assert_uint_eq(back, raw);
        for (int t = 0; t < 8; t++)
            ck_assert_int_eq(pat3_class(pat3_transform(raw, t)), cls);
    }
    uint32_t raw;
    ck_assert(!pat3_from_string("X.o#..#", &raw));    /* too short */
    ck_assert(!pat3_from_string("X.o#..##.", &raw));  /* too long */
    ck_assert(!pat3_from_string("....x...", &raw));   /* atari mark on a diagonal */
    ck_assert(!pat3_from_string("#...#...", &raw));   /* impossible edge */
    ck_assert(pat3_from_string("#...#..#", &raw));    /* top edge: N, NE, NW */
    /* an atari mark makes a different class */
    uint32_t a, b2;
    ck_assert(pat3_from_string("X.......", &a));
    ck_assert(pat3_from_string("x.......", &b2));
    ck_assert_int_ne(pat3_class(a), pat3_class(b2));
    ck_assert_uint_eq(pat3_swap_colors(a), (uint32_t)WHITE);
    /* The class swap agrees with swapping every code, over all codes. */
    int swapped = 0;
    for (uint32_t r = 0; r < PAT3_RAW_CODES; r++) {
        int cls = pat3_class(r);
        ck_assert_int_eq(cls < 0, pat3_class(pat3_swap_colors(r)) < 0);
        if (cls < 0)
            continue;
        int sc = pat3_class_swapped(cls);
        ck_assert_int_eq(sc, pat3_class(pat3_swap_colors(r)));
        swapped += sc != cls;
    }
    ck_assert_int_gt(swapped, n / 2);   /* most classes are not their own swap */
}
END_TEST

static char path[96];

static const char *tmpfile_with(const char *text)
{
    snprintf(path, sizeof path, "/tmp/hane_gammas_%d.json", (int)getpid());
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return path;
}

START_TEST(gamma_round_trip)
{
    struct pat_gammas *t = pat_gammas_new();
    ck_assert_ptr_nonnull(t);
    t->gamma[PAT_F_CAPTURE][2] = 30.5f;
    t->gamma[PAT_F_DIST1][1] = 4.25f;
    t->gamma[PAT_F_PAT3][17] = 0.125f;
    uint32_t v = pat_gammas_large_add(t, 0x0123456789abcdefull, 3);
    ck_assert_uint_eq(v, 1);
    ck_assert_uint_eq(pat_gammas_large_add(t, 0x0123456789abcdefull, 3), 1);
    t->gamma[PAT_F_LARGE][v] = 9.0f;
    for (uint64_t h = 1; h < 5000; h++)   /* grow the hash table */
        ck_assert_uint_eq(pat_gammas_large_add(t, h * 0x9E3779B97F4A7C15ull, 0), h + 1);
    json_object_set_new(t->meta, "games", json_integer(12));
    char err[300];
    const char *p = tmpfile_with("");
    ck_assert_msg(pat_gammas_save(t, p, err, sizeof err), "%s", err);
    struct pat_gammas *u = pat_gammas_load(p, err, sizeof err);
    ck_assert_msg(u != NULL, "%s", err);
    ck_assert(u->gamma[PAT_F_CAPTURE][2] == 30.5f);
    ck_assert(u->gamma[PAT_F_DIST1][1] == 4.25f);
    ck_assert(u->gamma[PAT_F_PAT3][17] == 0.125f);
    ck_assert(u->gamma[PAT_F_PAT3][18] == 1.0f);
    uint32_t w = pat_gammas_large_find(u, 0x0123456789abcdefull);
    ck_assert_uint_ne(w, 0);
    ck_assert(u->gamma[PAT_F_LARGE][w] == 9.0f);
    ck_assert_uint_eq(pat_gammas_large_find(u, 42), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(u->meta, "games")), 12);
    ck_assert(pat_gammas_pat3(u, pat3_class_code(16)) == 0.125f);
    ck_assert(pat_gammas_pat3(u, 0xFFFFFu) == 1.0f);   /* not a board pattern */
    pat_vec mv = pat_set(pat_set(0, PAT_F_CAPTURE, 2), PAT_F_DIST1, 1);
    ck_assert(fabs(pat_gammas_strength(u, mv) - 30.5 * 4.25) < 1e-9);
    pat_gammas_free(t);
    pat_gammas_free(u);
    unlink(p);
}
END_TEST

static void expect_error(const char *text, const char *needle)
{
    char err[400];
    const char *p = tmpfile_with(text);
    struct pat_gammas *t = pat_gammas_load(p, err, sizeof err);
    ck_assert_msg(t == NULL, "accepted: %s", text);
    ck_assert_msg(strstr(err, needle) != NULL, "error \"%s\" lacks \"%s\"", err, needle);
    unlink(p);
}

START_TEST(gamma_errors)
{
    char hdr[200];
    snprintf(hdr, sizeof hdr, "{\"format\":\"hane-gammas\",\"version\":1,"
             "\"pattern_hash\":\"%016llx\",", (unsigned long long)pat_large_fingerprint());
    char buf[600];
    expect_error("{\"format\": \"hane-gammas\",\n  \"version\": }", ":2:");
    expect_error("[1,2]", "expected a JSON object");
    expect_error("{\"format\":\"other\"}", "$.format");
    expect_error("{\"format\":\"hane-gammas\",\"version\":5}", "$.version");
    expect_error("{\"format\":\"hane-gammas\",\"version\":0}", "$.version");
    expect_error("{\"format\":\"hane-gammas\",\"version\":1,\"pattern_hash\":\"00\",\"gammas\":{}}",
                 "other pattern hash keys");
    snprintf(buf, sizeof buf, "%s\"gammas\":{\"nosuch\":{}}}", hdr);
    expect_error(buf, "$.gammas.nosuch: unknown feature");
    snprintf(buf, sizeof buf, "%s\"gammas\":{\"capture\":{\"9\":1.5}}}", hdr);
    expect_error(buf, "$.gammas.capture.9");
    snprintf(buf, sizeof buf, "%s\"gammas\":{\"edge\":{\"1\":-2}}}", hdr);
    expect_error(buf, "finite number > 0");
    snprintf(buf, sizeof buf, "%s\"gammas\":{\"pat3\":{\"XXXXXXXXX\":2}}}", hdr);
    expect_error(buf, "$.gammas.pat3.XXXXXXXXX");
    snprintf(buf, sizeof buf, "%s\"gammas\":{\"large\":{\"3:0123456789abcdef\":2}}}", hdr);
    expect_error(buf, "SIZE:HASH");
    char err[100];
    ck_assert_ptr_null(pat_gammas_load("/nonexistent/x.json", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "cannot open"));
}
END_TEST

START_TEST(default_table_loads)
{
    const struct pat_gammas *d = pat_gammas_default();
    ck_assert_ptr_nonnull(d);
    ck_assert_ptr_eq(d, pat_gammas_default());
    ck_assert_int_eq(d->n_values[PAT_F_PAT3], pat3_classes() + 1);
}
END_TEST

START_TEST(all_features_lists_legal_moves)
{
    struct board b;
    board_clear(&b, 9);
    static point moves[BOARD_MAX_POINTS + 1];
    static pat_vec vecs[BOARD_MAX_POINTS + 1];
    const struct pat_gammas *d = pat_gammas_default();
    struct pat_opts o;
    pat_gammas_opts(d, &o);
    int n = pat_all_features(&b, BLACK, &o, moves, vecs);
    ck_assert_int_eq(n, 82);
    ck_assert_int_eq(moves[n - 1], PASS);
    ck_assert_uint_eq(pat_get(vecs[n - 1], PAT_F_PASS), 1);
}
END_TEST

/* Plays a random empty point for a random colour if that is legal, with a
 * linear congruential `seed`; returns the colour drawn. */
static enum color play_random(struct board *b, unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    point p = b->empty[(*seed >> 8) % (unsigned)b->n_empty];
    enum color c = (*seed >> 20) & 1 ? BLACK : WHITE;
    if (board_is_legal(b, c, p))
        board_play(b, c, p);
    return c;
}

/* The distance map (pat_maps_init) holds the true Manhattan distance to
 * the nearest stone of each colour up to the cap, on random positions of
 * several sizes (sparse ones included, where a colour is out of reach), and
 * every legal move's area and reach values follow from those distances;
 * its weak value is what a scan of the board finds. Every feature is the
 * same whether the caller passes the position's maps or pat_move_features
 * makes its own. */
START_TEST(reach_map_matches_scan)
{
    static const int sizes[] = { 2, 5, 9, 13, 19, 25 };
    unsigned seed = 777;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        struct board b;
        board_clear(&b, sizes[si]);
        for (int move = 0; move < 2 * sizes[si] * sizes[si]; move++) {
            play_random(&b, &seed);
            if (move % 11 && move > 12)
                continue;
            struct pat_maps r;
            pat_maps_init(&r, &b);
            struct pat_opts none = { 0 }, map = { .maps = &r };
            for (int y = 0; y < b.size; y++)
                for (int x = 0; x < b.size; x++) {
                    point q = board_point(&b, x, y);
                    int want[3] = { 0, PAT_REACH_FAR, PAT_REACH_FAR };
                    for (int k = BLACK; k <= WHITE; k++) {
                        for (int yy = 0; yy < b.size; yy++)
                            for (int xx = 0; xx < b.size; xx++) {
                                int d = abs(xx - x) + abs(yy - y);
                                if (b.color[board_point(&b, xx, yy)] == k && d < want[k])
                                    want[k] = d;
                            }
                        ck_assert_int_eq(r.dist[k][q], want[k]);
                    }
                    int line = x < y ? x : y;
                    line = b.size - 1 - x < line ? b.size - 1 - x : line;
                    line = b.size - 1 - y < line ? b.size - 1 - y : line;
                    line = line + 1 < 5 ? line + 1 : 5;
                    int near = want[BLACK] < want[WHITE] ? want[BLACK] : want[WHITE];
                    unsigned area = 1 + (unsigned)(line - 1) * 5 + (unsigned)((near <= 4 ? near : 5) - 1);
                    for (enum color mc = BLACK; mc <= WHITE; mc++) {
                        if (!board_is_legal(&b, mc, q))
                            continue;
                        int dc = want[mc], dt = want[color_other(mc)];
                        unsigned ro = dc > 8 ? 8u : dc >= 7 ? 7u : (unsigned)dc;
                        unsigned rp = dt > 8 ? 8u : dt >= 7 ? 7u : (unsigned)dt;
                        pat_vec a = pat_move_features(&b, mc, q, &none);
                        pat_vec m = pat_move_features(&b, mc, q, &map);
                        ck_assert_uint_eq(pat_get(a, PAT_F_AREA), area);
                        ck_assert_uint_eq(pat_get(a, PAT_F_REACH), 1 + (ro - 1) * 8 + (rp - 1));
                        /* weak: the fewest liberties (4 = four or more) of each
                         * colour's strings with a stone 1 or 2 away */
                        unsigned weak[3] = { 0, 0, 0 };
                        for (int yy = 0; yy < b.size; yy++)
                            for (int xx = 0; xx < b.size; xx++) {
                                int d = abs(xx - x) + abs(yy - y);
                                point s = board_point(&b, xx, yy);
                                int k = b.color[s];
                                if (d < 1 || d > 2 || (k != BLACK && k != WHITE))
                                    continue;
                                unsigned l = b.str[b.sid[s]].libs > 4 ? 4 : b.str[b.sid[s]].libs;
                                if (weak[k] == 0 || l < weak[k])
                                    weak[k] = l;
                            }
                        ck_assert_uint_eq(pat_get(a, PAT_F_WEAK),
                                          1 + weak[mc] * 5 + weak[color_other(mc)]);
                        ck_assert(a == m);
                    }
                }
        }
    }
}
END_TEST

/* pat_move_values gives each feature's value as pat_move_features packs it
 * (the fields do not overlap), with and without the position's maps and with
 * features disabled, on random positions of several sizes; the pass feature
 * is set on PASS and only there. */
START_TEST(values_match_vector)
{
    static const int sizes[] = { 5, 9, 19 };
    unsigned seed = 4242;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        struct board b;
        board_clear(&b, sizes[si]);
        for (int move = 0; move < sizes[si] * sizes[si]; move++) {
            enum color c = play_random(&b, &seed);
            if (move % 5)
                continue;
            struct pat_maps m;
            pat_maps_init(&m, &b);
            struct pat_opts opts[3] = {
                { 0 },
                { .maps = &m },
                { .disabled = 1u << PAT_F_WEAK | 1u << PAT_F_DIST2 | 1u << PAT_F_PASS, .maps = &m },
            };
            for (int k = 0; k < 3; k++)
                for (int i = -1; i < b.n_empty; i++) {
                    point q = i < 0 ? PASS : b.empty[i];
                    if (q != PASS && !board_is_legal(&b, c, q))
                        continue;
                    unsigned val[PAT_NFEAT];
                    pat_move_values(&b, c, q, &opts[k], val);
                    pat_vec v = pat_move_features(&b, c, q, &opts[k]);
                    for (int f = 0; f < PAT_NFEAT; f++) {
                        ck_assert_uint_eq(val[f], pat_get(v, (enum pat_feature)f));
                        /* the pass feature on PASS only, and PASS has no other */
                        if ((q == PASS) != (f == PAT_F_PASS))
                            ck_assert_uint_eq(val[f], 0);
                    }
                    if (k == 2)
                        ck_assert_uint_eq(val[PAT_F_WEAK], 0);
                    else if (q == PASS)
                        ck_assert_uint_gt(val[PAT_F_PASS], 0);
                }
        }
    }
}
END_TEST

/* pat_stone_counts reads the d <= 9 region from the position's row counts:
 * it must count what a plain scan of the whole board counts, at every point
 * (stones too) of random positions on several sizes, where the region is cut
 * by the edges. */
START_TEST(stone_counts_match_scan)
{
    static const int sizes[] = { 2, 5, 9, 13, 19 };
    unsigned seed = 12345;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        struct board b;
        board_clear(&b, sizes[si]);
        for (int move = 0; move < 3 * sizes[si] * sizes[si]; move++) {
            play_random(&b, &seed);
            if (move % 7)
                continue;
            struct pat_maps m;
            pat_maps_init(&m, &b);
            for (int y = 0; y < b.size; y++)
                for (int x = 0; x < b.size; x++) {
                    point p0 = board_point(&b, x, y);
                    int want[3] = { 0 };
                    for (int yy = 0; yy < b.size; yy++)
                        for (int xx = 0; xx < b.size; xx++) {
                            point q = board_point(&b, xx, yy);
                            int d = pat_distance(&b, p0, q);
                            if (d >= 1 && d <= 9)
                                want[b.color[q]]++;
                        }
                    int own, opp;
                    pat_stone_counts(&b, &m, BLACK, p0, &own, &opp);
                    ck_assert_int_eq(own, want[BLACK]);
                    ck_assert_int_eq(opp, want[WHITE]);
                    pat_stone_counts(&b, &m, WHITE, p0, &own, &opp);
                    ck_assert_int_eq(own, want[WHITE]);
                    ck_assert_int_eq(opp, want[BLACK]);
                }
        }
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("features");
    TCase *tc = tcase_create("core");
    tcase_add_unchecked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 240);   /* generous for ASan on a loaded machine */
    tcase_add_test(tc, capture_values);
    tcase_add_test(tc, prevent_connection);
    tcase_add_test(tc, atari_and_selfatari);
    tcase_add_test(tc, snapback_is_a_capture);
    tcase_add_test(tc, ladders);
    tcase_add_test(tc, distances_and_edge);
    tcase_add_test(tc, older_moves_and_area);
    tcase_add_test(tc, reach_values);
    tcase_add_test(tc, stage_values);
    tcase_add_test(tc, values_match_vector);
    tcase_add_test(tc, symmetry_and_colour_swap);
    tcase_add_test(tc, large_match_agrees);
    tcase_add_test(tc, stone_counts_match_scan);
    tcase_add_test(tc, pat3_tables);
    tcase_add_test(tc, gamma_round_trip);
    tcase_add_test(tc, gamma_errors);
    tcase_add_test(tc, default_table_loads);
    tcase_add_test(tc, all_features_lists_legal_moves);
    tcase_add_test(tc, reach_map_matches_scan);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : 0;
}
