/* test_search_prior — the BT knowledge of the tree: P(m) normalised over a
 * node's moves and the children in prior order; progressive widening's
 * T(n) = 1 + log n / log mu; the bias coefficient C_BT sqrt(K / (n + K)); and
 * in whole searches, that children past T(n) stay unvisited and that the
 * bias draws visits to the moves the model likes. */
#include "engine/search_prior.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "engine/search.h"
#include "engine/search_internal.h"
#include "patterns/features.h"
#include "patterns/gammas.h"

START_TEST(pw_width)
{
    /* Ikeda & Viennot 2013, formula (3), values worked out by hand. */
    ck_assert_int_eq(search_pw_width(1.8, 0, 80), 1);
    ck_assert_int_eq(search_pw_width(1.8, 1, 80), 1);
    ck_assert_int_eq(search_pw_width(1.8, 2, 80), 2);      /* 1 + 0.693/0.588 = 2.18 */
    ck_assert_int_eq(search_pw_width(1.8, 10, 80), 4);     /* 1 + 2.303/0.588 = 4.92 */
    ck_assert_int_eq(search_pw_width(1.8, 100, 80), 8);    /* 8.83 */
    ck_assert_int_eq(search_pw_width(1.8, 10000, 80), 16); /* 16.67 */
    ck_assert_int_eq(search_pw_width(1.2, 1000, 400), 38); /* 1 + 6.908/0.182 = 38.9 */
    ck_assert_int_eq(search_pw_width(5.0, 1000, 80), 5);   /* 5.29 */
    /* Capped by the children there are; mu = 1.0001 searches all. */
    ck_assert_int_eq(search_pw_width(1.0001, 50, 80), 80);
    ck_assert_int_eq(search_pw_width(1.8, 10000, 7), 7);
    /* Off: 0, or any mu <= 1. */
    ck_assert_int_eq(search_pw_width(0, 1000, 80), 80);
    ck_assert_int_eq(search_pw_width(1.0, 1000, 80), 80);
    ck_assert_int_eq(search_pw_width(0.5, 1000, 80), 80);
    /* Never decreasing in n. */
    int prev = 0;
    for (uint32_t n = 0; n < 100000; n += 37) {
        int t = search_pw_width(1.5, n, 1000);
        ck_assert_int_ge(t, prev);
        prev = t;
    }
}
END_TEST

START_TEST(bias_coef)
{
    /* After 3K visits of the parent the bias is half its start (Ikeda &
     * Viennot 2013, section 5.2). */
    ck_assert(fabs(search_bias_coef(0.6, 600, 0) - 0.6) < 1e-12);
    ck_assert(fabs(search_bias_coef(0.6, 600, 1800) - 0.3) < 1e-12);
    ck_assert(fabs(search_bias_coef(1.2, 400, 400) - 1.2 * sqrt(0.5)) < 1e-12);
    /* K = infinity: constant. */
    ck_assert(fabs(search_bias_coef(0.1, INFINITY, 0) - 0.1) < 1e-12);
    ck_assert(fabs(search_bias_coef(0.1, INFINITY, 4000000000u) - 0.1) < 1e-12);
    /* Off. */
    ck_assert(search_bias_coef(0, 600, 10) == 0);
    ck_assert(search_bias_coef(0, INFINITY, 10) == 0);
    /* For n >> K it behaves like C_BT sqrt(K) / sqrt(n) (their section 5.4). */
    double a = search_bias_coef(0.6, 600, 1000000), b = 0.6 * sqrt(600.0) / sqrt(1000000.0);
    ck_assert(fabs(a - b) / b < 1e-3);
}
END_TEST

/* A middle-game position: priors sum to 1, come in decreasing order, equal
 * strength / sum over the given moves, and hints follow their moves. */
START_TEST(prior_rank)
{
    pat_init();
    const struct pat_gammas *g = pat_gammas_default();
    struct board b;
    board_clear(&b, 9);
    struct rng r;
    rng_seed(&r, 3);
    struct playout_policy light = playout_light();
    enum color c = BLACK;
    for (int i = 0; i < 30; i++) {
        point p = light.choose(&light, &b, c, &r);
        board_play(&b, c, p);
        c = color_other(c);
    }
    point moves[BOARD_MAX_POINTS + 1], orig[BOARD_MAX_POINTS + 1];
    uint8_t hints[BOARD_MAX_POINTS + 1];
    float priors[BOARD_MAX_POINTS + 1];
    int n = 0;
    for (int i = 0; i < b.n_empty; i++)
        if (board_is_legal(&b, c, b.empty[i]) && !board_is_eyelike(&b, c, b.empty[i])) {
            orig[n] = moves[n] = b.empty[i];
            hints[n] = (uint8_t)(moves[n] & 0xff);
            n++;
        }
    orig[n] = moves[n] = PASS;
    hints[n++] = 7;
    ck_assert_int_gt(n, 20);
    struct search_prior_table pt;
    ck_assert(search_prior_table_init(&pt, g));
    ck_assert_int_gt(g->n_factors, 0);   /* the norms are in play */
    search_prior_rank(&pt, &b, c, moves, priors, hints, n);
    struct pat_opts o;
    pat_gammas_opts(g, &o);
    /* The stored norms give the table's strength but for the last bits. */
    for (int i = 0; i < n; i++) {
        pat_vec v = pat_move_features(&b, c, orig[i], &o);
        double want = pat_gammas_strength(g, v), got = search_prior_strength(&pt, v);
        ck_assert_msg(fabs(got - want) <= 1e-12 * want, "strength %d: %.17g, want %.17g", i,
                      got, want);
    }
    search_prior_table_free(&pt);
    double sum = 0, total = 0;
    for (int i = 0; i < n; i++)
        sum += pat_gammas_strength(g, pat_move_features(&b, c, orig[i], &o));
    for (int i = 0; i < n; i++) {
        total += priors[i];
        if (i > 0)
            ck_assert(priors[i] <= priors[i - 1]);
        double want = pat_gammas_strength(g, pat_move_features(&b, c, moves[i], &o)) / sum;
        ck_assert_msg(fabs(priors[i] - want) < 1e-6 * (want > 1e-3 ? want * 1e3 : 1),
                      "prior %d: %g, want %g", i, priors[i], want);
        ck_assert_int_eq(hints[i], moves[i] == PASS ? 7 : (uint8_t)(moves[i] & 0xff));
        int found = 0;      /* exactly once: the result is a permutation */
        for (int k = 0; k < n; k++)
            found += orig[k] == moves[i];
        ck_assert_int_eq(found, 1);
    }
    ck_assert(fabs(total - 1.0) < 1e-4);
    ck_assert(priors[0] > 5 * priors[n / 2]);   /* the model has opinions here */
}
END_TEST

static struct search *make(const char *const *kv)
{
    struct params p;
    params_default(&p);
    char err[200];
    ck_assert(params_set(&p, "threads", "1", err, sizeof err));
    ck_assert(params_set(&p, "memory", "32", err, sizeof err));
    ck_assert(params_set(&p, "seed", "5", err, sizeof err));
    ck_assert(params_set(&p, "resign", "0", err, sizeof err));
    ck_assert(params_set(&p, "playouts", "1500", err, sizeof err));
    /* Knowledge off as the base (it is on by default): each test turns on
     * the term it is about and compares with the search without it. */
    ck_assert(params_set(&p, "playout", "light", err, sizeof err));
    ck_assert(params_set(&p, "pw_mu", "0", err, sizeof err));
    ck_assert(params_set(&p, "bt_c", "0", err, sizeof err));
    ck_assert(params_set(&p, "bt_k", "inf", err, sizeof err));
    for (int i = 0; kv && kv[i]; i += 2)
        ck_assert_msg(params_set(&p, kv[i], kv[i + 1], err, sizeof err), "%s", err);
    struct search *s = search_new(&p, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    return s;
}

/* Visits of the root's children after one genmove on an empty 9x9 board. */
static void root_after_search(const char *const *kv, uint32_t *visits, float *priors, int *n,
                              uint32_t *root_visits)
{
    struct search *s = make(kv);
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    search_genmove(s, &g, BLACK, &tc);
    struct tree_node *root = tree_root(&s->tree);
    ck_assert(tree_is_expanded(root));
    *root_visits = tree_visits(root);
    *n = root->n_children;
    struct tree_node *ch = tree_node_at(&s->tree, root->first);
    for (int i = 0; i < *n; i++) {
        visits[i] = tree_visits(&ch[i]);
        priors[i] = ch[i].prior;
    }
    game_free(&g);
    search_free(s);
}

/* Progressive widening: children come in prior order and those past
 * T(n) of the root's final visit count (plus the virtual loss of the last
 * descent) were never visited; without it, far more children are. */
START_TEST(pw_in_search)
{
    uint32_t v[BOARD_MAX_POINTS + 1], nroot;
    float pr[BOARD_MAX_POINTS + 1];
    int n;
    const char *kv[] = { "pw_mu", "1.8", "playout", "bt", NULL };
    root_after_search(kv, v, pr, &n, &nroot);
    ck_assert_int_gt(n, 70);
    int width = search_pw_width(1.8, nroot + 3, n);
    ck_assert_int_lt(width, 25);
    int visited = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0)
            ck_assert(pr[i] <= pr[i - 1]);
        if (i >= width)
            ck_assert_msg(v[i] == 0, "child %d of %d (width %d) has %u visits", i, n, width, v[i]);
        visited += v[i] > 0;
    }
    ck_assert_int_gt(visited, 3);
    const char *off[] = { "playout", "bt", NULL };
    root_after_search(off, v, pr, &n, &nroot);
    visited = 0;
    for (int i = 0; i < n; i++)
        visited += v[i] > 0;
    ck_assert_int_gt(visited, width);
}
END_TEST

/* The bias: a large C_BT sends the root's visits to the moves the model
 * likes (the visit-weighted mean prior rises) compared with no real bias
 * (same seed, same budget; the empty board's symmetry shares the top prior
 * among several children, hence the mean rather than the top share). */
static double mean_prior(const uint32_t *v, const float *pr, int n)
{
    double num = 0, den = 0;
    for (int i = 0; i < n; i++) {
        num += (double)v[i] * pr[i];
        den += v[i];
    }
    return den > 0 ? num / den : 0;
}

/* Searches `g` for Black (1,500 playouts, `kv` on the base parameters, mu 5
 * among them) and checks the root's children: a child carries the let-in
 * flag exactly when it is not the first (in the window anyway) and its move
 * is marked in `want`, the root's flag says whether any does, and every
 * child past the window that got visits is flagged. Returns how many are
 * flagged; *outside = the visited children past the window. The callers
 * turn pw_rave off, so that only the rule under test lets moves in. */
static int check_let_in(const char *const *kv, struct game *g, const bool *want,
                        const char *what, int *outside)
{
    struct search *s = make(kv);
    struct time_control tc;
    timectl_init(&tc);
    search_genmove(s, g, BLACK, &tc);
    struct tree_node *root = tree_root(&s->tree);
    ck_assert(tree_is_expanded(root));
    int n = root->n_children;
    int width = search_pw_width(5, tree_visits(root) + 3, n);
    ck_assert_int_lt(width, 8);
    struct tree_node *ch = tree_node_at(&s->tree, root->first);
    int flagged = 0;
    *outside = 0;
    for (int i = 0; i < n; i++) {
        point m = tree_move(&ch[i]);
        bool in = atomic_load(&ch[i].pw) & TREE_PW_IN;
        bool should = i > 0 && m != PASS && want[m];
        ck_assert_msg(in == should, "%s: child %d flag %d, expected %d", what, i, in, should);
        flagged += in;
        if (i >= width && tree_visits(&ch[i]) > 0) {
            ck_assert_msg(in, "%s: child %d past the window (%d) visited", what, i, width);
            ++*outside;
        }
    }
    ck_assert_int_eq(!!(atomic_load(&root->pw) & TREE_PW_SOME), flagged > 0);
    search_free(s);
    return flagged;
}

/* pw_libs: on a position with a white stone (E5) and a black one (C7) at
 * two liberties each, exactly the root's children on a liberty of a string
 * with at most two liberties are let in, and some of them past the window
 * are visited; with pw_libs 0 nothing is let in and nothing past the window
 * is visited. pw_libs -1 (the default, by size) is 0 on 9x9 and 2 on
 * 19x19; the stones stand clear of the edge, so their liberties are the
 * same on both boards. mu 5: a window of 5 at 1,500 visits, narrower than
 * the 9x9 prior's ranks of these liberties (2nd to 10th). */
START_TEST(pw_libs_in_search)
{
    static const struct { int size; const char *val; int libs; } cases[] = {
        { 9, "0", 0 }, { 9, "2", 2 }, { 9, "-1", 0 }, { 19, "-1", 2 },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const char *kv[] = { "pw_mu", "5", "playout", "bt", "pw_rave", "0", "pw_libs", cases[c].val,
                             NULL };
        struct game g;
        game_init(&g, cases[c].size, 7.5);
        const int mv[][3] = { {BLACK, 4, 3}, {WHITE, 2, 5}, {BLACK, 3, 4}, {WHITE, 1, 6},
                              {BLACK, 2, 6}, {WHITE, 4, 4} };   /* E4 C6 D5 B7 C7 E5 */
        for (int i = 0; i < 6; i++)
            ck_assert_int_eq(game_play(&g, mv[i][0], board_point(&g.board, mv[i][1], mv[i][2])), 0);
        const struct board *b = &g.board;
        ck_assert_int_eq(b->str[b->sid[board_point(b, 4, 4)]].libs, 2);
        ck_assert_int_eq(b->str[b->sid[board_point(b, 2, 6)]].libs, 2);
        /* Their liberties, worked out by hand: E6 F5 (White's E5), C8 D7
         * (Black's C7); every other string has three or more. */
        bool want[BOARD_MAX_POINTS] = { false };
        const int libs_xy[][2] = { {4, 5}, {5, 4}, {2, 7}, {3, 6} };
        for (int i = 0; cases[c].libs > 0 && i < 4; i++)
            want[board_point(b, libs_xy[i][0], libs_xy[i][1])] = true;
        char what[64];
        snprintf(what, sizeof what, "%dx%d pw_libs %s", cases[c].size, cases[c].size, cases[c].val);
        int outside, flagged = check_let_in(kv, &g, want, what, &outside);
        if (cases[c].libs) {
            ck_assert_int_ge(flagged, 3);   /* E6, F5, C8, D7 but the first child */
            ck_assert_int_gt(outside, 0);   /* and selection does reach past the window */
        } else {
            ck_assert_int_eq(flagged, 0);
            ck_assert_int_eq(outside, 0);
        }
        game_free(&g);
    }
}
END_TEST

/* pw_eyes: Black walls off A1-B1 (C1 C2 B2 A2) and White J8-J9 (H7 H8 H9
 * J7), two regions of two points, each bordered by one colour; the rest of
 * the board is one region touching both. With pw_eyes 2 or more exactly the
 * root's children in those regions are let in and selection reaches some of
 * them past the window; with 1 (regions too big) or 0 none is, and nothing
 * past the window is visited. */
START_TEST(pw_eyes_in_search)
{
    static const struct { const char *val; bool on; } cases[] = {
        { "0", false }, { "1", false }, { "2", true }, { "6", true },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const char *kv[] = { "pw_mu", "5", "playout", "bt", "pw_rave", "0", "pw_libs", "0",
                             "pw_eyes", cases[c].val, NULL };
        struct game g;
        game_init(&g, 9, 7.5);
        const int mv[][3] = { {BLACK, 2, 0}, {WHITE, 7, 6}, {BLACK, 2, 1}, {WHITE, 7, 7},
                              {BLACK, 1, 1}, {WHITE, 7, 8}, {BLACK, 0, 1}, {WHITE, 8, 6} };
        for (int i = 0; i < 8; i++)
            ck_assert_int_eq(game_play(&g, mv[i][0], board_point(&g.board, mv[i][1], mv[i][2])), 0);
        bool want[BOARD_MAX_POINTS] = { false };
        const int eye_xy[][2] = { {0, 0}, {1, 0}, {8, 7}, {8, 8} };   /* A1 B1 J8 J9 */
        for (int i = 0; cases[c].on && i < 4; i++)
            want[board_point(&g.board, eye_xy[i][0], eye_xy[i][1])] = true;
        char what[64];
        snprintf(what, sizeof what, "pw_eyes %s", cases[c].val);
        int outside, flagged = check_let_in(kv, &g, want, what, &outside);
        if (cases[c].on) {
            ck_assert_int_ge(flagged, 3);
            ck_assert_int_gt(outside, 0);
        } else {
            ck_assert_int_eq(flagged, 0);
            ck_assert_int_eq(outside, 0);
        }
        game_free(&g);
    }
}
END_TEST

/* The visit-weighted mean prior of the root's children after a search. */
static double mean_prior_after(const char *const *kv)
{
    uint32_t v[BOARD_MAX_POINTS + 1], nroot;
    float pr[BOARD_MAX_POINTS + 1];
    int n;
    root_after_search(kv, v, pr, &n, &nroot);
    return mean_prior(v, pr, n);
}

START_TEST(bias_in_search)
{
    const char *strong[] = { "bt_c", "20", "bt_k", "inf", NULL };
    double with = mean_prior_after(strong);
    const char *weak[] = { "bt_c", "0.0001", "bt_k", "inf", NULL };  /* priors and order, no real bias */
    double without = mean_prior_after(weak);
    ck_assert_msg(with > 1.5 * without, "visit-weighted mean prior %.4f with the bias, %.4f without",
                  with, without);
}
END_TEST

/* Virtual wins by the pattern prior (pattern_wins) hold the search on the
 * moves the model likes, as the bias does, with the bias itself off. */
START_TEST(pattern_wins_in_search)
{
    const char *on[] = { "bt_c", "0.0001", "pattern_wins", "300", NULL };
    double with = mean_prior_after(on);
    const char *off[] = { "bt_c", "0.0001", NULL };
    double without = mean_prior_after(off);
    ck_assert_msg(with > 1.5 * without, "visit-weighted mean prior %.4f with pattern_wins, %.4f without",
                  with, without);
}
END_TEST

/* The pass in the tree: on a settled 9x9 board after White's pass (Black
 * D1-E9, White F1-F9, the rest territory), the shipped table gives the
 * pass a real share among Black's moves (its model, for hane-prior and the
 * trainer), yet the tree's root lists it last with no prior, and the board
 * moves' priors sum to one. */
START_TEST(pass_last_in_tree)
{
    struct game g;
    game_init(&g, 9, 7.5);
    for (int y = 0; y < 9; y++) {
        ck_assert_int_eq(game_setup(&g, BLACK, board_point(&g.board, 3, y)), 0);
        ck_assert_int_eq(game_setup(&g, BLACK, board_point(&g.board, 4, y)), 0);
        ck_assert_int_eq(game_setup(&g, WHITE, board_point(&g.board, 5, y)), 0);
    }
    ck_assert_int_eq(game_play(&g, WHITE, PASS), 0);
    const char *kv[] = { "playout", "bt", "pw_mu", "1.8", "bt_c", "0.1", "bt_k", "500", NULL };
    struct search *s = make(kv);
    point moves[BOARD_MAX_POINTS + 1];
    float model[BOARD_MAX_POINTS + 1];
    int k = search_move_priors(s, &g, BLACK, moves, model);
    int pass_rank = -1;
    for (int i = 0; i < k; i++)
        if (moves[i] == PASS)
            pass_rank = i;
    ck_assert_int_ge(pass_rank, 0);
    ck_assert_msg(pass_rank < k - 1 && model[pass_rank] > 0.01,
                  "the model's pass: rank %d of %d, P %.4f", pass_rank, k, model[pass_rank]);
    struct time_control tc;
    timectl_init(&tc);
    search_genmove(s, &g, BLACK, &tc);
    struct tree_node *root = tree_root(&s->tree);
    ck_assert(tree_is_expanded(root));
    int n = root->n_children;
    ck_assert_int_eq(n, k);
    struct tree_node *ch = tree_node_at(&s->tree, root->first);
    ck_assert_int_eq(tree_move(&ch[n - 1]), PASS);
    ck_assert(ch[n - 1].prior == 0.0f);
    double sum = 0;
    for (int i = 0; i < n - 1; i++)
        sum += ch[i].prior;
    ck_assert_msg(fabs(sum - 1.0) < 1e-4, "board moves' priors sum to %.6f", sum);
    search_free(s);
    game_free(&g);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("search_prior");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, pw_width);
    tcase_add_test(tc, bias_coef);
    tcase_add_test(tc, prior_rank);
    tcase_add_test(tc, pw_in_search);
    tcase_add_test(tc, pw_libs_in_search);
    tcase_add_test(tc, pw_eyes_in_search);
    tcase_add_test(tc, bias_in_search);
    tcase_add_test(tc, pattern_wins_in_search);
    tcase_add_test(tc, pass_last_in_tree);
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
