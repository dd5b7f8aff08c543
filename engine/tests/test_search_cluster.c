/* test_search_cluster — one search over several "processes" without MPI:
 * searchers in one program, each on its own thread, joined by an in-memory
 * sum that behaves as MPI_Iallreduce does (a round completes once every
 * process has started it). Checks what the rounds promise: the root's
 * children end with the same statistics everywhere, the budget is counted
 * over all, process 0 stops for all, and a process that never answers
 * does not hold process 0 longer than its wait. */
#include "engine/search_cluster.h"

#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"
#include "engine/search_internal.h"

#define MAXP 4

/* The in-memory sum of one round at a time. */
struct hub {
    pthread_mutex_t lock;
    int n;                      /* processes */
    int arrived;
    long round[MAXP];           /* rounds started by each process */
    long complete;              /* rounds completed */
    int64_t *buf[MAXP];
    int len;
};

struct fake {
    struct hub *h;
    int rank;
};

static void fake_start(void *ctx, int64_t *buf, int n)
{
    struct fake *f = ctx;
    struct hub *h = f->h;
    pthread_mutex_lock(&h->lock);
    ck_assert_int_eq(h->round[f->rank], h->complete);   /* one round at a time */
    h->round[f->rank]++;
    h->buf[f->rank] = buf;
    h->len = n;
    if (++h->arrived == h->n) {
        int64_t *sum = calloc((size_t)n, sizeof *sum);
        for (int r = 0; r < h->n; r++)
            for (int i = 0; i < n; i++)
                sum[i] += h->buf[r][i];
        for (int r = 0; r < h->n; r++)
            memcpy(h->buf[r], sum, sizeof *sum * (size_t)n);
        free(sum);
        h->arrived = 0;
        h->complete++;
    }
    pthread_mutex_unlock(&h->lock);
}

static bool fake_test(void *ctx)
{
    struct fake *f = ctx;
    pthread_mutex_lock(&f->h->lock);
    bool done = f->h->complete >= f->h->round[f->rank];
    pthread_mutex_unlock(&f->h->lock);
    return done;
}

struct proc {
    struct search *s;
    struct fake f;
    struct game g;
    struct search_result r;
};

static struct search *make(int playouts, int seed)
{
    struct params p;
    params_default(&p);
    char err[200], v[32];
    ck_assert(params_set(&p, "threads", "1", err, sizeof err));
    ck_assert(params_set(&p, "memory", "64", err, sizeof err));
    ck_assert(params_set(&p, "early_stop", "0", err, sizeof err));
    snprintf(v, sizeof v, "%d", playouts);
    ck_assert(params_set(&p, "playouts", v, err, sizeof err));
    snprintf(v, sizeof v, "%d", seed);
    ck_assert(params_set(&p, "seed", v, err, sizeof err));
    struct search *s = search_new(&p, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    return s;
}

static void *run(void *arg)
{
    struct proc *pr = arg;
    struct time_control tc;
    timectl_init(&tc);
    search_cluster_arm(pr->s);
    pr->r = search_genmove(pr->s, &pr->g, BLACK, &tc);
    return NULL;
}

/* n processes of `playouts` each search the empty 9x9 board together. */
static void search_with(struct proc *pr, struct hub *h, int n, int playouts,
                        const struct search_cluster_params *cp)
{
    memset(h, 0, sizeof *h);
    pthread_mutex_init(&h->lock, NULL);
    h->n = n;
    for (int r = 0; r < n; r++) {
        pr[r].s = make(playouts, 11 + r);
        pr[r].f = (struct fake){ h, r };
        struct search_net net = { &pr[r].f, r, n, fake_start, fake_test };
        ck_assert(search_cluster_attach(pr[r].s, &net, cp));
        game_init(&pr[r].g, 9, 7.5);
    }
    pthread_t th[MAXP];
    for (int r = 0; r < n; r++)
        ck_assert_int_eq(pthread_create(&th[r], NULL, run, &pr[r]), 0);
    for (int r = 0; r < n; r++)
        pthread_join(th[r], NULL);
}

static void search_together(struct proc *pr, struct hub *h, int n, int playouts, int depth,
                            bool amaf)
{
    struct search_cluster_params cp = { .interval_ms = 2, .depth = depth, .width = 3,
                                        .amaf = amaf, .wait = 30 };
    search_with(pr, h, n, playouts, &cp);
}

static void done(struct proc *pr, struct hub *h, int n)
{
    for (int r = 0; r < n; r++) {
        search_free(pr[r].s);
        game_free(&pr[r].g);
    }
    pthread_mutex_destroy(&h->lock);
}

/* After the last round every process holds, for every child of the root,
 * the visits and wins of all processes' playouts (with amaf, their AMAF
 * statistics too); they add up to the playouts of all, each process's
 * budget exactly. */
static void same_root(int n, int depth, bool amaf)
{
    struct proc pr[MAXP];
    struct hub h;
    const int playouts = 600;
    search_together(pr, &h, n, playouts, depth, amaf);
    struct search_cluster_totals t;
    search_cluster_totals(pr[0].s, &t);
    ck_assert_int_eq(t.playouts, (int64_t)n * playouts);
    ck_assert_int_ge(t.rounds, 2);
    int64_t local = 0;
    for (int r = 0; r < n; r++) {
        ck_assert(!search_cluster_failed(pr[r].s));
        local += pr[r].r.playouts;
    }
    ck_assert_int_eq(local, t.playouts);    /* every playout was counted once */
    /* every process grew the same list of shared nodes; below depth 1 it
     * holds more than the root (width 3 caps it at 4) */
    for (int r = 1; r < n; r++) {
        struct search_cluster_totals tr;
        search_cluster_totals(pr[r].s, &tr);
        ck_assert_int_eq(tr.shared, t.shared);
    }
    if (depth == 1)
        ck_assert_int_eq(t.shared, 1);
    else
        ck_assert(t.shared > 1 && t.shared <= 4);
    struct tree_node *root0 = tree_root(&pr[0].s->tree);
    int64_t visits = 0;
    int differ = 0;
    for (int i = 0; i < root0->n_children; i++) {
        struct tree_node *c0 = tree_node_at(&pr[0].s->tree, root0->first + (uint32_t)i);
        visits += tree_visits(c0);
        for (int r = 1; r < n; r++) {
            struct tree_node *root = tree_root(&pr[r].s->tree);
            struct tree_node *c = tree_child(&pr[r].s->tree, root, tree_move(c0));
            ck_assert_msg(c != NULL, "process %d lacks a root move", r);
            ck_assert_uint_eq(tree_stats(c), tree_stats(c0));
            /* the AMAF of one process alone differs (each plays its own
             * playouts); the sum of all is the same everywhere */
            if (amaf)
                ck_assert_uint_eq(tree_amaf(c), tree_amaf(c0));
            else if (tree_amaf_visits(c0) > 20)
                differ += tree_amaf(c) != tree_amaf(c0);
        }
    }
    ck_assert_int_eq(visits, t.playouts);
    if (!amaf)
        ck_assert_int_gt(differ, 0);
    /* the others follow process 0's move: here they chose from the same root */
    for (int r = 1; r < n; r++)
        ck_assert_int_eq(pr[r].r.move, pr[0].r.move);
    done(pr, &h, n);
}

START_TEST(two_processes_depth1) { same_root(2, 1, false); }
END_TEST

START_TEST(three_processes_depth2) { same_root(3, 2, false); }
END_TEST

START_TEST(three_processes_depth3) { same_root(3, 3, false); }
END_TEST

START_TEST(three_processes_amaf) { same_root(3, 3, true); }
END_TEST

/* With mpi_playouts=K and an interval far longer than the search, a round
 * starts every K playouts of a process: the rounds of a search are its
 * budget over K, plus the first and the closing ones, on every process, and
 * no process plays more than K playouts while a round is out (one that is
 * due waits for it), however the threads of the processes are scheduled. */
START_TEST(rounds_every_k_playouts)
{
    struct proc pr[MAXP];
    struct hub h;
    const int n = 3, playouts = 600, k = 50;
    struct search_cluster_params cp = { .interval_ms = 60000, .playouts = k, .depth = 2,
                                        .width = 3, .wait = 30 };
    search_with(pr, &h, n, playouts, &cp);
    struct search_cluster_totals t0;
    search_cluster_totals(pr[0].s, &t0);
    ck_assert_int_eq(t0.playouts, (int64_t)n * playouts);
    /* the first round, one every k playouts, two to four to close */
    ck_assert_int_ge(t0.rounds, 1 + playouts / k + 2);
    ck_assert_int_le(t0.rounds, 1 + playouts / k + 4);
    for (int r = 0; r < n; r++) {
        struct search_cluster_totals t;
        search_cluster_totals(pr[r].s, &t);
        ck_assert(!search_cluster_failed(pr[r].s));
        ck_assert_int_eq(t.rounds, t0.rounds);
        ck_assert_int_le(t.max_lead, k);
    }
    done(pr, &h, n);
}
END_TEST

/* Process 1 never takes part: process 0 gives up on it after `wait`, answers
 * from its own playouts and says the cluster failed. */
START_TEST(silent_process)
{
    struct hub h;
    memset(&h, 0, sizeof h);
    pthread_mutex_init(&h.lock, NULL);
    h.n = 2;
    struct proc p0;
    p0.s = make(400, 3);
    p0.f = (struct fake){ &h, 0 };
    struct search_net net = { &p0.f, 0, 2, fake_start, fake_test };
    struct search_cluster_params cp = { .interval_ms = 2, .depth = 2, .width = 2, .wait = 0.3 };
    ck_assert(search_cluster_attach(p0.s, &net, &cp));
    game_init(&p0.g, 9, 7.5);
    run(&p0);
    ck_assert(search_cluster_failed(p0.s));
    ck_assert(p0.r.move > 0);
    ck_assert_int_eq(game_check_move(&p0.g, BLACK, p0.r.move), GAME_OK);
    ck_assert(p0.r.seconds < 10);
    /* a failed cluster arms no more searches: the next one is alone */
    search_cluster_arm(p0.s);
    ck_assert(!search_cluster_following(p0.s));
    search_free(p0.s);
    game_free(&p0.g);
    pthread_mutex_destroy(&h.lock);
}
END_TEST

/* Out-of-range parameters are refused; an unarmed search is alone. */
START_TEST(attach_checks)
{
    struct search *s = make(100, 1);
    struct fake f = { NULL, 0 };
    struct search_net net = { &f, 0, 2, fake_start, fake_test };
    struct search_cluster_params ok = { .interval_ms = 10, .depth = 2, .width = 4, .wait = 1 };
    struct search_cluster_params bad = ok;
    bad.depth = SEARCH_CLUSTER_MAX_DEPTH + 1;
    ck_assert(!search_cluster_attach(s, &net, &bad));
    bad = ok;
    bad.share = 101;
    ck_assert(!search_cluster_attach(s, &net, &bad));
    bad = ok;
    bad.width = SEARCH_CLUSTER_MAX_WIDTH + 1;
    ck_assert(!search_cluster_attach(s, &net, &bad));
    bad = ok;
    bad.interval_ms = 0;
    ck_assert(!search_cluster_attach(s, &net, &bad));
    bad = ok;
    bad.playouts = -1;
    ck_assert(!search_cluster_attach(s, &net, &bad));
    ck_assert(search_cluster_attach(s, &net, &ok));
    /* not armed: searches alone (the fake hub is NULL and would crash) */
    struct game g;
    game_init(&g, 9, 7.5);
    struct time_control tc;
    timectl_init(&tc);
    struct search_result r = search_genmove(s, &g, BLACK, &tc);
    ck_assert(r.move > 0);
    struct search_cluster_totals t;
    search_cluster_totals(s, &t);
    ck_assert_int_eq(t.searches, 0);
    game_free(&g);
    search_free(s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("search_cluster");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, attach_checks);
    tcase_add_test(tc, two_processes_depth1);
    tcase_add_test(tc, three_processes_depth2);
    tcase_add_test(tc, three_processes_depth3);
    tcase_add_test(tc, three_processes_amaf);
    tcase_add_test(tc, rounds_every_k_playouts);
    tcase_add_test(tc, silent_process);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
