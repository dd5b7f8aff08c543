/* Check suite for m3_agent: acceptance check 8 (README, Tests) (MCTS root visits, legal choice, determinism,
 * zero-length rollouts at the last move) and target G1 (every game scores >= 1200). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tools/match3/m3_agent.h"

/* The board of game seed `seed` and the generator of agent `index` in that game. */
static void start_game(uint64_t seed, uint32_t index, m3_source *src, m3_board *b,
                       struct rng *rng)
{
    m3_source_from_seed(src, seed);
    m3_board_init(b, src);
    m3_agent_rng(rng, seed, index);
}

static m3_expr *parse(const char *s)
{
    char err[128];
    m3_expr *e = m3_expr_parse(s, err, sizeof err);
    ck_assert_msg(e != NULL, "%s", err);
    return e;
}

START_TEST(check8_root_visits_and_legal)
{
    m3_expr *f = parse("W/n + sqrt(N/n) + M/N");
    for (int kind = M3_AGENT_VANILLA; kind <= M3_AGENT_FORMULA; kind++) {
        m3_agent a;
        m3_agent_init(&a, (m3_agent_kind)kind, f);
        ck_assert_int_eq(a.iters, 250);
        m3_source src;
        m3_board b;
        struct rng rng;
        start_game(42, 0, &src, &b, &rng);
        for (int t = 0; t < 3; t++) {
            m3_move mv;
            m3_search_stats st;
            ck_assert_int_eq(m3_mcts_search(&a, &b, &rng, &mv, &st), 0);
            ck_assert_int_eq(st.root_visits, 250);
            ck_assert_int_eq(st.root_children, m3_count_moves(&b));
            ck_assert(m3_is_legal(&b, mv));
            /* every iteration expands at most one node: at most 250 x 84 nodes below the root */
            ck_assert_int_le(st.nodes, 1 + 250 * M3_MAX_MOVES);
            m3_play(&b, mv, NULL);
        }
    }
    m3_expr_free(f);
}
END_TEST

START_TEST(check8_last_move_rollouts)
{
    m3_agent a;
    m3_agent_init(&a, M3_AGENT_VANILLA, NULL);
    m3_source src;
    m3_board b;
    struct rng rng;
    start_game(9, 0, &src, &b, &rng);
    m3_move moves[M3_MAX_MOVES];
    while (b.moves_made < 19) {
        int n = m3_legal_moves(&b, moves);
        m3_play(&b, moves[rng_below(&rng, (uint32_t)n)], NULL);
    }
    m3_move mv;
    m3_search_stats st;
    ck_assert_int_eq(m3_mcts_search(&a, &b, &rng, &mv, &st), 0);
    ck_assert_int_eq(st.root_visits, 250);
    /* the children are terminal: never expanded (so their rollouts have no move), and the
     * tree is the root and its children */
    ck_assert_int_eq(st.nodes, 1 + st.root_children);
    ck_assert(m3_is_legal(&b, mv));
}
END_TEST

static m3_game_result game(m3_agent_kind kind, const m3_expr *f, uint64_t seed, int iters)
{
    m3_agent a;
    m3_agent_init(&a, kind, f);
    a.iters = iters;
    m3_source src;
    m3_board b;
    struct rng rng;
    start_game(seed, 3, &src, &b, &rng);
    return m3_play_game(&a, &b, &rng, NULL, NULL);
}

START_TEST(check8_same_seed_same_game)
{
    m3_expr *f = parse("W/n + sqrt(M)");
    for (int kind = M3_AGENT_RANDOM; kind <= M3_AGENT_FORMULA; kind++) {
        m3_game_result x = game((m3_agent_kind)kind, f, 77, 40);
        m3_game_result y = game((m3_agent_kind)kind, f, 77, 40);
        ck_assert_int_eq(x.score, y.score);
        ck_assert(x.mean_available == y.mean_available);
    }
    m3_expr_free(f);
}
END_TEST

/* G1: every legal move scores >= 60, so every 20-move game scores >= 1200. */
START_TEST(g1_floor)
{
    m3_expr *f = parse("1/(W + 1) + sqrt(n)");
    for (uint64_t seed = 0; seed < 300; seed++) {
        m3_game_result r = game(M3_AGENT_RANDOM, NULL, seed, 0);
        ck_assert_int_ge(r.score, 1200);
        ck_assert(r.mean_available >= 0);
    }
    for (uint64_t seed = 0; seed < 6; seed++) {
        ck_assert_int_ge(game(M3_AGENT_VANILLA, NULL, seed, 20).score, 1200);
        ck_assert_int_ge(game(M3_AGENT_FORMULA, f, seed, 20).score, 1200);
    }
    m3_expr_free(f);
}
END_TEST

/* The move callback sees every move with its report; the score is the sum of the points. */
typedef struct { int calls, points; } cb_count;
static void count_cb(void *ud, int t, const m3_board *before, m3_move mv, const m3_move_report *rep,
                     const m3_board *after)
{
    cb_count *c = ud;
    c->calls++;
    ck_assert_int_eq(t, c->calls);
    ck_assert(m3_is_legal(before, mv));
    for (int s = 0; s < rep->steps; s++)
        c->points += rep->points[s];
    ck_assert_int_eq(after->score, c->points);
    ck_assert_int_ge(rep->steps, 1);
}

START_TEST(game_callback)
{
    m3_agent a;
    m3_agent_init(&a, M3_AGENT_RANDOM, NULL);
    m3_source src;
    m3_board b;
    struct rng rng;
    start_game(5, 0, &src, &b, &rng);
    cb_count c = {0, 0};
    m3_game_result r = m3_play_game(&a, &b, &rng, count_cb, &c);
    ck_assert_int_eq(c.calls, 20);
    ck_assert_int_eq(r.score, c.points);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("m3_agent");
    TCase *tc = tcase_create("agent");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, check8_root_visits_and_legal);
    tcase_add_test(tc, check8_last_move_rollouts);
    tcase_add_test(tc, check8_same_seed_same_game);
    tcase_add_test(tc, g1_floor);
    tcase_add_test(tc, game_callback);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
