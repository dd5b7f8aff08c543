/* main_mpi — bin/hane-mpi: hane over Open MPI processes (`make MPI=1`;
 * docs/notes/mpi.md).
 *
 *   mpirun -np N bin/hane-mpi [mpi_KEY=VALUE]... [KEY=VALUE]...
 *
 * Process 0 reads GTP on stdin and answers on stdout exactly as bin/hane
 * does; every line it reads goes to every process, which executes it on its
 * own front end (answers of the others go nowhere), so a command changes
 * every position alike and bad input is refused everywhere alike. The
 * commands of the genmove family run one search over all processes
 * (engine/search_cluster.h); process 0's move is then the move of all (the
 * others take back theirs when it differs). lz-analyze and kata-analyze
 * search on all processes too, in the background until the next command,
 * so that process 0 streams the merged statistics; that needs MPI calls
 * from two threads at once (MPI_THREAD_MULTIPLE), and without it they run
 * on process 0 alone. After every command the processes compare a hash of
 * their game with process 0's.
 *
 * A process that stops answering: process 0 waits at most mpi_wait seconds
 * for it (a search round, a command), answers the move in progress from
 * its own tree and then ends every process with a message on stderr and
 * exit status 3, because MPI cannot take a process out of a collective.
 * A process that dies: mpirun ends the job (its default), and process 0
 * with it.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

#include "engine/net_mpi.h"
#include "engine/search_cluster.h"
#include "gtp/gtp.h"
#include "gtp/gtp_internal.h"

static int rank, size = 1;
static struct search_cluster_params cp = { .interval_ms = 100, .depth = 3, .width = 32,
                                           .amaf = true, .share = 5, .wait = 10 };

static void help(FILE *f)
{
    fprintf(f,
            "usage: mpirun -np N hane-mpi [mpi_KEY=VALUE]... [config=FILE] [KEY=VALUE]...\n"
            "\n"
            "hane over N Open MPI processes: process 0 speaks GTP version 2 on standard\n"
            "input and output as hane does; the genmove family searches on all of them.\n"
            "lz-analyze and kata-analyze show the statistics of all processes.\n"
            "Each process runs `threads` threads and plays playouts=P (N x P in all);\n"
            "the clock is process 0's.\n"
            "\n"
            "  mpi_interval=MS  between two rounds of statistics, at most (default 100)\n"
            "  mpi_playouts=K   also a round every K playouts of a process, which then\n"
            "                   waits for the previous round if it is still out\n"
            "                   (default 0: by time alone)\n"
            "  mpi_depth=D      1: share the root's children; 2: also the children of\n"
            "                   well visited root moves; 3: and one ply deeper (default 3, at most 12)\n"
            "  mpi_share=PCT    visits a node needs to be shared, in percent of the\n"
            "                   root's (default 5)\n"
            "  mpi_width=K      nodes shared besides the root (default 32, at most 256)\n"
            "  mpi_amaf=0|1     share the AMAF (RAVE) statistics too, for twice the bytes\n"
            "                   (default 1)\n"
            "  mpi_wait=S       seconds process 0 waits for the others before it gives up\n"
            "                   on them (default 10)\n"
            "\n"
            "Parameters (name, default, meaning):\n");
    params_help(f);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Takes the mpi_* arguments out of argv; false (with a message) on a bad one. */
static bool mpi_args(int *argc, char **argv)
{
    int out = 1;
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "mpi_", 4) != 0) {
            argv[out++] = argv[i];
            continue;
        }
        const char *eq = strchr(a, '=');
        char *end = NULL;
        double v = eq ? strtod(eq + 1, &end) : 0;
        bool num = eq && end != eq + 1 && *end == '\0';
        size_t k = eq ? (size_t)(eq - a) : strlen(a);
        bool ok = false;
        if (num && k == 12 && !strncmp(a, "mpi_interval", k) && v >= 1 && v <= 60000 && v == (int)v) {
            cp.interval_ms = (int)v;
            ok = true;
        } else if (num && k == 12 && !strncmp(a, "mpi_playouts", k) && v >= 0 && v <= 1e6
                   && v == (int)v) {
            cp.playouts = (int)v;
            ok = true;
        } else if (num && k == 8 && !strncmp(a, "mpi_amaf", k) && (v == 0 || v == 1)) {
            cp.amaf = v == 1;
            ok = true;
        } else if (num && k == 9 && !strncmp(a, "mpi_depth", k) && v >= 1
                   && v <= SEARCH_CLUSTER_MAX_DEPTH && v == (int)v) {
            cp.depth = (int)v;
            ok = true;
        } else if (num && k == 9 && !strncmp(a, "mpi_share", k) && v >= 0 && v <= 100) {
            cp.share = v;
            ok = true;
        } else if (num && k == 9 && !strncmp(a, "mpi_width", k) && v >= 0
                   && v <= SEARCH_CLUSTER_MAX_WIDTH && v == (int)v) {
            cp.width = (int)v;
            ok = true;
        } else if (num && k == 8 && !strncmp(a, "mpi_wait", k) && v >= 0.1 && v <= 86400) {
            cp.wait = v;
            ok = true;
        }
        if (!ok) {
            if (rank == 0)
                fprintf(stderr, "hane-mpi: argument %d: '%s': expected mpi_interval=1..60000, mpi_playouts=0..1000000, mpi_amaf=0|1, "
                        "mpi_depth=1..%d, mpi_share=0..100, mpi_width=0..%d or "
                        "mpi_wait=0.1..86400\n", i, a, SEARCH_CLUSTER_MAX_DEPTH,
                        SEARCH_CLUSTER_MAX_WIDTH);
            return false;
        }
    }
    *argc = out;
    argv[out] = NULL;
    return true;
}

/* Waits for `req`, polling. Process 0 waits at most mpi_wait seconds, then
 * ends every process: a GUI must not wait on a process that hangs. */
static void finish(MPI_Request *req, const char *what)
{
    double t0 = now();
    for (;;) {
        int done = 0;
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done)
            return;
        if (rank == 0 && now() - t0 > cp.wait) {
            fflush(stdout);
            fprintf(stderr, "hane-mpi: a process did not answer within %g s (%s); ending all "
                    "processes\n", cp.wait, what);
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
        /* MPI_Wait would spin on a core all the time the GUI thinks;
         * the others wake every millisecond, process 0 ten times as often */
        nanosleep(&(struct timespec){ 0, rank == 0 ? 100000 : 1000000 }, NULL);
    }
}

/* The commands that run one search over all processes. */
static bool is_search(const char *name)
{
    static const char *const names[] = { "genmove", "reg_genmove", "gg_genmove",
                                         "restricted_genmove", "kgs-genmove_cleanup",
                                         "lz-genmove_analyze", "kata-genmove_analyze", NULL };
    for (int i = 0; names[i]; i++)
        if (!strcmp(name, names[i]))
            return true;
    return false;
}

/* Analysis that only process 0 runs: it changes nothing, and its search
 * goes on in the background until the next command. */
static bool is_analysis(const char *name)
{
    return !strcmp(name, "lz-analyze") || !strcmp(name, "kata-analyze");
}

/* Makes every game's record process 0's (a search may have chosen another
 * move elsewhere): takes back moves down to the common part and plays the rest. */
static void sync_moves(struct gtp *g)
{
    struct game *gm = &g->game;
    int n = rank == 0 ? gm->n_moves : 0;
    MPI_Request req;
    MPI_Ibcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
    finish(&req, "move record");
    int *mv = malloc(sizeof *mv * 2 * (size_t)(n + 1));
    if (!mv) {
        fprintf(stderr, "hane-mpi: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0)
        for (int i = 0; i < n; i++) {
            mv[2 * i] = gm->moves[i].color;
            mv[2 * i + 1] = gm->moves[i].p;
        }
    MPI_Ibcast(mv, 2 * n, MPI_INT, 0, MPI_COMM_WORLD, &req);
    finish(&req, "move record");
    if (rank > 0) {
        int k = 0;
        while (k < n && k < gm->n_moves && (int)gm->moves[k].color == mv[2 * k]
               && gm->moves[k].p == mv[2 * k + 1])
            k++;
        if (k < gm->n_moves || k < n)
            gtp_stop_thinking(g);
        while (gm->n_moves > k)
            game_undo(gm);
        for (int i = k; i < n; i++)
            if (game_play(gm, (enum color)mv[2 * i], (point)mv[2 * i + 1]) != GAME_OK) {
                fprintf(stderr, "hane-mpi: process %d cannot play process 0's move %d\n", rank,
                        i + 1);
                break;
            }
    }
    free(mv);
}

/* A hash of what the commands change: size, komi, stones, the record. */
static uint64_t game_digest(const struct game *gm)
{
    uint64_t h = 1469598103934665603ull;
    uint64_t komi_bits;
    memcpy(&komi_bits, &gm->komi, sizeof komi_bits);
    uint64_t words[5] = { gm->board.hash, (uint64_t)gm->board.size, komi_bits,
                          (uint64_t)gm->n_moves, (uint64_t)gm->handicap };
    for (int i = 0; i < 5; i++)
        h = (h ^ words[i]) * 1099511628211ull;
    for (int i = 0; i < gm->n_moves; i++)
        h = (h ^ (uint64_t)(gm->moves[i].p * 4 + (int)gm->moves[i].color)) * 1099511628211ull;
    return h;
}

/* Compares every process's game with process 0's; returns true if all agree. */
static bool same_games(struct gtp *g, long line, uint64_t *digest)
{
    uint64_t mine = game_digest(&g->game);
    uint64_t *all = rank == 0 ? malloc(sizeof *all * (size_t)size) : NULL;
    if (rank == 0 && !all) {
        fprintf(stderr, "hane-mpi: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Request req;
    MPI_Igather(&mine, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD, &req);
    finish(&req, "position check");
    bool same = true;
    if (rank == 0) {
        for (int r = 1; r < size; r++)
            if (all[r] != mine) {
                fprintf(stderr, "hane-mpi: process %d holds another game than process 0 after "
                        "line %ld\n", r, line);
                same = false;
            }
        free(all);
    }
    *digest = mine;
    return same;
}

int main(int argc, char **argv)
{
    /* The analysis rounds run on a search thread while the main thread
     * broadcasts the next command. */
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    bool threads_ok = provided >= MPI_THREAD_MULTIPLE;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* Only process 0 speaks GTP: mpirun would pass the others' stdout on. */
    int saved_err = -1;
    if (rank > 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
            saved_err = dup(STDERR_FILENO);
            dup2(null, STDERR_FILENO);   /* the argument messages once, from process 0 */
            close(null);
        }
    }
    struct params p;
    int rc = mpi_args(&argc, argv) ? gtp_main_args("hane-mpi", argc, argv, &p, help) : 2;
    if (saved_err >= 0) {
        dup2(saved_err, STDERR_FILENO);
        close(saved_err);
    }
    if (rc >= 0) {
        MPI_Finalize();
        return rc;
    }
    char err[600];
    struct gtp *g = gtp_new(&p, stdout, NULL, err, sizeof err);
    struct search_net net = { 0 };
    int ok = g != NULL, all_ok = 0;
    if (!g)
        fprintf(stderr, "hane-mpi: process %d: %s\n", rank, err);
    if (g && size > 1 && (!net_mpi_open(&net) || !search_cluster_attach(g->search, &net, &cp))) {
        fprintf(stderr, "hane-mpi: process %d: cannot join the search\n", rank);
        ok = 0;
    }
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (!all_ok) {
        gtp_free(g);
        MPI_Finalize();
        return 1;
    }
    if (rank == 0)
        fprintf(stderr, "hane-mpi: %d process%s joined, %d thread%s each\n", size,
                size == 1 ? "" : "es", p.threads, p.threads == 1 ? "" : "s");

    struct gtp_reader *r = malloc(sizeof *r);
    char *scratch = malloc(GTP_LINE_MAX + 1);
    struct gtp_cmd *cmd = malloc(sizeof *cmd);
    if (!r || !scratch || !cmd) {
        fprintf(stderr, "hane-mpi: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    r->in = stdin;
    long line = 0;
    bool diverged = false;
    uint64_t digest = 0;
    for (;;) {
        /* what process 0 read: the kind of line and its length, then the line */
        int head[2] = { GTP_READ_EOF, 0 };
        if (rank == 0) {
            enum gtp_read st = gtp_read_line(r);
            head[0] = (int)st;
            head[1] = st == GTP_READ_LINE ? (int)r->len : 0;
        }
        MPI_Request req;
        MPI_Ibcast(head, 2, MPI_INT, 0, MPI_COMM_WORLD, &req);
        finish(&req, "command");
        if (head[0] == GTP_READ_EOF)
            break;
        line++;
        if (head[0] == GTP_READ_TOO_LONG) {
            if (rank == 0)
                gtp_reply_too_long(g, r);
            else
                gtp_stop_thinking(g);
            continue;
        }
        MPI_Ibcast(r->buf, head[1], MPI_CHAR, 0, MPI_COMM_WORLD, &req);
        finish(&req, "command");
        r->len = (size_t)head[1];
        r->buf[r->len] = '\0';
        memcpy(scratch, r->buf, r->len + 1);
        gtp_preprocess(scratch, r->len);
        const char *name = gtp_split(scratch, cmd) && cmd->name ? cmd->name : "";
        bool search = is_search(name), analysis = is_analysis(name);
        bool go_on = true;
        if (analysis && !threads_ok && rank > 0) {
            gtp_stop_thinking(g);
        } else {
            /* The analysis still running must end, and take up the arming
             * it was given, before this command is armed: a background
             * search that had not started yet would take this command's
             * arming on one process and not on another. (The command
             * would stop it first thing anyway.) */
            if (search || analysis) {
                gtp_stop_thinking(g);
                search_cluster_arm(g->search);
            }
            go_on = gtp_execute(g, r->buf, r->len);
            /* An analysis that started takes the arming on its own thread,
             * maybe later; one refused on its arguments (everywhere alike)
             * did not. Other commands leave the arming alone: a comment
             * line, which stops nothing, must not take it from an analysis
             * whose thread has not started yet. */
            if ((search || analysis) && !(analysis && g->streaming))
                search_cluster_disarm(g->search);
        }
        fflush(stdout);
        if (search_cluster_failed(g->search)) {
            fprintf(stderr, "hane-mpi: a process did not answer within %g s during the "
                    "search; the move came from process 0 alone; ending all processes\n",
                    cp.wait);
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
        if (search)
            sync_moves(g);
        if (!same_games(g, line, &digest))
            diverged = true;
        if (!go_on)
            break;
    }
    gtp_stop_thinking(g);
    if (rank == 0) {
        struct search_cluster_totals t;
        search_cluster_totals(g->search, &t);
        if (diverged)
            fprintf(stderr, "hane-mpi: the processes' games differed (see above)\n");
        else
            fprintf(stderr, "hane-mpi: %ld lines; every process ends on game %016llx\n", line,
                    (unsigned long long)digest);
        if (t.searches)
            fprintf(stderr, "hane-mpi: %lld searches over %d processes: %lld rounds, %.1f KB "
                    "sent per process, %.0f B/s while searching, %.1f us of worker 0's time "
                    "a round, %.2f ms from a round's start to its collection, %lld waits\n",
                    (long long)t.searches, size, (long long)t.rounds, t.bytes / 1e3,
                    t.seconds > 0 ? t.bytes / t.seconds : 0.0,
                    t.rounds ? 1e6 * t.busy / (double)t.rounds : 0.0,
                    t.rounds ? 1e3 * t.in_flight / (double)t.rounds : 0.0, (long long)t.waits);
    }
    free(r);
    free(scratch);
    free(cmd);
    gtp_free(g);
    if (size > 1)
        net_mpi_close(&net);
    MPI_Finalize();
    return diverged ? 4 : 0;
}
