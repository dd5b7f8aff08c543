/* test_playout — the playout loop and the light policy: only legal non-eye
 * moves, a pass only when there is none, uniform choice, correct scores,
 * owners and move records, reproducible from a seed. */
#include "engine/playout.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPECT(cond, ...) do { if (!(cond)) ck_abort_msg(__VA_ARGS__); } while (0)

/* A policy wrapping the light one that checks each of its answers; with
 * seki_safe, the answers of the seki-safe kind. */
struct checked {
    struct playout_policy light;
    bool seki_safe;
    long moves, passes, begins, played, refused;
    long refused_shape;   /* refused for the shape of four or five stones */
    long nakade_played;   /* self-atari of four or five in a nakade shape */
};

/* A shape's canonical form: its points' (x, y), under the one of the eight
 * rotations and reflections and the shift to (0, 0) that sorts first,
 * packed as 3 bits a coordinate (shapes of at most five points fit in 5x5). */
static unsigned long long canonical_shape(const int *xs, const int *ys, int n)
{
    unsigned long long best = ~0ULL;
    for (int t = 0; t < 8; t++) {
        int u[8], v[8], mu = 99, mv = 99;
        for (int i = 0; i < n; i++) {
            int x = t & 1 ? -xs[i] : xs[i], y = t & 2 ? -ys[i] : ys[i];
            u[i] = t & 4 ? y : x;
            v[i] = t & 4 ? x : y;
            mu = u[i] < mu ? u[i] : mu;
            mv = v[i] < mv ? v[i] : mv;
        }
        int key[8];
        for (int i = 0; i < n; i++)
            key[i] = (u[i] - mu) * 8 + (v[i] - mv);
        for (int i = 1; i < n; i++)    /* insertion sort: the points in order */
            for (int j = i; j > 0 && key[j - 1] > key[j]; j--) {
                int k = key[j]; key[j] = key[j - 1]; key[j - 1] = k;
            }
        unsigned long long packed = (unsigned long long)n;
        for (int i = 0; i < n; i++)
            packed = packed << 6 | (unsigned long long)key[i];
        best = packed < best ? packed : best;
    }
    return best;
}

/* Is the shape of these points one of the textbook nakade shapes of four
 * and five (square, pyramid, bulky five, crossed five; the bent four in the
 * corner depends on where it lies, below)? By comparing
 * canonical forms with drawings of them, not by the board's rule. */
static bool is_textbook_nakade(const int *xs, const int *ys, int n)
{
    static const char *const shapes[] = {
        "XX|XX", "XXX|.X.", "XX.|XXX", ".X.|XXX|.X.",
    };
    unsigned long long want = canonical_shape(xs, ys, n);
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
        int sx[8], sy[8], m = 0, x = 0, y = 0;
        for (const char *c = shapes[s]; *c; c++) {
            if (*c == '|') { y++; x = 0; continue; }
            if (*c == 'X') { sx[m] = x; sy[m] = y; m++; }
            x++;
        }
        if (m == n && canonical_shape(sx, sy, m) == want)
            return true;
    }
    return false;
}

/* Is this the bent four with its bend on a corner point of a board of side
 * `size`: an L of four (by its canonical form) whose point with two
 * neighbours at a right angle lies in a corner? */
static bool is_corner_bent_four(const int *xs, const int *ys, int n, int size)
{
    static const int lx[] = { 0, 1, 2, 0 }, ly[] = { 0, 0, 0, 1 };   /* XXX|X.. */
    if (n != 4 || canonical_shape(xs, ys, n) != canonical_shape(lx, ly, 4))
        return false;
    for (int i = 0; i < n; i++) {
        bool horiz = false, vert = false;
        for (int j = 0; j < n; j++) {
            horiz |= ys[j] == ys[i] && abs(xs[j] - xs[i]) == 1;
            vert |= xs[j] == xs[i] && abs(ys[j] - ys[i]) == 1;
        }
        if (horiz && vert)
            return (xs[i] == 0 || xs[i] == size - 1) && (ys[i] == 0 || ys[i] == size - 1);
    }
    return false;
}

/* The stones of the string `c` at `p` leaves in atari without capturing (0
 * if none), and in `*nakade` whether they are a textbook nakade shape.
 * Found by playing it on a copy, not by the board's predicate that the
 * policy uses. */
static int self_atari_stones(const struct board *b, enum color c, point p, bool *nakade)
{
    struct board t;
    board_copy(&t, b);
    *nakade = false;
    int captured = board_play(&t, c, p);
    if (captured != 0)
        return 0;   /* a capture, or illegal (-1): not the rule's business */
    const struct board_string *s = &t.str[t.sid[p]];
    if (s->libs != 1)
        return 0;
    if (s->stones <= 5) {
        int xs[8], ys[8], n = 0;
        for (point q = 0; q < t.geom->points; q++)
            if (t.color[q] == (int)c && t.sid[q] == t.sid[p]) {
                xs[n] = board_x(&t, q);
                ys[n] = board_y(&t, q);
                n++;
            }
        *nakade = is_textbook_nakade(xs, ys, n) || is_corner_bent_four(xs, ys, n, t.size);
    }
    return s->stones;
}

/* The seki-safe policy refuses a self-atari of PLAYOUT_SEKI_MIN_STONES or
 * more stones, and one of four or five that is no nakade shape. */
static bool refuses(int stones, bool nakade)
{
    return stones >= PLAYOUT_SEKI_MIN_STONES || (stones >= 4 && stones <= 5 && !nakade);
}

static point checked_choose(struct playout_policy *pp, struct board *b, enum color c,
                            struct rng *r)
{
    struct checked *k = pp->data;
    point p = k->light.choose(&k->light, b, c, r);
    char why[256];
    EXPECT(board_check(b, why, sizeof why), "choose broke the board: %s", why);
    if (p == PASS) {
        for (int i = 0; i < b->n_empty; i++) {
            point q = b->empty[i];
            bool nakade;
            int stones = k->seki_safe && board_is_legal(b, c, q) && !board_is_eyelike(b, c, q)
                         ? self_atari_stones(b, c, q, &nakade) : 0;
            bool refused = stones > 0 && refuses(stones, nakade);
            EXPECT(!board_is_legal(b, c, q) || board_is_eyelike(b, c, q) || refused,
                   "passed with an acceptable move at %d", q);
            k->refused += refused;
            k->refused_shape += refused && stones <= 5;
        }
        k->passes++;
    } else {
        EXPECT(board_is_legal(b, c, p), "illegal move %d", p);
        EXPECT(!board_is_eyelike(b, c, p), "filled an own eye at %d", p);
        bool nakade;
        int stones = k->seki_safe ? self_atari_stones(b, c, p, &nakade) : 0;
        EXPECT(stones == 0 || !refuses(stones, nakade),
               "left a string of %d in atari at %d", stones, p);
        k->nakade_played += stones >= 4 && nakade;
        k->moves++;
    }
    return p;
}

static void checked_begin(struct playout_policy *pp, const struct board *b)
{
    (void)b;
    ((struct checked *)pp->data)->begins++;
}

static void checked_played(struct playout_policy *pp, const struct board *b, enum color c, point p)
{
    (void)c;
    EXPECT(b->last_move == p, "played hook after the wrong move");
    ((struct checked *)pp->data)->played++;
}

START_TEST(test_light_playouts)
{
    for (int size = BOARD_MIN_SIZE; size <= BOARD_MAX_SIZE; size++) {
        struct checked k = { .light = playout_light() };
        struct playout_policy pp = { .name = "checked", .data = &k, .begin = checked_begin,
                                     .choose = checked_choose, .played = checked_played };
        struct rng r;
        rng_seed(&r, (uint64_t)size);
        int games = size <= 9 ? 20 : 3;
        for (int g = 0; g < games; g++) {
            struct board root, b;
            board_clear(&root, size);
            board_copy(&b, &root);
            struct playout_move mv[4 * BOARD_MAX_POINTS];
            uint8_t owner[BOARD_MAX_POINTS];
            struct playout_record rec = { mv, 4 * BOARD_MAX_POINTS, 0, owner };
            int cap = playout_default_cap(size);
            double komi = 7.5;
            double s = playout_run(&b, &pp, &r, komi, cap, &rec);
            char why[256];
            EXPECT(board_check(&b, why, sizeof why), "after playout: %s", why);
            /* Tiny boards can cycle through captures forever; the cap ends those. */
            EXPECT(b.passes >= 2 || size <= 4, "%dx%d playout hit the move cap", size, size);
            /* The score agrees with the general scorer and with the owners. */
            EXPECT(s == board_score_area(&b, komi), "score %.1f vs %.1f", s, board_score_area(&b, komi));
            int sum = 0;
            for (point p = 0; p < b.geom->points; p++) {
                if (!board_on(&b, p)) {
                    EXPECT(owner[p] == OFFBOARD, "owner of border point");
                    continue;
                }
                sum += (owner[p] == BLACK) - (owner[p] == WHITE);
            }
            EXPECT(sum - komi == s, "owners sum to %d, score %.1f", sum, s);
            /* The record replays to the same stones. */
            struct board t;
            board_copy(&t, &root);
            for (int i = 0; i < rec.n_moves; i++) {
                EXPECT(t.color[mv[i].p] == EMPTY, "recorded move on a stone");
                board_play_known_legal(&t, mv[i].color, mv[i].p);
            }
            for (point p = 0; p < b.geom->points; p++)
                EXPECT(t.color[p] == b.color[p], "replayed record differs at %d", p);
        }
        ck_assert_int_eq(k.begins, games);
        ck_assert_int_eq(k.played, k.moves + k.passes);
    }
}
END_TEST

/* The seki-safe policy: the same checks, no self-atari it should refuse
 * (six or more stones, or four or five in no nakade shape), and a pass
 * only when every other acceptable move would. Random games on small
 * boards reach such moves (a pass with one refused move left) often
 * enough to count. */
START_TEST(test_seki_safe_playouts)
{
    long refused = 0, refused_shape = 0, nakade_played = 0;
    for (int size = 5; size <= 13; size += 2) {
        struct checked k = { .light = playout_light_seki_safe(), .seki_safe = true };
        struct playout_policy pp = { .name = "checked", .data = &k, .begin = checked_begin,
                                     .choose = checked_choose, .played = checked_played };
        struct rng r;
        rng_seed(&r, (uint64_t)size + 100);
        for (int g = 0; g < 30; g++) {
            struct board b;
            board_clear(&b, size);
            playout_run(&b, &pp, &r, 7.5, playout_default_cap(size), NULL);
            char why[256];
            EXPECT(board_check(&b, why, sizeof why), "after playout: %s", why);
        }
        refused += k.refused;
        refused_shape += k.refused_shape;
        nakade_played += k.nakade_played;
    }
    fprintf(stderr, "note: seki-safe playouts: %ld refusals at a pass (%ld by the shape of "
            "four or five), %ld nakade sacrifices of four or five played\n",
            refused, refused_shape, nakade_played);
    /* The games reach both sides of the shape rule, so the checks above
     * test it. */
    ck_assert_int_gt(refused, 0);
    ck_assert_int_gt(refused_shape, 0);
    ck_assert_int_gt(nakade_played, 0);
}
END_TEST

/* A policy that only forwards to the light one: playout_run then takes its
 * general loop, which the light policy's own loops must match. */
static point forward_choose(struct playout_policy *pp, struct board *b, enum color c,
                            struct rng *r)
{
    struct playout_policy *light = pp->data;
    return light->choose(light, b, c, r);
}

/* The light policy's loops (bare, and recording as the search does) play
 * the same games as the general loop: same record, same final board, from
 * either colour to move, at the cap or not. */
START_TEST(test_light_loops_match_general)
{
    struct playout_policy light = playout_light();
    struct playout_policy fwd = { .name = "forward", .data = &light, .choose = forward_choose };
    for (int i = 0; i < 300; i++) {
        int size = 2 + i % 18;
        int cap = i % 3 == 0 ? 5 + i % 40 : playout_default_cap(size);
        struct board start;
        board_clear(&start, size);
        /* A few moves first, so that White is to move in some games. */
        struct rng pre;
        rng_seed(&pre, (uint64_t)i);
        for (int k = 0; k < i % 3; k++)
            board_play_known_legal(&start, start.to_move, light.choose(&light, &start, start.to_move, &pre));
        struct board b[3];
        struct playout_move mv[3][4 * BOARD_MAX_POINTS];
        struct playout_record rec[3];
        double score[3];
        for (int v = 0; v < 3; v++) {
            struct rng r;
            rng_seed(&r, 1000 + (uint64_t)i);
            board_copy(&b[v], &start);
            rec[v] = (struct playout_record){ mv[v], 4 * BOARD_MAX_POINTS, -1, NULL };
            /* v = 0: general loop; 1: light, recording; 2: light, bare. */
            score[v] = playout_run(&b[v], v == 0 ? &fwd : &light, &r, 0.5, cap,
                                   v == 2 ? NULL : &rec[v]);
        }
        for (int v = 1; v < 3; v++) {
            EXPECT(score[v] == score[0], "game %d: score %.1f, general loop %.1f", i, score[v], score[0]);
            EXPECT(b[v].hash == b[0].hash && b[v].n_empty == b[0].n_empty
                   && b[v].passes == b[0].passes && b[v].to_move == b[0].to_move,
                   "game %d: final boards differ (loop %d)", i, v);
            EXPECT(memcmp(b[v].color, b[0].color, (size_t)b[0].geom->points) == 0,
                   "game %d: final stones differ (loop %d)", i, v);
        }
        EXPECT(rec[1].n_moves == rec[0].n_moves, "game %d: %d moves recorded, general loop %d", i,
               rec[1].n_moves, rec[0].n_moves);
        for (int k = 0; k < rec[0].n_moves; k++)
            EXPECT(mv[1][k].p == mv[0][k].p && mv[1][k].color == mv[0][k].color,
                   "game %d: records differ at move %d", i, k);
        char why[256];
        EXPECT(board_check(&b[1], why, sizeof why), "game %d: %s", i, why);
    }
}
END_TEST

/* Without an owner buffer the fast scorer must agree too, also at the cap. */
START_TEST(test_fast_score_and_cap)
{
    struct playout_policy pp = playout_light();
    struct rng r;
    rng_seed(&r, 5);
    for (int i = 0; i < 200; i++) {
        int size = 5 + i % 11;
        struct board b;
        board_clear(&b, size);
        int cap = i % 2 ? 10 + i : playout_default_cap(size);
        struct playout_move mv[8];
        struct playout_record rec = { mv, 8, 0, NULL };
        double s = playout_run(&b, &pp, &r, 0.5, cap, &rec);
        EXPECT(s == board_score_area(&b, 0.5), "fast score %.1f, general %.1f", s,
               board_score_area(&b, 0.5));
        EXPECT(rec.n_moves <= 8, "record overflow");
        if (rec.n_moves < 8) EXPECT(b.n_stones[BLACK] + b.n_stones[WHITE] < 8, "record stopped early");
    }
}
END_TEST

/* Every acceptable point is equally likely. The position: a 5x5 board with
 * Black eyes and a few empty points, so rejection happens on every draw. */
START_TEST(test_light_uniform)
{
    struct board b;
    board_clear(&b, 5);
    static const char *const rows[] = {
        ". X . X .",
        "X X X X X",
        ". X O . O",
        "X X O O O",
        ". X O . .",
    };
    for (int row = 0; row < 5; row++)
        for (int x = 0, i = 0; rows[row][i]; i++) {
            char ch = rows[row][i];
            if (ch == ' ') continue;
            point p = board_point(&b, x, 4 - row);
            if (ch == 'X') ck_assert(board_setup_stone(&b, BLACK, p));
            if (ch == 'O') ck_assert(board_setup_stone(&b, WHITE, p));
            x++;
        }
    /* Black's acceptable moves: D3, D1, E1 (the A-column and top-row points
     * are its eyes). */
    struct playout_policy pp = playout_light();
    struct rng r;
    rng_seed(&r, 11);
    int count[BOARD_MAX_POINTS] = { 0 };
    const int n = 30000;
    for (int i = 0; i < n; i++) {
        point p = pp.choose(&pp, &b, BLACK, &r);
        ck_assert(p != PASS);
        count[p]++;
    }
    const point want[3] = { board_point(&b, 3, 2), board_point(&b, 3, 0), board_point(&b, 4, 0) };
    int total = 0;
    for (int i = 0; i < 3; i++) {
        total += count[want[i]];
        /* Expected n/3 = 10000, standard deviation about 82: allow 5 sigma. */
        EXPECT(abs(count[want[i]] - n / 3) < 410, "point %d chosen %d times of %d", want[i],
               count[want[i]], n);
    }
    ck_assert_int_eq(total, n);
    char why[256];
    ck_assert_msg(board_check(&b, why, sizeof why), "%s", why);
}
END_TEST

/* Settled points (board.h): after light playouts, boards full of eyes are
 * played on by both the light policy and board_play with any legal move
 * (own eyes filled, eyes captured, stones next to eyes), and after every
 * move no settled point is acceptable to either colour and board_check
 * holds. The light pick then passes only when nothing is acceptable. */
START_TEST(test_settled_points)
{
    static const int sizes[] = { 5, 9, 13, 19 };
    struct checked k = { .light = playout_light() };
    struct playout_policy pp = { .name = "checked", .data = &k, .choose = checked_choose };
    struct rng r;
    rng_seed(&r, 77);
    long settled_seen = 0, reopened = 0;
    for (int si = 0; si < 4; si++) {
        int size = sizes[si];
        for (int g = 0; g < (size <= 9 ? 30 : 6); g++) {
            struct board b;
            board_clear(&b, size);
            playout_run(&b, &pp, &r, 7.5, playout_default_cap(size), NULL);
            for (int m = 0; m < 3 * size * size; m++) {
                enum color c = b.to_move;
                point p;
                if (rng_below(&r, 2)) {
                    p = checked_choose(&pp, &b, c, &r);
                } else {
                    /* Any legal move, eye fills included. */
                    point legal[BOARD_MAX_POINTS];
                    int n = 0;
                    for (int i = 0; i < b.n_empty; i++)
                        if (board_is_legal(&b, c, b.empty[i])) legal[n++] = b.empty[i];
                    p = n ? legal[rng_below(&r, (uint32_t)n)] : PASS;
                }
                int before = b.n_settled;
                EXPECT(board_play(&b, c, p) >= 0, "illegal move %d", p);
                reopened += b.n_settled < before;
                settled_seen += b.n_settled;
                char why[256];
                EXPECT(board_check(&b, why, sizeof why), "size %d move %d: %s", size, m, why);
                for (int i = 0; i < b.n_settled; i++)
                    for (enum color e = BLACK; e <= WHITE; e++)
                        EXPECT(!board_is_legal(&b, e, b.empty[i]) || board_is_eyelike(&b, e, b.empty[i]),
                               "settled point %d acceptable to %d", b.empty[i], e);
                if (b.passes >= 2) b.passes = 0;    /* keep playing */
            }
        }
    }
    /* The mechanism was exercised both ways. */
    EXPECT(settled_seen > 0 && reopened > 0, "settled %ld, reopened %ld", settled_seen, reopened);
}
END_TEST

START_TEST(test_reproducible)
{
    double first[50];
    for (int rep = 0; rep < 2; rep++) {
        struct playout_policy pp = playout_light();
        struct rng r;
        rng_seed(&r, 2024);
        for (int i = 0; i < 50; i++) {
            struct board b;
            board_clear(&b, 9);
            double s = playout_run(&b, &pp, &r, 7.5, playout_default_cap(9), NULL);
            if (rep == 0) first[i] = s;
            else ck_assert(first[i] == s);
        }
    }
    /* Different seeds give different streams. */
    struct rng a, c;
    rng_seed(&a, 1);
    rng_seed(&c, 2);
    ck_assert(rng_next(&a) != rng_next(&c));
    for (int i = 0; i < 1000; i++) {
        ck_assert_uint_lt(rng_below(&a, 7), 7);
        double d = rng_double(&a);
        ck_assert(d >= 0 && d < 1);
    }
}
END_TEST

static Suite *playout_suite(void)
{
    Suite *s = suite_create("playout");
    TCase *tc = tcase_create("playout");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_light_playouts);
    tcase_add_test(tc, test_seki_safe_playouts);
    tcase_add_test(tc, test_fast_score_and_cap);
    tcase_add_test(tc, test_light_loops_match_general);
    tcase_add_test(tc, test_light_uniform);
    tcase_add_test(tc, test_settled_points);
    tcase_add_test(tc, test_reproducible);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(playout_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
