/* test_mm — the MM trainer on synthetic data whose true gammas are known. */
#include "patterns/mm.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

static uint64_t rng_state;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static double rnd_unit(void)
{
    return (double)(rnd() >> 11) / 9007199254740992.0;
}

/* Three features with made-up gammas. */
static const enum pat_feature feats[3] = { PAT_F_CAPTURE, PAT_F_LIBS, PAT_F_DIST1 };
static const int n_vals[3] = { 4, 4, 6 };
static double true_gamma[3][8];

static double strength_true(pat_vec v)
{
    double s = 1;
    for (int k = 0; k < 3; k++) {
        unsigned x = pat_get(v, feats[k]);
        if (x)
            s *= true_gamma[k][x];
    }
    return s;
}

/* `n_pos` positions of 12 candidates; each candidate has each feature with
 * probability 1/2; the winner is drawn from the Bradley–Terry probabilities. */
static void make_data(struct mm_shard *shards, int n_shards, int n_pos)
{
    for (int j = 0; j < n_pos; j++) {
        pat_vec v[12];
        double w[12], total = 0;
        for (int i = 0; i < 12; i++) {
            v[i] = 0;
            for (int k = 0; k < 3; k++)
                if (rnd() & 1)
                    v[i] = pat_set(v[i], feats[k], 1 + (unsigned)(rnd() % (unsigned)n_vals[k]));
            w[i] = strength_true(v[i]);
            total += w[i];
        }
        double r = rnd_unit() * total;
        int win = 0;
        while (win < 11 && r >= w[win])
            r -= w[win++];
        ck_assert(mm_shard_add(&shards[j % n_shards], v, 12, win));
    }
}

START_TEST(recovers_true_gammas)
{
    pat_init();
    rng_state = 0x1234567887654321ull;
    for (int k = 0; k < 3; k++)
        for (int x = 1; x <= n_vals[k]; x++)
            true_gamma[k][x] = exp(rnd_unit() * 3.2 - 1.6);   /* 0.2 .. 5 */
    struct mm_shard shards[2] = { 0 };
    make_data(shards, 2, 16000);
    struct mm_model m;
    ck_assert(mm_model_init(&m, 0));
    mm_count_wins(&m, shards, 2);
    double prev = -INFINITY;
    for (int it = 0; it < 20; it++) {
        double ll = mm_iterate(&m, shards, 2);
        /* MM never decreases the likelihood (the prior barely moves it here). */
        ck_assert_msg(ll >= prev - 1e-6, "iteration %d: %f < %f", it, ll, prev);
        prev = ll;
    }
    for (int k = 0; k < 3; k++)
        for (int x = 1; x <= n_vals[k]; x++) {
            double est = m.gamma[feats[k]][x], tru = true_gamma[k][x];
            ck_assert_msg(fabs(log(est / tru)) < 0.15, "%s=%d: learned %.3f, true %.3f",
                          pat_feature_name[feats[k]], x, est, tru);
        }
    /* Values never seen keep gamma 1. */
    ck_assert(m.gamma[PAT_F_CAPTURE][0] == 1.0);
    ck_assert(fabs(m.gamma[PAT_F_DIST1][15] - 1.0) < 1e-12);
    mm_model_free(&m);
    mm_shard_free(&shards[0]);
    mm_shard_free(&shards[1]);
}
END_TEST

START_TEST(shard_merges_identical_vectors)
{
    struct mm_shard s = { 0 };
    pat_vec v[5] = { 7, 3, 7, 7, 3 };
    ck_assert(mm_shard_add(&s, v, 5, 1));
    ck_assert_uint_eq(s.n_pos, 1);
    ck_assert_uint_eq(s.n, 2);
    pat_vec out[BOARD_MAX_POINTS + 1];
    uint16_t mult[BOARD_MAX_POINTS + 1];
    int w = -1;
    ck_assert_int_eq(mm_shard_position(&s, 0, out, mult, &w), 2);
    ck_assert(out[0] == 3 && out[1] == 7);   /* ascending */
    ck_assert_int_eq(mult[0], 2);
    ck_assert_int_eq(mult[1], 3);
    ck_assert_int_eq(w, 0);
    ck_assert(!mm_shard_add(&s, v, 5, 5));   /* winner out of range */
    ck_assert(!mm_shard_add(&s, v, 0, 0));
    mm_shard_free(&s);
}
END_TEST

/* Every position decodes to what was added: its distinct vectors in
 * ascending order with their multiplicities, and the played one; before and
 * after trimming, and with positions added after a trim. Vectors spread over
 * all features, so every dictionary holds many entries (multi-byte indices). */
START_TEST(shard_round_trip)
{
    pat_init();
    rng_state = 0xABCDEF12345ull;
    enum { N_POS = 600, N_MAX = 40 };
    static pat_vec added[N_POS][N_MAX];
    static int n_added[N_POS], won[N_POS];
    struct mm_shard s = { 0 };
    for (int j = 0; j < N_POS; j++) {
        int n = 1 + (int)(rnd() % N_MAX);
        for (int i = 0; i < n; i++) {
            pat_vec v = 0;
            for (int f = 0; f < PAT_NFEAT; f++)
                if (rnd() % 3)
                    v = pat_set(v, (enum pat_feature)f,
                                (unsigned)(rnd() % (1u << pat_bits[f])));
            /* duplicates of an earlier candidate now and then */
            added[j][i] = i > 0 && rnd() % 4 == 0 ? added[j][rnd() % (unsigned)i] : v;
        }
        n_added[j] = n;
        won[j] = (int)(rnd() % (unsigned)n);
        ck_assert(mm_shard_add(&s, added[j], n, won[j]));
        if (j == N_POS / 2)
            mm_shard_trim(&s);
    }
    mm_shard_trim(&s);
    size_t total = 0;
    for (int j = 0; j < N_POS; j++) {
        pat_vec out[BOARD_MAX_POINTS + 1];
        uint16_t mult[BOARD_MAX_POINTS + 1];
        int w = -1, n = mm_shard_position(&s, (size_t)j, out, mult, &w);
        ck_assert(w >= 0 && w < n);
        ck_assert(out[w] == added[j][won[j]]);
        int sum = 0;
        for (int i = 0; i < n; i++) {
            if (i > 0)
                ck_assert(out[i - 1] < out[i]);
            int count = 0;
            for (int k = 0; k < n_added[j]; k++)
                count += added[j][k] == out[i];
            ck_assert_int_eq(mult[i], count);
            sum += mult[i];
        }
        ck_assert_int_eq(sum, n_added[j]);
        total += (size_t)n;
    }
    ck_assert_uint_eq(s.n, total);
    ck_assert(s.dict[2].n > 128);   /* some indices take two bytes */
    mm_shard_free(&s);
}
END_TEST

/* Coulom's MM as first written, with a cached strength per candidate
 * rescaled after each feature's update: the compact shards must give the
 * same gammas to the bit. One shard, the same summation order. */
static void reference_iterate(struct mm_model *m, const struct mm_shard *s)
{
    static pat_vec vec[1 << 16];
    static uint16_t mult[1 << 16];
    static double str[1 << 16];
    static size_t start[4096];
    size_t n = 0;
    ck_assert(s->n_pos < 4096);
    for (size_t j = 0; j < s->n_pos; j++) {
        int w;
        start[j] = n;
        n += (size_t)mm_shard_position(s, j, vec + n, mult + n, &w);
        ck_assert(n < (1 << 16) - BOARD_MAX_POINTS);
    }
    start[s->n_pos] = n;
    for (size_t i = 0; i < n; i++)
        str[i] = mm_strength(m, vec[i]);
    for (int f = 0; f < PAT_NFEAT; f++) {
        int nv = m->n_values[f];
        if (nv <= 1)
            continue;
        double *den = calloc((size_t)nv, sizeof *den), *ratio = calloc((size_t)nv, sizeof *ratio);
        ck_assert(den && ratio);
        for (size_t j = 0; j < s->n_pos; j++) {
            double e = 0;
            for (size_t i = start[j]; i < start[j + 1]; i++)
                e += str[i] * mult[i];
            double inv = 1.0 / e;
            for (size_t i = start[j]; i < start[j + 1]; i++) {
                unsigned v = pat_get(vec[i], (enum pat_feature)f);
                if (v && (int)v < nv)
                    den[v] += str[i] * mult[i] / m->gamma[f][v] * inv;
            }
        }
        for (int v = 1; v < nv; v++) {
            double g = m->gamma[f][v];
            double ng = (m->wins[f][v] + 1.0) / (den[v] + 2.0 / (g + 1.0));
            ratio[v] = ng / g;
            m->gamma[f][v] = ng;
        }
        for (size_t i = 0; i < n; i++) {
            unsigned v = pat_get(vec[i], (enum pat_feature)f);
            if (v && (int)v < nv)
                str[i] *= ratio[v];
        }
        free(den);
        free(ratio);
    }
}

START_TEST(same_gammas_as_cached_strengths)
{
    pat_init();
    rng_state = 0x5EED5EED5EEDull;
    struct mm_shard s = { 0 };
    /* every feature, with a few values each, so that all take part */
    for (int j = 0; j < 1500; j++) {
        pat_vec v[30];
        for (int i = 0; i < 30; i++) {
            v[i] = 0;
            for (int f = 0; f < PAT_NFEAT; f++)
                if (rnd() % 2)
                    v[i] = pat_set(v[i], (enum pat_feature)f, 1 + (unsigned)(rnd() % 5));
            if (i > 0 && rnd() % 5 == 0)
                v[i] = v[rnd() % (unsigned)i];
        }
        ck_assert(mm_shard_add(&s, v, 30, (int)(rnd() % 30)));
    }
    mm_shard_trim(&s);
    /* the same positions expanded (vectors and cached strengths) */
    struct mm_shard e = { 0 };
    for (size_t j = 0; j < s.n_pos; j++) {
        pat_vec v[BOARD_MAX_POINTS + 1], all[30];
        uint16_t mult[BOARD_MAX_POINTS + 1];
        int w, n = mm_shard_position(&s, j, v, mult, &w), k = 0, won = 0;
        for (int i = 0; i < n; i++)
            for (int r = 0; r < mult[i]; r++) {
                if (i == w)
                    won = k;
                all[k++] = v[i];
            }
        ck_assert(mm_shard_add(&e, all, k, won));
    }
    ck_assert(mm_shard_expand(&e));
    ck_assert(e.vec && !e.code);
    ck_assert(!mm_shard_add(&e, (pat_vec[]){ 1 }, 1, 0));   /* complete */
    struct mm_model a, b, c;
    ck_assert(mm_model_init(&a, 8) && mm_model_init(&b, 8) && mm_model_init(&c, 8));
    mm_count_wins(&a, &s, 1);
    mm_count_wins(&b, &s, 1);
    mm_count_wins(&c, &e, 1);
    for (int it = 0; it < 3; it++) {
        double ll = mm_iterate(&a, &s, 1), llc = mm_iterate(&c, &e, 1);
        ck_assert(isfinite(ll) && ll < 0 && ll == llc);
        reference_iterate(&b, &s);
        for (int f = 0; f < PAT_NFEAT; f++)
            for (int x = 0; x < a.n_values[f]; x++) {
                ck_assert_msg(a.gamma[f][x] == b.gamma[f][x], "iteration %d, %s=%d: %.17g != %.17g",
                              it, pat_feature_name[f], x, a.gamma[f][x], b.gamma[f][x]);
                ck_assert(c.gamma[f][x] == b.gamma[f][x]);
            }
    }
    ck_assert(a.gamma[PAT_F_DIST1][3] != 1.0);   /* they did move */
    mm_model_free(&a);
    mm_model_free(&b);
    mm_model_free(&c);
    mm_shard_free(&s);
    mm_shard_free(&e);
}
END_TEST

START_TEST(one_thread_equals_two)
{
    pat_init();
    rng_state = 99;
    for (int k = 0; k < 3; k++)
        for (int x = 1; x <= n_vals[k]; x++)
            true_gamma[k][x] = 1 + x * 0.5;
    struct mm_shard one = { 0 }, two[2] = { { 0 } };
    uint64_t saved = rng_state;
    make_data(&one, 1, 3000);
    rng_state = saved;
    make_data(two, 2, 3000);
    struct mm_model a, b;
    ck_assert(mm_model_init(&a, 0) && mm_model_init(&b, 0));
    mm_count_wins(&a, &one, 1);
    mm_count_wins(&b, two, 2);
    for (int it = 0; it < 5; it++) {
        mm_iterate(&a, &one, 1);
        mm_iterate(&b, two, 2);
    }
    for (int k = 0; k < 3; k++)
        for (int x = 1; x <= n_vals[k]; x++)
            ck_assert(fabs(a.gamma[feats[k]][x] - b.gamma[feats[k]][x]) < 1e-6);
    mm_model_free(&a);
    mm_model_free(&b);
    mm_shard_free(&one);
    mm_shard_free(&two[0]);
    mm_shard_free(&two[1]);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mm");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 240);   /* generous for ASan on a loaded machine */
    tcase_add_test(tc, recovers_true_gammas);
    tcase_add_test(tc, shard_merges_identical_vectors);
    tcase_add_test(tc, shard_round_trip);
    tcase_add_test(tc, same_gammas_as_cached_strengths);
    tcase_add_test(tc, one_thread_equals_two);
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
