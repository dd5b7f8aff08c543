/* test_narrative.c — Check suite of tools/narrative: the acceptance checks of the
 * README (Tests) computed by hand, believability and goal arithmetic on small stories,
 * JSON world errors, budgets, determinism, and every shipped world. */
#include <check.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/narrative/nv_load.h"
#include "tools/narrative/nv_search.h"
#include "tools/narrative/nv_text.h"

#define TOL 1e-12

static nv_world *W;

static void setup(void)
{
    W = malloc(sizeof *W);
    ck_assert_ptr_nonnull(W);
    nv_world_default(W);
}

static void teardown(void)
{
    free(W);
}

/* Parse a story (one action per line) or fail the test. */
static int story(const nv_world *w, const char *text, int *acts)
{
    char err[256];
    int n = nv_story_parse(w, text, acts, NV_MAX_LEN, err, sizeof err);
    ck_assert_msg(n >= 0, "parse: %s", err);
    return n;
}

static nv_score score(const nv_world *w, const char *text, double *b)
{
    int acts[NV_MAX_LEN], bad = -1;
    int n = story(w, text, acts);
    nv_score sc;
    ck_assert_msg(nv_story_score(w, acts, n, &sc, b, &bad), "illegal step %d", bad + 1);
    return sc;
}

/* whether the last action of the story is legal after the ones before it */
static bool last_legal(const nv_world *w, const char *text)
{
    int acts[NV_MAX_LEN];
    int n = story(w, text, acts);
    nv_state s;
    nv_state_init(w, &s);
    for (int k = 0; k < n - 1; k++) {
        ck_assert(nv_is_legal(w, &s, acts[k]));
        nv_apply(w, &s, acts[k]);
    }
    bool legal = nv_is_legal(w, &s, acts[n - 1]);
    /* nv_legal must agree with nv_is_legal */
    int *list = malloc(sizeof(int) * (size_t)w->n_ground);
    int m = nv_legal(w, &s, list);
    bool listed = false;
    for (int k = 0; k < m; k++)
        listed |= list[k] == acts[n - 1];
    free(list);
    ck_assert_int_eq(listed, legal);
    return legal;
}

static const char *const CHECK2 =
    "PickUp Bob Rifle\nMove Bob AliceHouse\nKill Bob Alice Rifle\n"
    "Move Sherlock AliceHouse\nSearch Sherlock AliceHouse\nKill Bob Sherlock Rifle\n"
    "Move Lestrade AliceHouse\nSearch Lestrade AliceHouse\nOfficerArrest Lestrade Bob\n";

START_TEST(ground_counts)
{
    ck_assert_int_eq(W->n_ground, 266);
    int legal[NV_MAX_GROUND];
    nv_state s;
    nv_state_init(W, &s);
    int n = nv_legal(W, &s, legal), per[NV_NTYPES] = { 0 };
    for (int k = 0; k < n; k++)
        per[W->ground[legal[k]].type]++;
    ck_assert_int_eq(n, 34);
    ck_assert_int_eq(per[NV_MOVE], 25);
    ck_assert_int_eq(per[NV_PICKUP], 3);
    ck_assert_int_eq(per[NV_EARTHQUAKE], 6);
    for (int k = 1; k < n; k++)
        ck_assert_int_lt(legal[k - 1], legal[k]);   /* ground order */
}
END_TEST

START_TEST(check1_earthquake)
{
    double b[4];
    nv_score sc = score(W, "Move Sherlock AliceHouse\nEarthquake AliceHouse\n", b);
    ck_assert_double_eq_tol(b[0], 1.0, TOL);
    ck_assert_double_eq_tol(b[1], 0.1, TOL);
    ck_assert(sc.g1 && !sc.g2);
    ck_assert_double_eq_tol(sc.E, 0.05, TOL);
}
END_TEST

START_TEST(check2_murder_and_arrest)
{
    double b[NV_MAX_LEN];
    nv_score sc = score(W, CHECK2, b);
    ck_assert_double_eq_tol(b[2], 0.9, TOL);   /* resentful kill */
    ck_assert_double_eq_tol(b[4], 1.0, TOL);   /* detective's search */
    ck_assert_double_eq_tol(b[5], 1.0, TOL);   /* silencing a witness */
    ck_assert_double_eq_tol(sc.B, 0.9, TOL);
    ck_assert_double_eq_tol(sc.G, 1.0, TOL);
    ck_assert_double_eq_tol(sc.E, 0.9, TOL);
}
END_TEST

START_TEST(check3_greed)
{
    double b[NV_MAX_LEN];
    nv_score sc = score(W,
        "PickUp Alice Vase\nPickUp Bob Rifle\nMove Bob AliceHouse\nSteal Bob Alice Vase\n"
        "Steal Alice Bob Vase\nKill Bob Alice Rifle\nMove Sherlock AliceHouse\n"
        "Search Sherlock AliceHouse\nKill Bob Sherlock Rifle\nMove Lestrade AliceHouse\n"
        "Search Lestrade AliceHouse\nOfficerArrest Lestrade Bob\n", b);
    ck_assert_double_eq_tol(b[3], 0.9, TOL);
    ck_assert_double_eq_tol(b[4], 1.0, TOL);
    ck_assert_double_eq_tol(b[5], 1.0, TOL);
    ck_assert_double_eq_tol(sc.E, 0.9, TOL);
}
END_TEST

static const char *const CHECK4 =
    "PickUp Bob Rifle\nMove Bob AliceHouse\nKill Bob Alice Rifle\n"
    "Move Sherlock AliceHouse\nSearch Sherlock AliceHouse\nSteal Sherlock Bob Rifle\n"
    "CitizenArrest Sherlock Bob\n";

START_TEST(check4_citizen_arrest_and_lambda)
{
    double b[NV_MAX_LEN];
    nv_score sc = score(W, CHECK4, b);
    ck_assert_double_eq_tol(b[5], 1.0, TOL);
    ck_assert_double_eq_tol(b[6], 1.0, TOL);
    ck_assert(!sc.g1 && sc.g2);
    ck_assert_double_eq_tol(sc.E, 0.45, TOL);
    W->lambda[NV_CITIZEN_ARREST] = 0.1;
    sc = score(W, CHECK4, b);
    ck_assert_double_eq_tol(sc.E, 0.045, TOL);
    /* λ above 1 is clamped: b ← min(1, λ·b) */
    W->lambda[NV_CITIZEN_ARREST] = 1.0;
    W->lambda[NV_KILL] = 2.0;
    sc = score(W, CHECK4, b);
    ck_assert_double_eq_tol(b[2], 1.0, TOL);
    ck_assert_double_eq_tol(sc.E, 0.5, TOL);
}
END_TEST

START_TEST(check5_unmotivated_kill)
{
    double b[4];
    nv_score sc = score(W, "PickUp Charlie Bat\nMove Charlie BobHouse\nKill Charlie Bob Bat\n", b);
    ck_assert_double_eq_tol(b[2], 0.05, TOL);
    ck_assert_double_eq_tol(sc.B, 0.05, TOL);
    ck_assert_double_eq_tol(sc.G, 0.0, TOL);
    ck_assert_double_eq_tol(sc.E, 0.0, TOL);
}
END_TEST

START_TEST(check6_dead_murderer_not_arrested)
{
    double b[4];
    nv_score sc = score(W, "Move Charlie BobHouse\nPickUp Bob Rifle\nKill Bob Charlie Rifle\n"
                           "Earthquake BobHouse\n", b);
    ck_assert_double_eq_tol(b[2], 0.05, TOL);
    ck_assert_double_eq_tol(b[3], 0.1, TOL);
    ck_assert(sc.g1 && !sc.g2);
    ck_assert_double_eq_tol(sc.E, 0.0025, TOL);
}
END_TEST

START_TEST(check7_after_earthquake)
{
    int acts[4], legal[NV_MAX_GROUND], per[NV_NTYPES] = { 0 };
    story(W, "Earthquake AliceHouse\n", acts);
    nv_state s;
    nv_state_init(W, &s);
    nv_apply(W, &s, acts[0]);
    ck_assert(s.dead & 1u);                 /* Alice */
    ck_assert(s.stuck & 1u);                /* the vase */
    int n = nv_legal(W, &s, legal);
    for (int k = 0; k < n; k++) {
        const nv_action *x = &W->ground[legal[k]];
        per[x->type]++;
        ck_assert(!(x->type == NV_PICKUP && x->i == 0));
        ck_assert(!(x->type == NV_MOVE && x->p == 0));
    }
    ck_assert_int_eq(n, 23);
    ck_assert_int_eq(per[NV_MOVE], 16);
    ck_assert_int_eq(per[NV_PICKUP], 2);
    ck_assert_int_eq(per[NV_EARTHQUAKE], 5);
    /* the vase stays stuck whoever comes by later */
    ck_assert(!last_legal(W, "Earthquake AliceHouse\nPickUp Bob Vase\n"));
}
END_TEST

START_TEST(check8_illegal)
{
    /* kill without a weapon */
    ck_assert(!last_legal(W, "Move Bob AliceHouse\nKill Bob Alice Rifle\n"));
    /* steal from an actor at another place */
    ck_assert(!last_legal(W, "PickUp Alice Vase\nSteal Bob Alice Vase\n"));
    ck_assert(last_legal(W, "PickUp Alice Vase\nMove Bob AliceHouse\nSteal Bob Alice Vase\n"));
    /* search where no killing happened */
    ck_assert(!last_legal(W, "Search Sherlock BakerStreet\n"));
    /* actions by the dead and the jailed */
    ck_assert(!last_legal(W, "Earthquake AliceHouse\nMove Alice Downtown\n"));
    ck_assert(!last_legal(W, "Move Bob PoliceStation\nOfficerArrest Lestrade Bob\n"
                             "Move Bob Downtown\n"));
    /* arrest when the police station has collapsed */
    ck_assert(last_legal(W, "Move Bob Downtown\nMove Lestrade Downtown\n"
                            "OfficerArrest Lestrade Bob\n"));
    ck_assert(!last_legal(W, "Move Bob Downtown\nMove Lestrade Downtown\n"
                             "Earthquake PoliceStation\nOfficerArrest Lestrade Bob\n"));
    /* wrong arrest kind for the role is a parse error */
    char err[128];
    int acts[2];
    ck_assert_int_lt(nv_story_parse(W, "CitizenArrest Lestrade Bob\n", acts, 2, err,
                                    sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "line 1"));
}
END_TEST

START_TEST(believability_table)
{
    double b[NV_MAX_LEN];
    /* plain theft of a weapon by a calm actor: 0.2; the victim becomes furious */
    score(W, "Move Charlie BobHouse\nPickUp Bob Rifle\nSteal Charlie Bob Rifle\n"
             "Steal Bob Charlie Rifle\n", b);
    ck_assert_double_eq_tol(b[2], 0.2, TOL);
    ck_assert_double_eq_tol(b[3], 1.0, TOL);
    /* resentment makes theft of a non-valuable 0.9; without it 0.2 */
    score(W, "Move Alice CharlieHouse\nPickUp Alice Bat\nMove Alice BobHouse\n"
             "Steal Bob Alice Bat\nMove Lestrade BobHouse\nSteal Bob Lestrade Revolver\n", b);
    ck_assert_double_eq_tol(b[3], 0.9, TOL);
    ck_assert_double_eq_tol(b[5], 0.2, TOL);
    /* a valuable tempts anyone: 0.9 */
    score(W, "PickUp Alice Vase\nMove Charlie AliceHouse\nSteal Charlie Alice Vase\n", b);
    ck_assert_double_eq_tol(b[2], 0.9, TOL);
    /* a civilian's search 0.3, sharing with a civilian 0.6, with the police 1.0,
     * arrest of someone not known to be a murderer 0.02 */
    nv_score sc = score(W,
        "PickUp Bob Rifle\nMove Bob AliceHouse\nKill Bob Alice Rifle\nMove Charlie AliceHouse\n"
        "Search Charlie AliceHouse\nMove Charlie BakerStreet\nShareClue Charlie Sherlock\n"
        "Move Sherlock PoliceStation\nShareClue Sherlock Lestrade\nMove Charlie PoliceStation\n"
        "OfficerArrest Lestrade Charlie\n", b);
    ck_assert_double_eq_tol(b[2], 0.9, TOL);
    ck_assert_double_eq_tol(b[4], 0.3, TOL);
    ck_assert_double_eq_tol(b[6], 0.6, TOL);
    ck_assert_double_eq_tol(b[8], 1.0, TOL);
    ck_assert_double_eq_tol(b[10], 0.02, TOL);
    ck_assert_double_eq_tol(sc.B, 0.9 * 0.3 * 0.6 * 0.02, TOL);
    /* one death, an innocent jailed and the murderer free: G = 0 */
    ck_assert(!sc.g1 && !sc.g2);
    ck_assert_double_eq_tol(sc.E, 0.0, TOL);
}
END_TEST

START_TEST(goal_arithmetic)
{
    /* two murders by two killers, only one arrested: G2 fails (a murderer is free) */
    nv_score sc = score(W,
        "PickUp Bob Rifle\nMove Bob AliceHouse\nKill Bob Alice Rifle\nPickUp Charlie Bat\n"
        "Move Charlie BakerStreet\nKill Charlie Sherlock Bat\nMove Lestrade AliceHouse\n"
        "Search Lestrade AliceHouse\nOfficerArrest Lestrade Bob\n", NULL);
    ck_assert(sc.g1 && !sc.g2);
    ck_assert_double_eq_tol(sc.G, 0.5, TOL);
    ck_assert_double_eq_tol(sc.E, 0.9 * 0.05 * 0.5, TOL);
    /* the empty story meets nothing */
    int none[1];
    ck_assert(nv_story_score(W, none, 0, &sc, NULL, NULL));
    ck_assert_double_eq_tol(sc.E, 0.0, TOL);
    ck_assert_double_eq_tol(sc.B, 1.0, TOL);
}
END_TEST

START_TEST(sentences)
{
    int acts[NV_MAX_LEN];
    int n = story(W, CHECK4, acts);
    const char *want[] = {
        "Bob picked up the rifle.", "Bob went to Alice's house.",
        "Bob killed Alice with the rifle.", "Sherlock went to Alice's house.",
        "Sherlock searched Alice's house and found a clue: Bob is the killer.",
        "Sherlock wrestled the rifle away from Bob.",
        "Sherlock made a citizen's arrest of Bob and took him to jail."
    };
    nv_state s;
    nv_state_init(W, &s);
    char text[256], line[128];
    for (int k = 0; k < n; k++) {
        nv_sentence(W, &s, acts[k], text, sizeof text);
        ck_assert_str_eq(text, want[k]);
        /* the story-file form parses back to the same action */
        nv_action_str(W, acts[k], line, sizeof line);
        ck_assert_int_eq(nv_action_parse(W, line, text, sizeof text), acts[k]);
        nv_apply(W, &s, acts[k]);
    }
    story(W, "Move Sherlock AliceHouse\nEarthquake AliceHouse\n", acts);
    nv_state_init(W, &s);
    nv_apply(W, &s, acts[0]);
    nv_sentence(W, &s, acts[1], text, sizeof text);
    ck_assert_str_eq(text, "An earthquake struck Alice's house! Alice and Sherlock died.");
}
END_TEST

static nv_result run(nv_algo algo, uint64_t budget, uint64_t seed, bool prune)
{
    nv_params p = nv_params_default();
    p.algo = algo;
    p.budget = budget;
    p.seed = seed;
    p.prune = prune;
    nv_result r;
    char err[256];
    ck_assert_msg(nv_search(W, &p, &r, err, sizeof err) == 0, "%s", err);
    return r;
}

START_TEST(check9_budgets)
{
    for (int a = NV_ALGO_BFS; a <= NV_ALGO_BEST; a++) {
        nv_result r = run((nv_algo)a, 5000, 3, true);
        ck_assert_uint_eq(r.nodes_created, 5000);
    }
    nv_result r = run(NV_ALGO_MCTS, 4000, 3, true);
    ck_assert_uint_le(r.nodes_created, 4000);
    ck_assert_uint_le(r.peak_nodes, r.nodes_created);
    r = run(NV_ALGO_MCTS, 4000, 3, false);
    ck_assert_uint_le(r.nodes_created, 4000);
    ck_assert_uint_eq(r.peak_nodes, r.nodes_created);
    /* the memory cap stops an unpruned search early, not as an error */
    nv_params p = nv_params_default();
    p.budget = 200000;
    p.prune = false;
    p.mem_cap_mb = 1;
    char err[256];
    ck_assert_int_eq(nv_search(W, &p, &r, err, sizeof err), 0);
    ck_assert(r.memory_capped);
    ck_assert_uint_lt(r.nodes_created, 200000);
    ck_assert_uint_le(r.nodes_created * 48, (uint64_t)1 << 20);
    ck_assert_uint_eq(r.peak_nodes, r.nodes_created);
    /* a world too small to spend the budget: BFS stops when the space runs out */
    W->max_len = 1;
    r = run(NV_ALGO_BFS, 5000, 3, true);
    ck_assert_uint_eq(r.nodes_created, 34);
}
END_TEST

static bool same_story(const nv_story *x, const nv_story *y)
{
    return x->n == y->n && memcmp(x->acts, y->acts, sizeof(int) * (size_t)x->n) == 0 &&
           x->E == y->E;
}

START_TEST(determinism)
{
    for (int a = 0; a < 4; a++) {
        nv_result r1 = run((nv_algo)a, 3000, 7, true), r2 = run((nv_algo)a, 3000, 7, true);
        ck_assert(same_story(&r1.best, &r2.best));
        ck_assert(same_story(&r1.committed, &r2.committed));
        ck_assert_uint_eq(r1.nodes_created, r2.nodes_created);
    }
    /* the reported best story scores to its reported E */
    nv_result r = run(NV_ALGO_MCTS, 3000, 7, true);
    nv_score sc;
    ck_assert(nv_story_score(W, r.best.acts, r.best.n, &sc, NULL, NULL));
    ck_assert_double_eq_tol(sc.E, r.best.E, 1e-9);
    ck_assert_int_le(r.best.n, W->max_len);
}
END_TEST

START_TEST(bfs_finds_earthquake_story)
{
    /* BFS's best at small budgets (README, Table 1) is a Move + Earthquake story worth 0.05 */
    nv_result r = run(NV_ALGO_BFS, 20000, 1, true);
    ck_assert_double_eq_tol(r.best.E, 0.05, TOL);
    ck_assert_int_eq(W->ground[r.best.acts[r.best.n - 1]].type, NV_EARTHQUAKE);
}
END_TEST

static const char *data_dir(void)
{
    const char *d = getenv("HANE_NARRATIVE_DATA");
    return d ? d : "data/narrative";
}

START_TEST(shipped_worlds_load)
{
    char pattern[512], err[512];
    snprintf(pattern, sizeof pattern, "%s/*.json", data_dir());
    glob_t g;
    ck_assert_int_eq(glob(pattern, 0, NULL, &g), 0);
    ck_assert_uint_ge(g.gl_pathc, 1);
    nv_world *w = malloc(sizeof *w);
    bool saw_default = false;
    for (size_t k = 0; k < g.gl_pathc; k++) {
        ck_assert_msg(nv_world_load(w, g.gl_pathv[k], err, sizeof err) == 0, "%s", err);
        ck_assert_int_gt(w->n_ground, 0);
        if (strcmp(w->name, "baker-street") == 0) {
            /* the shipped copy of the Baker Street world is the built-in one */
            saw_default = true;
            ck_assert_int_eq(w->n_ground, W->n_ground);
            ck_assert(memcmp(w->ground, W->ground, sizeof(nv_action) * (size_t)W->n_ground) == 0);
            nv_state s1, s2;
            nv_state_init(w, &s1);
            nv_state_init(W, &s2);
            ck_assert(memcmp(&s1, &s2, sizeof s1) == 0);
            ck_assert_double_eq_tol(score(w, CHECK2, NULL).E, 0.9, TOL);
        }
        nv_params p = nv_params_default();
        p.budget = 2000;
        nv_result r;
        ck_assert_msg(nv_search(w, &p, &r, err, sizeof err) == 0, "%s", err);
    }
    ck_assert(saw_default);
    free(w);
    globfree(&g);
}
END_TEST

static void bad_world(const char *json, const char *want)
{
    nv_world *w = malloc(sizeof *w);
    char err[512];
    ck_assert_int_ne(nv_world_parse(w, json, "t.json", err, sizeof err), 0);
    ck_assert_msg(strstr(err, want) != NULL, "error \"%s\" lacks \"%s\"", err, want);
    free(w);
}

#define PL "\"places\":[{\"id\":\"H\"},{\"id\":\"J\",\"jail\":true}]"
#define AC "\"actors\":[{\"id\":\"A\",\"place\":\"H\"},{\"id\":\"B\",\"place\":\"J\"}]"

START_TEST(json_errors)
{
    bad_world("{\"places\": [", "t.json:1:");
    bad_world("[]", "$: must be an object");
    bad_world("{" AC ",\"goals\":{}}", "$.places: missing");
    bad_world("{\"places\":[{\"id\":\"H\"}]," AC ",\"goals\":{}}", "no place has");
    bad_world("{" PL ",\"actors\":[{\"id\":\"A\",\"place\":\"X\"}],\"goals\":{}}",
              "$.actors[0].place: unknown place \"X\"");
    bad_world("{" PL ",\"actors\":[{\"id\":\"A\",\"place\":\"H\",\"role\":\"king\"}],"
              "\"goals\":{}}", "$.actors[0].role");
    bad_world("{" PL "," AC ",\"items\":[{\"id\":\"V\",\"at\":\"H\"},{\"id\":\"W\"}],"
              "\"goals\":{}}", "$.items[1]: needs exactly one");
    bad_world("{" PL "," AC ",\"items\":[{\"id\":\"V\",\"holder\":\"Q\"}],\"goals\":{}}",
              "$.items[0].holder: unknown actor");
    bad_world("{" PL "," AC ",\"anger\":[{\"from\":\"A\",\"to\":\"B\",\"level\":\"mild\"}],"
              "\"goals\":{}}", "$.anger[0].level");
    bad_world("{" PL "," AC ",\"goals\":{\"deaths_at_least\":9}}", "$.goals.deaths_at_least");
    bad_world("{" PL "," AC ",\"goals\":{\"treasure\":1}}", "$.goals.treasure");
    bad_world("{" PL ",\"actors\":[{\"id\":\"A\",\"place\":\"H\"},{\"id\":\"A\",\"place\":\"H\"}],"
              "\"goals\":{}}", "$.actors[1].id: duplicate");
    bad_world("{" PL "," AC ",\"max_len\":0,\"goals\":{}}", "$.max_len");
    /* and a minimal good one */
    nv_world *w = malloc(sizeof *w);
    char err[512];
    ck_assert_msg(nv_world_parse(w, "{" PL "," AC ",\"goals\":{\"deaths_at_least\":1}}",
                                 "t.json", err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(w->n_actors, 2);
    ck_assert_int_eq(nv_goal_count(w), 1);
    free(w);
}
END_TEST

static Suite *narrative_suite(void)
{
    Suite *s = suite_create("narrative");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, ground_counts);
    tcase_add_test(tc, check1_earthquake);
    tcase_add_test(tc, check2_murder_and_arrest);
    tcase_add_test(tc, check3_greed);
    tcase_add_test(tc, check4_citizen_arrest_and_lambda);
    tcase_add_test(tc, check5_unmotivated_kill);
    tcase_add_test(tc, check6_dead_murderer_not_arrested);
    tcase_add_test(tc, check7_after_earthquake);
    tcase_add_test(tc, check8_illegal);
    tcase_add_test(tc, believability_table);
    tcase_add_test(tc, goal_arithmetic);
    tcase_add_test(tc, sentences);
    tcase_add_test(tc, check9_budgets);
    tcase_add_test(tc, determinism);
    tcase_add_test(tc, bfs_finds_earthquake_story);
    tcase_add_test(tc, shipped_worlds_load);
    tcase_add_test(tc, json_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(narrative_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
