/* test_search — the search end to end on real boards: legal moves, tactics,
 * reproducibility, whole games that end, dead stones, threads, analysis,
 * tree reuse and a full pool. Budgets are small so the suite stays fast. */
#include "engine/search.h"

#include <check.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/search_internal.h"

static struct search *make(const char *const *kv)
{
    struct params p;
    params_default(&p);
    char err[200];
    ck_assert(params_set(&p, "threads", "1", err, sizeof err));
    ck_assert(params_set(&p, "memory", "64", err, sizeof err));
    for (int i = 0; kv && kv[i]; i += 2)
        ck_assert_msg(params_set(&p, kv[i], kv[i + 1], err, sizeof err), "%s", err);
    struct search *s = search_new(&p, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    return s;
}

/* Waits until cond(ctx) holds, polling every millisecond, for at most
 * `seconds`; returns whether it held. The tests wait on what they need
 * (reports, visits, a running search), never for a fixed time: on a loaded
 * machine or under the sanitizers the search threads may get little CPU. */
static bool wait_until(bool (*cond)(void *), void *ctx, double seconds)
{
    for (double waited = 0; waited < seconds; waited += 0.001) {
        if (cond(ctx))
            return true;
        usleep(1000);
    }
    return cond(ctx);
}

/* Sets up a position from rows of text, top row first: X black, O white, . empty. */
static void setup(struct game *g, int size, double komi, const char *const *rows)
{
    game_init(g, size, komi);
    for (int r = 0; r < size; r++)
        for (int x = 0; x < size; x++) {
            char ch = rows[r][x];
            point p = board_point(&g->board, x, size - 1 - r);
            if (ch == 'X')
                ck_assert_int_eq(game_setup(g, BLACK, p), GAME_OK);
            else if (ch == 'O')
                ck_assert_int_eq(game_setup(g, WHITE, p), GAME_OK);
        }
}

START_TEST(legal_first_move)
{
    const char *kv[] = {"playouts", "1000", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    ck_assert(r.move > 0);
    ck_assert_int_eq(game_check_move(&g, BLACK, r.move), GAME_OK);
    ck_assert_int_ge(r.playouts, 100);
    ck_assert_int_le(r.playouts, 1000);
    game_free(&g);
    search_free(s);
}
END_TEST

/* White's six stones in atari at E5's neighbourhood: Black must take them. */
static const char *const big_group_in_atari[] = {
    ".........",
    ".........",
    "...XXX...",
    "..XOOOX..",
    "..XOOOX..",
    "...XX....",
    ".........",
    ".........",
    ".........",
};

/* One genmove for Black on big_group_in_atari with `key`=mode (and a seed
 * and playout budget); *capture is the capturing point, F4. */
static struct search_result big_group_genmove(const char *key, int mode, const char *seed,
                                              const char *budget, point *capture)
{
    char m[2] = {(char)('0' + mode), 0};
    const char *kv[] = {"playouts", budget, key, m, "seed", seed, NULL};
    struct search *s = make(kv);
    struct game g;
    setup(&g, 9, 7.5, big_group_in_atari);
    struct time_control tc;
    timectl_init(&tc);
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    *capture = board_point(&g.board, 5, 3);
    game_free(&g);
    search_free(s);
    return r;
}

START_TEST(captures_big_group)
{
    for (int mode = 0; mode <= 2; mode++) {
        point capture;
        struct search_result r = big_group_genmove("rave", mode, "11", "3000", &capture);
        ck_assert_msg(r.move == capture, "rave=%d played %d", mode, r.move);
    }
}
END_TEST

/* early_stop: with a playout budget nothing is banked, so by default the
 * search spends it all; early_stop=1 ends once the capture's lead in visits
 * cannot be caught up; 0 spends it all too. */
START_TEST(early_stop_modes)
{
    const int64_t budget = 6000;
    for (int mode = 0; mode <= 2; mode++) {
        point capture;
        struct search_result r = big_group_genmove("early_stop", mode, "7", "6000", &capture);
        ck_assert_int_eq(r.move, capture);
        if (mode == 1)
            ck_assert_msg(r.playouts < budget, "early_stop=1 ran %lld", (long long)r.playouts);
        else
            ck_assert_msg(r.playouts == budget, "early_stop=%d ran %lld", mode,
                          (long long)r.playouts);
    }
}
END_TEST

START_TEST(tactical_hints)
{
    /* big_group_in_atari with a corner added: White J3 and H2, Black J2
     * and H1. Black: F4 captures six; J1 would join the J2 stone in atari
     * to H1 and leave all three in atari (an escape that is a self-atari).
     * White: J1 captures J2. */
    const char *kv[] = {"prior_visits", "10", NULL};
    struct search *s = make(kv);
    struct game g;
    setup(&g, 9, 7.5, big_group_in_atari);
    ck_assert_int_eq(game_setup(&g, WHITE, board_point(&g.board, 8, 2)), GAME_OK);
    ck_assert_int_eq(game_setup(&g, WHITE, board_point(&g.board, 7, 1)), GAME_OK);
    ck_assert_int_eq(game_setup(&g, BLACK, board_point(&g.board, 8, 1)), GAME_OK);
    ck_assert_int_eq(game_setup(&g, BLACK, board_point(&g.board, 7, 0)), GAME_OK);
    point j1 = board_point(&g.board, 8, 0);
    search_prepare(s, &g, BLACK);
    struct tree_node *r = tree_root(&s->tree);
    struct tree_node *cap = tree_child(&s->tree, r, board_point(&g.board, 5, 3));
    struct tree_node *quiet = tree_child(&s->tree, r, board_point(&g.board, 1, 7));
    struct tree_node *sa = tree_child(&s->tree, r, j1);
    ck_assert_ptr_nonnull(cap);
    ck_assert_ptr_nonnull(quiet);
    ck_assert_ptr_nonnull(sa);
    ck_assert_int_gt(cap->hint, 200);
    ck_assert_int_eq(quiet->hint, 128);
    ck_assert_int_lt(sa->hint, 100);
    search_prepare(s, &g, WHITE);
    struct tree_node *wcap = tree_child(&s->tree, tree_root(&s->tree), j1);
    ck_assert_ptr_nonnull(wcap);
    ck_assert_int_gt(wcap->hint, 200);
    search_free(s);
    /* With prior_visits=0 no hints are computed: all neutral. */
    const char *off[] = {"prior_visits", "0", NULL};
    s = make(off);
    search_prepare(s, &g, BLACK);
    cap = tree_child(&s->tree, tree_root(&s->tree), board_point(&g.board, 5, 3));
    ck_assert_int_eq(cap->hint, 128);
    game_free(&g);
    search_free(s);
}
END_TEST

/* Black's D4 is in atari (White's C4, D5, E4); its extension at D3 has two
 * liberties (C3, D2), and White's ataris drive it into the lower-left
 * corner: a ladder that captures. With Black's C2 on the way the ladder
 * fails (after either atari, C3 or D2, the extension joins C2), and the
 * escape holds. */
static const char *const ladder_rows[9] = {
    ".........", ".........", ".........", ".........",
    "...O.....",
    "..OXO....",
    "....O....",
    ".........", ".........",
};

/* Is `p` among the root's children when Black is to move in `g`, with
 * tree_ladder at `on`? */
static bool root_has(struct game *g, point p, const char *on)
{
    const char *kv[] = {"tree_ladder", on, NULL};
    struct search *s = make(kv);
    search_prepare(s, g, BLACK);
    bool has = tree_child(&s->tree, tree_root(&s->tree), p) != NULL;
    search_free(s);
    return has;
}

START_TEST(tree_ladder_leaves_out)
{
    struct game g;
    setup(&g, 9, 7.5, ladder_rows);
    point d3 = board_point(&g.board, 3, 2);
    ck_assert(root_has(&g, d3, "0"));
    ck_assert(!root_has(&g, d3, "1"));
    /* Other moves stay: D3's neighbour C3 (no escape) and a far point. */
    ck_assert(root_has(&g, board_point(&g.board, 2, 2), "1"));
    ck_assert(root_has(&g, board_point(&g.board, 7, 7), "1"));
    /* A breaker on the ladder's way: the escape is searched again. */
    ck_assert_int_eq(game_setup(&g, BLACK, board_point(&g.board, 2, 1)), GAME_OK);
    ck_assert(root_has(&g, d3, "1"));
    game_free(&g);
}
END_TEST

static int play_game(struct search *s, int size, int max_moves, point *out)
{
    struct game g;
    game_init(&g, size, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    int n = 0;
    while (n < max_moves && !game_over(&g)) {
        enum color c = game_to_move(&g);
        struct search_result r = search_genmove(s, &g, c, &tc);
        out[n++] = r.move;
        if (r.move == RESIGN)
            break;
        ck_assert_int_eq(game_play(&g, c, r.move), GAME_OK);
    }
    game_free(&g);
    return n;
}

START_TEST(reproducible)
{
    const char *kv[] = {"playouts", "400", "seed", "12345", NULL};
    point a[40], b[40];
    struct search *s1 = make(kv);
    int na = play_game(s1, 9, 40, a);
    search_free(s1);
    struct search *s2 = make(kv);
    int nb = play_game(s2, 9, 40, b);
    search_free(s2);
    ck_assert_int_eq(na, nb);
    ck_assert(memcmp(a, b, sizeof a[0] * (size_t)na) == 0);
    /* and another seed plays another game */
    const char *kv3[] = {"playouts", "400", "seed", "54321", NULL};
    struct search *s3 = make(kv3);
    point c[40];
    int nc = play_game(s3, 9, 40, c);
    search_free(s3);
    ck_assert(nc != na || memcmp(a, c, sizeof a[0] * (size_t)na) != 0);
}
END_TEST

START_TEST(reseed_repeats)
{
    /* reg_genmove: reseed, search, do not play; again: the same answer, with
     * no help from the tree grown the first time. */
    const char *kv[] = {"playouts", "500", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    search_reseed(s, 99);
    struct search_result a = search_genmove(s, &g, BLACK, &tc);
    uint32_t va = tree_visits(tree_root(&s->tree));
    search_reseed(s, 99);
    struct search_result b = search_genmove(s, &g, BLACK, &tc);
    ck_assert_int_eq(a.move, b.move);
    ck_assert(a.winrate == b.winrate);
    ck_assert_uint_eq(tree_visits(tree_root(&s->tree)), va);
    game_free(&g);
    search_free(s);
}
END_TEST

START_TEST(game_ends)
{
    const char *kv[] = {"playouts", "600", "resign", "0", "seed", "3", NULL};
    struct search *s = make(kv);
    point mv[400];
    int n = play_game(s, 7, 400, mv);
    ck_assert_int_lt(n, 400);
    ck_assert(mv[n - 1] == PASS && mv[n - 2] == PASS);
    search_free(s);
    /* with resignation on, a lopsided game is resigned or passed out */
    const char *kv2[] = {"playouts", "600", "seed", "4", NULL};
    s = make(kv2);
    n = play_game(s, 7, 400, mv);
    ck_assert_int_lt(n, 400);
    ck_assert(mv[n - 1] == RESIGN || (mv[n - 1] == PASS && mv[n - 2] == PASS));
    search_free(s);
}
END_TEST

START_TEST(dead_stones)
{
    const char *rows[] = {
        "...XO..",
        "...XO..",
        "...XO..",
        ".O.XO.X",
        "...XO..",
        "...XO..",
        "...XO..",
    };
    const char *kv[] = {"seed", "5", "playouts", "2000", NULL};
    struct search *s = make(kv);
    struct game g;
    setup(&g, 7, 0.5, rows);
    uint8_t st[BOARD_MAX_POINTS];
    int n = search_final_status(s, &g, st);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(st[board_point(&g.board, 1, 3)], STONE_DEAD);
    ck_assert_int_eq(st[board_point(&g.board, 6, 3)], STONE_DEAD);
    ck_assert_int_eq(st[board_point(&g.board, 3, 3)], STONE_ALIVE);
    float own[BOARD_MAX_POINTS];
    search_ownership(s, &g, 1000, own);
    /* Neither wall has two eyes yet, so random playouts kill one now and
     * then: the sides are clear but not certain. */
    ck_assert(own[board_point(&g.board, 0, 0)] > 0.3);
    ck_assert(own[board_point(&g.board, 6, 0)] < -0.3);
    /* Black to play after White passes: the count wins, so Black passes. */
    ck_assert_int_eq(game_play(&g, WHITE, PASS), GAME_OK);
    struct time_control tc;
    timectl_init(&tc);
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    ck_assert_int_eq(r.move, PASS);
    /* kgs-genmove_cleanup must capture the dead stones first. */
    r = search_genmove_cleanup(s, &g, BLACK, &tc);
    ck_assert(r.move != PASS && r.move != RESIGN);
    game_free(&g);
    search_free(s);
}
END_TEST

START_TEST(dead_after_two_passes)
{
    /* 3x3, komi 7.5: White's last stone (C1) sits in atari inside Black's
     * area when both pass. Counted as alive White wins; it is dead, and with
     * it removed Black wins by 1.5. The ownership search must play on past
     * the two passes to see that. */
    struct game g;
    game_init(&g, 3, 7.5);
    const int xy[][2] = {{1, 1}, {0, 1}, {1, 2}, {1, 0}, {2, 1}, {2, 0}, {0, 0}, {2, 0}, {0, 2}};
    for (int i = 0; i < 9; i++)
        ck_assert_int_eq(game_play(&g, game_to_move(&g), board_point(&g.board, xy[i][0], xy[i][1])),
                         GAME_OK);
    ck_assert_int_eq(game_play(&g, WHITE, PASS), GAME_OK);
    ck_assert_int_eq(game_play(&g, BLACK, PASS), GAME_OK);
    ck_assert(game_over(&g));
    struct search *s = make(NULL);
    uint8_t st[BOARD_MAX_POINTS], dead[BOARD_MAX_POINTS] = {0};
    ck_assert_int_eq(search_final_status(s, &g, st), 1);
    ck_assert_int_eq(st[board_point(&g.board, 2, 0)], STONE_DEAD);
    dead[board_point(&g.board, 2, 0)] = 1;
    ck_assert(game_score(&g, dead) == 1.5);
    ck_assert(game_score(&g, NULL) == -1.5);
    game_free(&g);
    search_free(s);
}
END_TEST

/* Checks the counts below `n` after a search: every playout through a node
 * went on into one of its children unless it stopped there as a leaf, so
 * the children's visits add up to at most the node's (more would be a result
 * added twice, or a virtual loss taken back from the wrong node), and no
 * node has more wins than its visits allow. Returns the nodes checked. */
static int check_counts(struct tree *tr, struct tree_node *n)
{
    ck_assert_uint_le(tree_wins(n), 2 * (uint64_t)tree_visits(n));
    if (!tree_is_expanded(n))
        return 1;
    uint64_t sum = 0;
    int checked = 1;
    struct tree_node *ch = tree_node_at(tr, n->first);
    for (int i = 0; i < n->n_children; i++) {
        sum += tree_visits(&ch[i]);
        checked += check_counts(tr, &ch[i]);
    }
    ck_assert_uint_le(sum, tree_visits(n));
    return checked;
}

/* Status of every stone of `rows` (as in setup) by a search of `threads`
 * threads: `want` rows use 'a' alive, 'd' dead, 's' seki for stones and
 * '.' for empty points. */
static void check_status(const char *const *rows, const char *const *want, int size,
                         double komi, double score, const char *threads)
{
    const char *kv[] = {"seed", "3", "threads", threads, NULL};
    struct search *s = make(kv);
    struct game g;
    setup(&g, size, komi, rows);
    uint8_t st[BOARD_MAX_POINTS], dead[BOARD_MAX_POINTS] = {0};
    search_final_status(s, &g, st);
    for (int r = 0; r < size; r++)
        for (int x = 0; x < size; x++) {
            point p = board_point(&g.board, x, size - 1 - r);
            int expect = want[r][x] == 'a' ? STONE_ALIVE : want[r][x] == 'd' ? STONE_DEAD
                         : want[r][x] == 's' ? STONE_SEKI : STONE_NONE;
            ck_assert_msg(st[p] == expect, "row %d column %d: status %d, expected %d",
                          size - r, x + 1, st[p], expect);
            dead[p] = st[p] == STONE_DEAD;
        }
    ck_assert_msg(game_score(&g, dead) == score, "score %g, expected %g",
                  game_score(&g, dead), score);
    game_free(&g);
    search_free(s);
}

/* Columns C-D (White, 12 stones) and E (Black, 7) share their only two
 * liberties, D7 and D1: whoever fills one puts its own string in atari,
 * so both live in seki and the two points are dame. Random playouts
 * filled them and called one side dead. Black 14 + 7, White 12 + 14. */
static const char *const seki7[] = {
    ".XO.XO.",
    "XXOOXOO",
    ".XOOXO.",
    "XXOOXOO",
    ".XOOXO.",
    "XXOOXOO",
    ".XO.XO.",
};
static const char *const seki7_want[] = {
    ".as.sa.",
    "aasssaa",
    ".asssa.",
    "aasssaa",
    ".asssa.",
    "aasssaa",
    ".as.sa.",
};

START_TEST(seki_lives_nakade_dies)
{
    check_status(seki7, seki7_want, 7, 0.5, -5.5, "1");
    /* The same kind of shape is no seki when Black's stone sits inside
     * White's eye space: White (7 stones) has B7 and D7, and Black kills it
     * by putting two stones in atari (B7 next to C7), the nakade the
     * seki-safe playouts must still play. */
    const char *nakade[] = {
        "O.X.OX.",
        "OOOOOXX",
        "XXXXXXX",
        ".X.X.X.",
        "XXXXXXX",
        ".X.X.X.",
        "XXXXXXX",
    };
    const char *nakade_want[] = {
        "d.a.da.",
        "dddddaa",
        "aaaaaaa",
        ".a.a.a.",
        "aaaaaaa",
        ".a.a.a.",
        "aaaaaaa",
    };
    check_status(nakade, nakade_want, 7, 0.5, 48.5, "1");
}
END_TEST

/* The ownership search on two threads (its own tree, seki-safe playouts). */
START_TEST(two_threads_seki)
{
    check_status(seki7, seki7_want, 7, 0.5, -5.5, "2");
}
END_TEST

START_TEST(two_threads)
{
    const char *kv[] = {"playouts", "4000", "threads", "2", "reuse_tree", "0", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    int64_t last_playouts = 0;
    for (int i = 0; i < 6; i++) {
        enum color c = game_to_move(&g);
        struct search_result r = search_genmove(s, &g, c, &tc);
        ck_assert(r.move != RESIGN);
        ck_assert_int_eq(game_play(&g, c, r.move), GAME_OK);
        last_playouts = r.playouts;
    }
    /* Every path visit was backed up: no virtual loss left behind, and the
     * root's results, which each worker holds back for a few playouts, were
     * all added when the search stopped (the tree starts afresh each move). */
    struct tree_node *root = tree_root(&s->tree);
    ck_assert_uint_eq(tree_visits(root), (uint64_t)last_playouts);
    uint32_t sum = 0;
    struct tree_node *ch = tree_node_at(&s->tree, root->first);
    for (int i = 0; i < root->n_children; i++)
        sum += tree_visits(&ch[i]);
    ck_assert_uint_eq(sum, tree_visits(root));
    game_free(&g);
    search_free(s);
}
END_TEST

/* search_interrupt (GoGui's SIGINT) from another thread ends a genmove long
 * before its time, with a move; one that comes before the search is
 * forgotten: the next search does its whole budget. */
static bool search_has_played(void *arg)
{
    struct search *s = arg;
    return atomic_load(&s->job.playouts) > 0;
}

/* Interrupts the search once it has played a playout of this genmove. */
static void *interrupt_when_running(void *arg)
{
    struct search *s = arg;
    wait_until(search_has_played, s, 60);
    search_interrupt(s);
    return NULL;
}

START_TEST(interrupt_ends_genmove)
{
    const char *kv[] = {"threads", "2", "playouts", "0", "time_per_move", "20", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, interrupt_when_running, s), 0);
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    pthread_join(th, NULL);
    ck_assert_msg(r.seconds < 10, "interrupted as it began, answered after %.1f s", r.seconds);
    ck_assert_int_gt(r.playouts, 0);
    ck_assert(r.move > 0);
    ck_assert_int_eq(game_check_move(&g, BLACK, r.move), GAME_OK);
    game_free(&g);
    search_free(s);
}
END_TEST

START_TEST(interrupt_between_searches_forgotten)
{
    const char *kv[] = {"playouts", "2000", "early_stop", "0", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    search_interrupt(s);
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    ck_assert_int_eq(r.playouts, 2000);
    game_free(&g);
    search_free(s);
}
END_TEST

/* Two threads on one tree, long enough for busy nodes below the root (whose
 * AMAF results the workers buffer): the counts of the whole tree add up.
 * Light playouts, so that the sanitizer builds get there in seconds. */
START_TEST(two_threads_counts)
{
    const char *kv[] = {"playouts", "40000", "threads", "2", "reuse_tree", "0",
                        "playout", "light", "pw_mu", "0", "bt_c", "0", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    struct tree_node *root = tree_root(&s->tree);
    ck_assert_uint_eq(tree_visits(root), (uint64_t)r.playouts);
    ck_assert_int_gt(check_counts(&s->tree, root), 10000);
    game_free(&g);
    search_free(s);
}
END_TEST

/* The knowledge terms with two threads (make tsan runs this): BT playouts,
 * priors computed at expansion by whichever worker claims the node, PW and
 * the bias read by both, tree reuse between moves. Every visit of a fresh
 * tree is backed up, and the root's children keep their prior order. */
START_TEST(two_threads_knowledge)
{
    const char *kv[] = {"playouts", "1500", "threads", "2", "playout", "bt", "pw_mu", "1.8",
                        "bt_c", "0.6", "bt_k", "600", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    for (int i = 0; i < 3; i++) {
        enum color c = game_to_move(&g);
        struct search_result r = search_genmove(s, &g, c, &tc);
        ck_assert(r.move != RESIGN);
        struct tree_node *root = tree_root(&s->tree);
        uint32_t sum = 0;
        struct tree_node *ch = tree_node_at(&s->tree, root->first);
        for (int k = 0; k < root->n_children; k++) {
            sum += tree_visits(&ch[k]);
            if (k > 0)
                ck_assert(ch[k].prior <= ch[k - 1].prior);
        }
        /* A reused root also counts the playouts that stopped at it while
         * it was a leaf; the first search starts from an empty tree. */
        if (i == 0)
            ck_assert_uint_eq(sum, tree_visits(root));
        ck_assert_uint_le(sum, tree_visits(root));
        ck_assert_int_eq(game_play(&g, c, r.move), GAME_OK);
    }
    game_free(&g);
    search_free(s);
}
END_TEST

/* Written by the analysis thread; calls and max_n are atomic because the
 * test polls them while it runs. */
struct seen { atomic_int calls, max_n; int64_t last_playouts; bool sorted; };

static void on_report(void *ctx, const struct search_report *r)
{
    struct seen *v = ctx;
    atomic_fetch_add(&v->calls, 1);
    if (r->n > atomic_load(&v->max_n))
        atomic_store(&v->max_n, r->n);
    v->last_playouts = r->playouts;
    for (int i = 1; i < r->n; i++)
        if (r->cand[i].visits > r->cand[i - 1].visits)
            v->sorted = false;
    for (int i = 0; i < r->n; i++)
        if (r->cand[i].pv_len < 1 || r->cand[i].pv[0] != r->cand[i].move)
            v->sorted = false;
}

static bool seen_enough(void *ctx)
{
    struct seen *v = ctx;
    return atomic_load(&v->calls) >= 3 && atomic_load(&v->max_n) > 3;
}

START_TEST(analysis_streams)
{
    struct search *s = make(NULL);
    struct game g;
    game_init(&g, 9, 7.5);
    struct seen v = {0, 0, 0, true};
    ck_assert(search_analyze_start(s, &g, BLACK, 20, on_report, &v));
    wait_until(seen_enough, &v, 30);
    search_analyze_stop(s);
    int calls = atomic_load(&v.calls);
    ck_assert_int_ge(calls, 3);
    ck_assert_int_gt(atomic_load(&v.max_n), 3);
    ck_assert(v.sorted);
    /* Stopped means stopped: while a second analysis reports three times,
     * the first one's callback is not called again. */
    struct seen w = {0, 0, 0, true};
    ck_assert(search_analyze_start(s, &g, WHITE, 20, on_report, &w));
    ck_assert(wait_until(seen_enough, &w, 30));
    search_analyze_stop(s);
    ck_assert_int_eq(atomic_load(&v.calls), calls);
    search_analyze_stop(s);             /* twice is harmless */
    game_free(&g);
    search_free(s);
}
END_TEST

START_TEST(tree_reuse)
{
    const char *kv[] = {"playouts", "2000", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    ck_assert_int_eq(game_play(&g, BLACK, r.move), GAME_OK);
    /* White answers with the move the tree liked best for White. */
    struct tree_node *me = tree_child(&s->tree, tree_root(&s->tree), r.move);
    ck_assert_ptr_nonnull(me);
    ck_assert(tree_is_expanded(me));
    struct tree_node *reply = NULL;
    struct tree_node *ch = tree_node_at(&s->tree, me->first);
    for (int i = 0; i < me->n_children; i++)
        if (!reply || tree_visits(&ch[i]) > tree_visits(reply))
            reply = &ch[i];
    uint32_t kept = tree_visits(reply);
    ck_assert_uint_ge(kept, 2);
    ck_assert_int_eq(game_play(&g, WHITE, tree_move(reply)), GAME_OK);
    search_prepare(s, &g, BLACK);
    ck_assert_uint_eq(tree_visits(tree_root(&s->tree)), kept);
    game_free(&g);
    search_free(s);
}
END_TEST

/* The root's children have been visited a few hundred times between them. */
static bool root_visited(void *arg)
{
    struct search *s = arg;
    return atomic_load(&s->job.playouts) >= 300;
}

START_TEST(ponder_then_reuse)
{
    const char *kv[] = {"ponder", "1", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    ck_assert_int_eq(game_play(&g, BLACK, board_point(&g.board, 4, 4)), GAME_OK);
    search_ponder_start(s, &g, WHITE);
    ck_assert(s->bg_running);
    ck_assert(wait_until(root_visited, s, 30));
    search_ponder_stop(s);
    struct tree_node *root = tree_root(&s->tree), *best = NULL;
    ck_assert(tree_is_expanded(root));
    struct tree_node *ch = tree_node_at(&s->tree, root->first);
    for (int i = 0; i < root->n_children; i++)
        if (!best || tree_visits(&ch[i]) > tree_visits(best))
            best = &ch[i];
    uint32_t kept = tree_visits(best);
    ck_assert_uint_gt(kept, 0);
    ck_assert_int_eq(game_play(&g, WHITE, tree_move(best)), GAME_OK);
    search_prepare(s, &g, BLACK);
    ck_assert_uint_eq(tree_visits(tree_root(&s->tree)), kept);
    game_free(&g);
    search_free(s);
    /* ponder=0: ponder_start does nothing */
    s = make(NULL);
    game_init(&g, 9, 7.5);
    search_ponder_start(s, &g, BLACK);
    ck_assert(!s->bg_running);
    search_ponder_stop(s);
    game_free(&g);
    search_free(s);
}
END_TEST

START_TEST(superko_at_root)
{
    /* Black takes the ko, both pass, and White's retake would repeat the
     * position before the capture: legal by simple ko, not by superko. */
    const char *rows[] = {
        ".XO..",
        "XO.O.",
        ".XO..",
        ".....",
        ".....",
    };
    const char *kv[] = {"playouts", "1000", NULL};
    struct search *s = make(kv);
    struct game g;
    setup(&g, 5, 0.5, rows);
    point take = board_point(&g.board, 2, 3), retake = board_point(&g.board, 1, 3);
    ck_assert_int_eq(game_play(&g, BLACK, take), GAME_OK);
    ck_assert_int_eq(game_play(&g, WHITE, PASS), GAME_OK);
    ck_assert_int_eq(game_play(&g, BLACK, PASS), GAME_OK);
    ck_assert_int_eq(game_check_move(&g, WHITE, retake), GAME_SUPERKO);
    struct time_control tc;
    timectl_init(&tc);
    struct search_result r = search_genmove(s, &g, WHITE, &tc);
    ck_assert(s->job.root_forbidden[retake]);
    ck_assert_int_ne(r.move, retake);
    ck_assert(r.move == PASS || r.move == RESIGN || game_check_move(&g, WHITE, r.move) == GAME_OK);
    game_free(&g);
    search_free(s);
}
END_TEST

/* restricted_genmove's search: the move is one of the allowed points, the
 * best of them when one is clearly best, and with progressive widening the
 * allowed points compete among themselves (forbidden children take no
 * place in the window), so more than one of them is searched. */
START_TEST(restricted_choice)
{
    for (int pw = 0; pw <= 1; pw++) {
        /* no tree reuse: the second search must not start from the first's visits */
        const char *kv[] = {"playouts", "3000", "seed", "7", "pw_mu", pw ? "1.8" : "0",
                            "reuse_tree", "0", NULL};
        struct search *s = make(kv);
        struct game g;
        setup(&g, 9, 7.5, big_group_in_atari);
        struct time_control tc;
        timectl_init(&tc);
        uint8_t only[BOARD_MAX_POINTS] = {0};
        point capture = board_point(&g.board, 5, 3);
        point corner = board_point(&g.board, 0, 0), edge = board_point(&g.board, 8, 4);
        only[corner] = only[edge] = only[capture] = 1;
        struct search_result r = search_genmove_restricted(s, &g, BLACK, &tc, only);
        ck_assert_msg(r.move == capture, "pw %d: %d", pw, r.move);
        /* Without the capture: one of the two others, both searched. */
        only[capture] = 0;
        r = search_genmove_restricted(s, &g, BLACK, &tc, only);
        ck_assert_msg(r.move == corner || r.move == edge, "pw %d: %d", pw, r.move);
        struct tree_node *root = tree_root(&s->tree);
        struct tree_node *a = tree_child(&s->tree, root, corner);
        struct tree_node *b = tree_child(&s->tree, root, edge);
        ck_assert(a && b && tree_visits(a) > 0 && tree_visits(b) > 0);
        uint64_t others = 0;
        struct tree_node *ch = tree_node_at(&s->tree, root->first);
        for (int i = 0; i < root->n_children; i++)
            if (&ch[i] != a && &ch[i] != b)
                others += tree_visits(&ch[i]);
        ck_assert_msg(others == 0, "pw %d: %llu visits outside the allowed points", pw,
                      (unsigned long long)others);
        /* Only occupied points: nothing can be played, so a pass, at once. */
        memset(only, 0, sizeof only);
        only[board_point(&g.board, 3, 5)] = 1;
        r = search_genmove_restricted(s, &g, BLACK, &tc, only);
        ck_assert_int_eq(r.move, PASS);
        game_free(&g);
        search_free(s);
    }
}
END_TEST

START_TEST(full_pool)
{
    const char *kv[] = {"playouts", "3000", "memory", "4", "expand_visits", "1", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 19, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    ck_assert(atomic_load(&s->tree.pool[s->tree.cur].full));
    ck_assert(r.playouts > 1000 && r.playouts <= 3000);  /* it may stop early, not fail */
    ck_assert_int_eq(game_check_move(&g, BLACK, r.move), GAME_OK);
    game_free(&g);
    search_free(s);
}
END_TEST

/* The playout value with score_weight: whole half points whose mean is
 * (1 - w) * win + w * (1 + tanh(score / scale)) / 2, twice over. */
static double mean_half(double w, double scale, struct rng *r, double score, int n)
{
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        uint32_t h = search_result_half(w, scale, r, score);
        ck_assert_uint_le(h, 2);
        sum += h;
    }
    return (double)sum / n;
}

START_TEST(score_weight_value)
{
    struct params p;
    params_default(&p);
    ck_assert(p.score_weight == 0);     /* off unless asked for */
    struct rng r;
    rng_seed(&r, 7);
    /* Off: the result is the win, the jigo or the loss, nothing else. */
    ck_assert_uint_eq(search_result_half(0, 19, &r, 0.5), 2);
    ck_assert_uint_eq(search_result_half(0, 19, &r, 0), 1);
    ck_assert_uint_eq(search_result_half(0, 19, &r, -60.5), 0);
    char err[200];
    ck_assert(params_set(&p, "score_weight", "0.2", err, sizeof err));
    const double w = p.score_weight;
    const int n = 200000;   /* the mean's error is below 0.003 (sd of a draw <= 0.5) */
    double scores[] = {-80.5, -20.5, -0.5, 0.5, 10.5, 40.5};
    double last = -1;
    for (int i = 0; i < 6; i++) {
        double want = 0.8 * (scores[i] > 0 ? 2 : 0) + 0.2 * (1 + tanh(scores[i] / 19));
        double got = mean_half(w, 19, &r, scores[i], n);
        ck_assert_msg(fabs(got - want) < 0.01, "score %.1f: mean %.4f, want %.4f", scores[i],
                      got, want);
        ck_assert(got > last);      /* more margin, more value */
        last = got;
    }
    /* A small win is still worth far more than a big loss: the margin only
     * orders wins among themselves and losses among themselves. */
    ck_assert(mean_half(w, 19, &r, 0.5, n) > 1.5 && mean_half(w, 19, &r, -0.5, n) < 0.5);
    /* score_scale replaces the board's side as tanh's unit. */
    ck_assert(params_set(&p, "score_scale", "5", err, sizeof err));
    double want = 1.6 + 0.2 * (1 + tanh(10.5 / 5));
    ck_assert(fabs(mean_half(w, p.score_scale, &r, 10.5, n) - want) < 0.01);
}
END_TEST

/* The final decision's win-rate check: a second move better by win rate is
 * played when its visits reach overturn_share of the most visited's, with
 * the bias on or off (bt_c is no mode switch for it). */
START_TEST(overturn_share_decides)
{
    const char *kv[] = {"seed", "1", NULL};
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    search_prepare(s, &g, BLACK);
    point a = board_point(&g.board, 2, 2), b = board_point(&g.board, 4, 4);
    struct tree_node *root = tree_root(&s->tree);
    struct tree_node *na = tree_child(&s->tree, root, a), *nb = tree_child(&s->tree, root, b);
    ck_assert(na && nb);
    atomic_store(&na->stats, ((uint64_t)100 << 32) | 100);  /* 100 visits at 50% */
    atomic_store(&nb->stats, ((uint64_t)108 << 32) | 90);   /* 90 visits at 60% */
    const struct {
        const char *share, *bt_c;
        point want;
    } cases[] = {
        {"0.95", "0.1", a}, {"0.95", "0", a}, {"0.8", "0", b}, {"0.8", "0.1", b}, {"0", "0.1", b},
    };
    char err[200];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct params p = *search_params(s);
        ck_assert(params_set(&p, "overturn_share", cases[i].share, err, sizeof err));
        ck_assert(params_set(&p, "bt_c", cases[i].bt_c, err, sizeof err));
        ck_assert_msg(search_set_params(s, &p, err, sizeof err), "%s", err);
        struct search_result r = search_decide(s, &g);
        ck_assert_msg(r.move == cases[i].want, "overturn_share %s, bt_c %s: played %d",
                      cases[i].share, cases[i].bt_c, r.move);
    }
    game_free(&g);
    search_free(s);
}
END_TEST

/* The searcher keeps its parameters exactly as given, so the front end can
 * read them back from it: a value the search uses adjusted (virtual_loss 0
 * counts as 1) still reads back as set. */
START_TEST(params_read_back)
{
    const char *kv[] = {"virtual_loss", "0", "playouts", "300", NULL};
    struct search *s = make(kv);
    ck_assert_int_eq(search_params(s)->virtual_loss, 0);
    ck_assert_int_eq(search_params(s)->playouts, 300);
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    ck_assert_int_le(r.playouts, 300);       /* the budget is the parameter's */
    ck_assert_int_eq(search_params(s)->virtual_loss, 0);
    game_free(&g);
    search_free(s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, legal_first_move);
    tcase_add_test(tc, captures_big_group);
    tcase_add_test(tc, early_stop_modes);
    tcase_add_test(tc, tactical_hints);
    tcase_add_test(tc, tree_ladder_leaves_out);
    tcase_add_test(tc, reproducible);
    tcase_add_test(tc, reseed_repeats);
    tcase_add_test(tc, game_ends);
    tcase_add_test(tc, dead_stones);
    tcase_add_test(tc, tree_reuse);
    tcase_add_test(tc, superko_at_root);
    tcase_add_test(tc, restricted_choice);
    tcase_add_test(tc, dead_after_two_passes);
    tcase_add_test(tc, seki_lives_nakade_dies);
    tcase_add_test(tc, full_pool);
    tcase_add_test(tc, score_weight_value);
    tcase_add_test(tc, overturn_share_decides);
    tcase_add_test(tc, params_read_back);
    suite_add_tcase(s, tc);
    /* Threads on one tree: also the TSan target (make tsan runs this case). */
    TCase *th = tcase_create("threads");
    tcase_set_timeout(th, 300);
    tcase_add_test(th, two_threads);
    tcase_add_test(th, two_threads_counts);
    tcase_add_test(th, interrupt_ends_genmove);
    tcase_add_test(th, interrupt_between_searches_forgotten);
    tcase_add_test(th, two_threads_knowledge);
    tcase_add_test(th, two_threads_seki);
    tcase_add_test(th, analysis_streams);
    tcase_add_test(th, ponder_then_reuse);
    suite_add_tcase(s, th);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
