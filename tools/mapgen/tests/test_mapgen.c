/* test_mapgen.c — the acceptance checks listed in the README, hand-verified values. */
#include "tools/mapgen/mg_batch.h"
#include "tools/mapgen/mg_env.h"
#include "tools/mapgen/mg_png.h"
#include "tools/mapgen/mg_problem.h"
#include "tools/mapgen/mg_run.h"
#include "tools/mapgen/mg_sokoban.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

static void load(const mg_problem *p, const char *text, uint8_t *map)
{
    char err[200];
    bool ok = mg_map_parse(p, text, map, err, sizeof err);
    ck_assert_msg(ok, "%s", err);
}

/* ---- 1. range reward ---- */
START_TEST(test_range_reward)
{
    const double I = INFINITY;
    ck_assert_double_eq(mg_range_reward(1, 0, 1, 1), 1);
    ck_assert_double_eq(mg_range_reward(3, 1, 1, 1), -2);
    ck_assert_double_eq(mg_range_reward(0, 5, 1, 3), -3);
    ck_assert_double_eq(mg_range_reward(5, 0, 1, 3), -3);
    ck_assert_double_eq(mg_range_reward(2, 4, 1, 3), 1);
    ck_assert_double_eq(mg_range_reward(7, 4, I, I), 3);
    ck_assert_double_eq(mg_range_reward(2, 5, -I, -I), 3);
    ck_assert_double_eq(mg_range_reward(6, 2, 4, I), 2);
    ck_assert_double_eq(mg_range_reward(0, 3, 2, 5), -2);
}
END_TEST

/* ---- 2. longest path and the Binary heuristic ---- */
START_TEST(test_longest)
{
    const uint8_t empty[9] = {0};
    ck_assert_int_eq(mg_longest(empty, 3, 3, 1u), 4);
    const uint8_t ring[9] = {0, 0, 0, 0, 1, 0, 0, 0, 0};
    ck_assert_int_eq(mg_regions(ring, 3, 3, 1u), 1);
    ck_assert_int_eq(mg_longest(ring, 3, 3, 1u), 4);
    const uint8_t serp[25] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
                              0, 1, 1, 1, 1, 0, 0, 0, 0, 0};
    ck_assert_int_eq(mg_regions(serp, 5, 5, 1u), 1);
    ck_assert_int_eq(mg_longest(serp, 5, 5, 1u), 16);
    const uint8_t plus[9] = {0, 1, 0, 1, 1, 1, 0, 1, 0};
    ck_assert_int_eq(mg_regions(plus, 3, 3, 1u), 4);
    ck_assert_int_eq(mg_longest(plus, 3, 3, 1u), 0);
    const uint8_t solid[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    ck_assert_int_eq(mg_longest(solid, 3, 3, 1u), 0);

    const mg_problem *p = mg_problem_get(MG_BINARY);
    mg_stats s = {{1, 16}}, ref = {{4, 0}};
    ck_assert_double_eq(mg_heuristic(p, &s, &ref), 31);
    /* goal: one region and path − path_ref ≥ 20 */
    mg_stats g = {{1, 20}}, r0 = {{3, 0}};
    ck_assert(mg_goal(p, MG_TARGETS_CODE, &g, &r0));
    g.v[1] = 19;
    ck_assert(!mg_goal(p, MG_TARGETS_CODE, &g, &r0));
}
END_TEST

/* ---- 3. Zelda ---- */
static const char *ZELDA_A = "@..........\n#########..\nk..........\n..#########\n"
                             "...........\n#########..\nD........s.\n";
static const char *ZELDA_B = "@....#.....\n.##..#..s..\n.#k.....#..\n.#####.##..\n"
                             ".....#....D\n..b..#.....\n.....#.....\n";

START_TEST(test_zelda)
{
    const mg_problem *p = mg_problem_get(MG_ZELDA);
    uint8_t a[MG_MAX_CELLS], b[MG_MAX_CELLS];
    load(p, ZELDA_A, a);
    load(p, ZELDA_B, b);
    mg_stats sa, sb;
    mg_stats_compute(p, a, &sa);
    mg_stats_compute(p, b, &sb);
    int want_a[7] = {1, 1, 1, 1, 1, 31, 42};
    for (int k = 0; k < 7; k++)
        ck_assert_msg(sa.v[k] == want_a[k], "A stat %s = %d, want %d", p->terms[k].name,
                      sa.v[k], want_a[k]);
    ck_assert(mg_goal(p, MG_TARGETS_CODE, &sa, &sb));
    ck_assert_int_eq(sb.v[3], 2);
    ck_assert_int_eq(sb.v[5], 7);
    ck_assert_int_eq(sb.v[6], 16);
    ck_assert(mg_goal(p, MG_TARGETS_CODE, &sb, &sa));
    ck_assert(!mg_goal(p, MG_TARGETS_PAPER, &sb, &sa));
    ck_assert_double_eq(mg_heuristic(p, &sa, &sb), 25);

    /* edits to a goal: A is one; A with a second door is one edit from one (either door
     * removed); B (path 16, nearest 7) is a goal with the code's targets only, and one
     * edit does not add the 4 path steps the paper's targets need */
    ck_assert_int_eq(mg_edits_to_goal(p, MG_TARGETS_CODE, a, NULL), 0);
    uint8_t a2[MG_MAX_CELLS];
    memcpy(a2, a, sizeof a2);
    a2[6 * 11 + 10] = 4;
    ck_assert_int_eq(mg_edits_to_goal(p, MG_TARGETS_CODE, a2, NULL), 1);
    ck_assert_int_eq(mg_edits_to_goal(p, MG_TARGETS_CODE, b, NULL), 0);
    ck_assert_int_eq(mg_edits_to_goal(p, MG_TARGETS_PAPER, b, NULL), 2);
    /* Binary's goal is relative to the start: no single edit lengthens a path by 20 */
    const mg_problem *bp = mg_problem_get(MG_BINARY);
    uint8_t solid[MG_MAX_CELLS];
    memset(solid, 1, sizeof solid);
    ck_assert_int_eq(mg_edits_to_goal(bp, MG_TARGETS_CODE, solid, NULL), 2);
}
END_TEST

/* ---- 4. Sokoban solver ---- */
static void solve_text(const char *text, int w, int h, mg_soko_result *r, mg_soko_level *lv)
{
    const mg_problem *p = mg_problem_get(MG_SOKOBAN);
    uint8_t map[MG_MAX_CELLS];
    /* parse with the Sokoban legend at an arbitrary size */
    mg_problem q = *p;
    q.w = w;
    q.h = h;
    load(&q, text, map);
    ck_assert(mg_soko_level_from_map(lv, map, w, h));
    mg_soko_ws *ws = mg_soko_ws_new();
    mg_soko_solve(lv, 5000, ws, r);
    mg_soko_ws_free(ws);
}

START_TEST(test_sokoban_solver)
{
    mg_soko_result r;
    mg_soko_level lv;
    solve_text("@-$-.\n", 5, 1, &r, &lv);
    ck_assert(r.solved);
    ck_assert_int_eq(r.stage, 0);
    ck_assert_str_eq(r.moves, "RRR");

    solve_text("-#---\n-@-#-\n#-#--\n---$-\n--.##\n", 5, 5, &r, &lv);
    ck_assert(r.solved);
    ck_assert_int_eq(r.stage, 0);
    ck_assert_int_eq(r.length, 23);
    ck_assert_str_eq(r.moves, "RURRDDDLLRRUUULLDLDDLDR");
    ck_assert_int_eq(r.pops, 165);
    /* dead squares, inner (x,y) */
    static const int dead[][2] = {{0, 0}, {2, 0}, {3, 0}, {4, 0}, {0, 1}, {1, 1}, {2, 1},
                                  {4, 1}, {3, 2}, {4, 2}, {0, 3}, {4, 3}, {0, 4}};
    int want[25] = {0};
    for (size_t i = 0; i < sizeof dead / sizeof dead[0]; i++)
        want[dead[i][1] * 5 + dead[i][0]] = 1;
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++)
            ck_assert_msg(lv.dead[(y + 1) * lv.w + x + 1] == want[y * 5 + x],
                          "dead square (%d,%d): got %d", x, y, lv.dead[(y + 1) * lv.w + x + 1]);
    ck_assert_int_eq(mg_soko_heuristic(&lv, lv.crates), 2);

    solve_text(".-#--\n-$#--\n-@---\n---$.\n#----\n", 5, 5, &r, &lv);
    ck_assert(r.solved);
    ck_assert_int_eq(r.stage, 0);
    ck_assert_int_eq(r.length, 18);
    ck_assert_int_eq(r.pops, 2191);
    /* through the problem's stats: goal with code targets, not with the paper's */
    const mg_problem *p = mg_problem_get(MG_SOKOBAN);
    uint8_t map[MG_MAX_CELLS];
    load(p, ".-#--\n-$#--\n-@---\n---$.\n#----\n", map);
    mg_stats s, ref = {{0}};
    mg_stats_compute(p, map, &s);
    ck_assert_int_eq(s.v[6], 18);
    ck_assert(mg_goal(p, MG_TARGETS_CODE, &s, &ref));
    ck_assert(!mg_goal(p, MG_TARGETS_PAPER, &s, &ref));
}
END_TEST

/* ---- 5. wide decoding and branching ---- */
START_TEST(test_wide)
{
    const mg_problem *p = mg_problem_get(MG_BINARY);
    int x, y, v;
    mg_wide_decode(p, 200, &x, &y, &v);
    ck_assert_int_eq(x, 4);
    ck_assert_int_eq(y, 0);
    ck_assert_int_eq(v, 1);
    static const int want[3] = {392, 616, 125};
    for (int i = 0; i < 3; i++) {
        mg_env e;
        ck_assert(mg_env_init(&e, mg_problem_get((mg_problem_id)i), MG_WIDE, MG_TARGETS_CODE));
        ck_assert_int_eq(e.nactions, want[i]);
        mg_env_free(&e);
    }
}
END_TEST

/* ---- 6. narrow and turtle ---- */
START_TEST(test_narrow_turtle)
{
    const mg_problem *p = mg_problem_get(MG_ZELDA);
    mg_env e;
    ck_assert(mg_env_init(&e, p, MG_NARROW, MG_TARGETS_CODE));
    struct rng rng;
    rng_seed(&rng, 5);
    mg_state s;
    mg_env_reset(&e, &rng, &s);
    for (int pass = 0; pass < 2; pass++) {
        int seen[MG_MAX_CELLS] = {0};
        for (int i = 0; i < e.ncells; i++) {
            seen[s.y * p->w + s.x]++;
            mg_env_step(&e, &s, 1);
        }
        for (int c = 0; c < e.ncells; c++)
            ck_assert_int_eq(seen[c], 1);
    }
    /* after two passes of "solid" everything is solid */
    for (int c = 0; c < e.ncells; c++)
        ck_assert_int_eq(s.map[c], 1);
    mg_env_free(&e);

    ck_assert(mg_env_init(&e, p, MG_TURTLE, MG_TARGETS_CODE));
    mg_env_reset(&e, &rng, &s);
    s.x = 0;
    s.y = 3;
    uint32_t steps = s.steps, changes = s.changes;
    mg_env_step(&e, &s, 0);   /* left into the edge */
    ck_assert_int_eq(s.x, 0);
    ck_assert_int_eq(s.y, 3);
    ck_assert_uint_eq(s.steps, steps + 1);
    ck_assert_uint_eq(s.changes, changes);
    mg_env_step(&e, &s, 1);   /* right */
    ck_assert_int_eq(s.x, 1);
    int cell = 3 * p->w + 1, v = s.map[cell] == 0 ? 1 : 0;
    mg_env_step(&e, &s, 4 + v);
    ck_assert_int_eq(s.map[cell], v);
    ck_assert_uint_eq(s.changes, changes + 1);
    mg_env_step(&e, &s, 4 + v);   /* same value again: a step, no change */
    ck_assert_uint_eq(s.changes, changes + 1);
    ck_assert_uint_eq(s.steps, steps + 4);
    mg_env_free(&e);
}
END_TEST

/* ---- 7. GA rank selection, χ² over 10⁶ draws ---- */
START_TEST(test_rank_selection)
{
    struct rng rng;
    rng_seed(&rng, 11);
    static long count[30];
    memset(count, 0, sizeof count);
    const long N = 1000000;
    for (long i = 0; i < N; i++)
        count[mg_rank_select(&rng, 30)]++;
    double chi2 = 0;
    for (int r = 0; r < 30; r++) {
        double expct = N * (30.0 - r) / 465.0;
        chi2 += (count[r] - expct) * (count[r] - expct) / expct;
    }
    /* 29 degrees of freedom: P(χ² > 58.3) ≈ 0.001 */
    ck_assert_msg(chi2 < 58.3, "chi2 = %f", chi2);
    ck_assert(fabs(count[0] / (double)N - 30.0 / 465) < 0.002);
    ck_assert(fabs(count[29] / (double)N - 1.0 / 465) < 0.0005);
}
END_TEST


/* ---- 8. determinism: same seed and --eval-limit => identical JSON but for times ---- */
static char *json_without_times(const char *path)
{
    json_error_t err;
    json_t *j = json_load_file(path, 0, &err);
    ck_assert_msg(j != NULL, "%s: %s", path, err.text);
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(j, "runs"), i, r)
        json_object_del(r, "time_ms");
    json_t *s = json_object_get(j, "summary");
    json_object_del(s, "time_mean");
    json_object_del(s, "time_sd");
    json_object_del(s, "evals_per_sec");
    char *out = json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(j);
    return out;
}

START_TEST(test_determinism)
{
    char dir[] = "/tmp/mapgen-test-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char a[256], b[256], c3[256];
    snprintf(a, sizeof a, "%s/a.json", dir);
    snprintf(b, sizeof b, "%s/b.json", dir);
    snprintf(c3, sizeof c3, "%s/c.json", dir);
    static const mg_algo algos[] = {MG_MCTS, MG_GBFS, MG_GA, MG_SA};
    for (size_t k = 0; k < sizeof algos / sizeof algos[0]; k++) {
        mg_config c;
        mg_config_default(&c);
        c.p = mg_problem_get(k % 2 ? MG_SOKOBAN : MG_ZELDA);
        c.algo = algos[k];
        c.rep = mg_algo_is_tree(c.algo) ? MG_TURTLE : MG_WIDE;
        c.time_limit = 0;
        c.eval_limit = 3000;
        c.runs = 3;
        c.jobs = 2;
        c.seed = 77;
        mg_batch_opts o = {a, NULL, false, NULL};
        unlink(a);
        unlink(b);
        unlink(c3);
        ck_assert_int_eq(mg_batch_run(&c, &o), 0);
        o.out_path = b;
        c.jobs = 1;
        ck_assert_int_eq(mg_batch_run(&c, &o), 0);
        /* resumed: 2 runs, then extended to 3 */
        o.out_path = c3;
        c.runs = 2;
        ck_assert_int_eq(mg_batch_run(&c, &o), 0);
        c.runs = 3;
        ck_assert_int_eq(mg_batch_run(&c, &o), 0);
        char *ja = json_without_times(a), *jb = json_without_times(b), *jc = json_without_times(c3);
        ck_assert_str_eq(ja, jb);
        ck_assert_str_eq(ja, jc);
        /* another seed gives other maps */
        c.seed = 78;
        o.out_path = b;
        unlink(b);
        ck_assert_int_eq(mg_batch_run(&c, &o), 0);
        char *jd = json_without_times(b);
        ck_assert_str_ne(ja, jd);
        /* a results file of another configuration is refused, not overwritten */
        c.seed = 79;
        fflush(stderr);
        int saved = dup(2), nul = open("/dev/null", O_WRONLY);   /* expected message */
        dup2(nul, 2);
        int refused = mg_batch_run(&c, &o);
        fflush(stderr);
        dup2(saved, 2);
        close(saved);
        close(nul);
        ck_assert_int_eq(refused, 1);
        free(ja);
        free(jb);
        free(jc);
        free(jd);
    }
    const char *names[] = {a, b, c3};
    for (int i = 0; i < 3; i++) {
        char lock[300];
        snprintf(lock, sizeof lock, "%s.lock", names[i]);
        /* the lock file goes with the run that held it */
        ck_assert_msg(access(lock, F_OK) != 0, "%s left behind", lock);
        unlink(names[i]);
    }
    ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* ---- 9. smoke: GBFS narrow Binary finds a solution, BFS wide Zelda none (but see below) ---- */
START_TEST(test_smoke)
{
    mg_config c;
    mg_config_default(&c);
    c.p = mg_problem_get(MG_BINARY);
    c.algo = MG_GBFS;
    c.rep = MG_NARROW;
    c.time_limit = 10;
    c.memory = (size_t)128 << 20;
    int found = 0;
    for (int i = 0; i < 20 && !found; i++) {
        mg_outcome o;
        mg_run_one(&c, i, &o);
        found += o.found;
        if (o.found) {
            /* the result really is a goal map */
            mg_stats s;
            mg_stats_compute(c.p, o.result.map, &s);
            ck_assert(mg_goal(c.p, MG_TARGETS_CODE, &s, &o.ref));
            ck_assert_int_eq(s.v[0], 1);
        }
    }
    ck_assert_int_ge(found, 1);

    /* BFS wide Zelda: 20 runs under an evaluation budget of 20000 stats computations (the
     * first 32 nodes of depth 1; our Python rendering of the statistics manages that in
     * ≈ 3 s).  Check 9's "finds none" holds for every start map that is not already one
     * tile edit from a goal; 1.9% of random Zelda maps are (hane-mapgen near, 100 000
     * maps), and BFS-wide tests all of depth 1 within 616 evaluations, so "none" is not a
     * property of BFS but of the seed.  Checked here: a run finds a map only if its start
     * map (drawn from mg_run_rng, as mg_run_one draws it) is within one edit of a goal,
     * and then at that depth. */
    c.p = mg_problem_get(MG_ZELDA);
    c.algo = MG_BFS;
    c.rep = MG_WIDE;
    c.time_limit = 0;
    c.eval_limit = 20000;
    int zfound = 0, znear = 0;
    for (int i = 0; i < 20; i++) {
        mg_outcome o;
        mg_run_one(&c, i, &o);
        struct rng rng;
        mg_run_rng(&rng, &c, i);
        uint8_t start[MG_MAX_CELLS];
        mg_random_map(c.p, &rng, start);
        int k = mg_edits_to_goal(c.p, c.targets, start, NULL);
        znear += k <= 1;
        zfound += o.found;
        if (o.found)
            ck_assert_int_eq(o.result_depth, k);
        else
            ck_assert_str_eq(o.stop, "eval-limit");
        ck_assert_int_le(o.max_depth, 1);
    }
    ck_assert_int_le(zfound, znear);
}
END_TEST

/* ---- the PNG writer's checksums (published check values) and file layout ---- */
START_TEST(test_png)
{
    ck_assert_uint_eq(mg_crc32(0, (const uint8_t *)"123456789", 9), 0xcbf43926u);
    ck_assert_uint_eq(mg_adler32(1, (const uint8_t *)"Wikipedia", 9), 0x11e60398u);
    char path[] = "/tmp/mapgen-png-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    const mg_problem *p = mg_problem_get(MG_SOKOBAN);
    uint8_t map[MG_MAX_CELLS] = {0};
    ck_assert_int_eq(mg_png_map(path, p, map, 1, 1), 0);
    FILE *f = fopen(path, "rb");
    uint8_t head[24];
    ck_assert_uint_eq(fread(head, 1, 24, f), 24);
    fclose(f);
    unlink(path);
    ck_assert(memcmp(head, "\x89PNG\r\n\x1a\n", 8) == 0);
    ck_assert(memcmp(head + 12, "IHDR", 4) == 0);
    /* 7 × 7 tiles of 16 px */
    ck_assert_int_eq((head[16] << 24) | (head[17] << 16) | (head[18] << 8) | head[19], 112);
    ck_assert_int_eq((head[20] << 24) | (head[21] << 16) | (head[22] << 8) | head[23], 112);
}
END_TEST

static Suite *mapgen_suite(void)
{
    Suite *s = suite_create("mapgen");
    TCase *tc = tcase_create("acceptance");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_range_reward);
    tcase_add_test(tc, test_longest);
    tcase_add_test(tc, test_zelda);
    tcase_add_test(tc, test_sokoban_solver);
    tcase_add_test(tc, test_wide);
    tcase_add_test(tc, test_narrow_turtle);
    tcase_add_test(tc, test_rank_selection);
    tcase_add_test(tc, test_png);
    tcase_add_test(tc, test_determinism);
    tcase_add_test(tc, test_smoke);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(mapgen_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
