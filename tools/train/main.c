/* hane-train — learns Bradley–Terry gammas from SGF game records (Coulom's MM)
 * and measures move-prediction accuracy.
 *
 * Where to start reading: main() below runs the stages in order: find games,
 * split off held-out games, load, harvest large patterns, extract features,
 * MM iterations (checkpoint after each), evaluate, write the table atomically.
 */
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "patterns/factors.h"
#include "patterns/gammas.h"
#include "patterns/mm.h"
#include "patterns/normalise.h"
#include "tools/common/cli_num.h"
#include "tools/train/cluster.h"
#include "tools/train/corpus.h"
#include "tools/train/dataset.h"
#include "tools/train/eval.h"
#include "tools/train/featureset.h"
#include "tools/train/passfit.h"
#include "tools/train/phase.h"
#include "tools/train/progress.h"

struct options {
    const char *out;
    const char *eval_table;      /* --eval: evaluate this table ("default" = built-in) */
    const char *pass_table;      /* --calibrate-pass: refit this table's pass */
    const char *curve;           /* CSV/PNG prefix; NULL: no curve files */
    long max_games;
    int size;
    long holdout;
    int iterations;
    int min_count;
    int stride;
    int threads;
    int factors;                 /* latent factors per value (0: plain MM) */
    int factor_epochs;
    double factor_rate, factor_reg, factor_gamma_rate;
    unsigned disabled;
    const char *feature_set;     /* --features: a named set (featureset.h) */
    uint64_t seed;
    bool resume, json, quiet;
    bool strict;                 /* a skipped file is an error */
    int compact;                 /* 1 yes, 0 no (expanded), -1 auto (default) */
    int stop_after;              /* stop after this iteration as if interrupted (0: no) */
    struct corpus train, test;
    struct corpus pass_games;    /* --pass-games: the pass is fitted on these */
    char **sources;              /* the SGF arguments, for the table's metadata */
    int n_sources;
};

static void usage(FILE *f)
{
    fputs("usage: hane-train [options] SGF... -o OUT.json     train a gamma table\n"
          "       hane-train --eval TABLE [options] SGF...    measure accuracy\n"
          "       hane-train --calibrate-pass TABLE SGF... -o OUT.json\n"
          "                     normalise TABLE and fit its pass on games with passes\n"
          "\n"
          "SGF arguments are files, directories (searched recursively for *.sgf) or\n"
          "lists (*.lst, *.txt: one path per line).\n"
          "\n"
          "  -o, --output FILE     gamma table to write (atomically: FILE.tmp.PID, rename)\n"
          "      --max-games N     use a seeded random subset of N training games\n"
          "      --size N          only games on N x N (default 19; 0 = any size)\n"
          "      --holdout N       hold N training games out for evaluation\n"
          "      --test PATH       held-out games from PATH (repeatable)\n"
          "      --iterations N    MM iterations (default 20)\n"
          "      --min-count N     keep large patterns played at least N times (default 10)\n"
          "      --stride N        MM on every N-th position only (patterns: all; default 1)\n"
          "      --factors K       after MM, learn K latent factors per feature value\n"
          "                        (feature interactions; default 0: none)\n"
          "      --factor-epochs N passes of the factor training (default 4)\n"
          "      --factor-rate X   its learning rate (default 0.02)\n"
          "      --factor-reg X    its L2 regularisation (default 0.001)\n"
          "      --factor-gammas X train the gammas too, at learning rate X (default 0)\n"
          "      --disable F,...   leave features out (pass capture extend atari selfatari\n"
          "                        dist1 dist2 edge libs near pat3 large dist3 dist4\n"
          "                        area weak reach stage)\n"
          "      --pass-games PATH after training, fit the pass on these games (records\n"
          "                        with passes, e.g. KGS; repeatable)\n"
          "      --features SET    train and evaluate with a named feature set only:\n"
          "                        all (default), coulom2007 (Coulom 2007's features)\n"
          "      --threads N       worker threads (default: all cores)\n"
          "      --seed N          seed of the subset and held-out choice (default 1)\n"
          "      --resume          continue from OUT.ckpt, written after each iteration\n"
          "                        (the same gammas as a run never stopped, with the same\n"
          "                        --threads)\n"
          "      --stop-after N    stop after MM iteration N as if interrupted, keeping\n"
          "                        OUT.ckpt for --resume\n"
          "      --compact auto|yes|no\n"
          "                        keep the candidates compact (about 6 bytes each) or\n"
          "                        expanded (26 bytes: MM several times faster, the same\n"
          "                        gammas); auto (default): expanded when that fits in\n"
          "                        half the free memory\n"
          "      --strict          an unreadable or illegal record is an error (exit 1);\n"
          "                        without it such files are skipped and counted\n"
          "      --eval TABLE      evaluate TABLE (a file, or \"default\" for the built-in)\n"
          "      --curve PREFIX    write PREFIX.csv and PREFIX.png (none without it)\n"
          "      --json            print the evaluation as one JSON object on stdout\n"
          "  -q, --quiet           no progress output\n"
          "  -h, --help            this text\n", f);
}

static bool parse_disabled(const char *s, unsigned *out)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        int f = -1;
        for (int i = 0; i < PAT_NFEAT; i++)
            if (strcmp(tok, pat_feature_name[i]) == 0)
                f = i;
        if (f < 0) {
            fprintf(stderr, "hane-train: --disable: unknown feature \"%s\"\n", tok);
            return false;
        }
        *out |= 1u << f;
    }
    return true;
}

static void die(const char *msg)
{
    fprintf(stderr, "hane-train: %s\n", msg);
    cluster_exit(1);
}

static int n_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* Can `path` be written? Checked before any work, with the file that
 * pat_gammas_save will write (PATH.tmp.PID, then renamed over PATH): a
 * directory, a missing directory or one without write permission is found
 * now, not after the last iteration. */
static void check_writable(const char *path, const char *what)
{
    struct stat st;
    char msg[600];
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(msg, sizeof msg, "%s %s: is a directory", what, path);
        die(msg);
    }
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    if (!tmp)
        die("out of memory");
    snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
        snprintf(msg, sizeof msg, "%s %s: cannot be written: %s", what, path, strerror(errno));
        die(msg);
    }
    close(fd);
    unlink(tmp);
    free(tmp);
}

static void parse_args(int argc, char **argv, struct options *o)
{
    enum { O_MAX = 256, O_SIZE, O_HOLD, O_TEST, O_ITER, O_MIN, O_DIS, O_THR, O_SEED,
           O_RESUME, O_EVAL, O_CURVE, O_JSON, O_STRIDE, O_FACTORS, O_FEPOCHS, O_FRATE,
           O_FREG, O_FGAMMA, O_FEATURES, O_CALPASS, O_PASSGAMES, O_STRICT, O_STOP, O_COMPACT };
    static const struct option longopts[] = {
        { "output", required_argument, NULL, 'o' },
        { "max-games", required_argument, NULL, O_MAX },
        { "size", required_argument, NULL, O_SIZE },
        { "holdout", required_argument, NULL, O_HOLD },
        { "test", required_argument, NULL, O_TEST },
        { "iterations", required_argument, NULL, O_ITER },
        { "min-count", required_argument, NULL, O_MIN },
        { "stride", required_argument, NULL, O_STRIDE },
        { "factors", required_argument, NULL, O_FACTORS },
        { "factor-epochs", required_argument, NULL, O_FEPOCHS },
        { "factor-rate", required_argument, NULL, O_FRATE },
        { "factor-reg", required_argument, NULL, O_FREG },
        { "factor-gammas", required_argument, NULL, O_FGAMMA },
        { "disable", required_argument, NULL, O_DIS },
        { "features", required_argument, NULL, O_FEATURES },
        { "threads", required_argument, NULL, O_THR },
        { "seed", required_argument, NULL, O_SEED },
        { "resume", no_argument, NULL, O_RESUME },
        { "strict", no_argument, NULL, O_STRICT },
        { "stop-after", required_argument, NULL, O_STOP },
        { "compact", required_argument, NULL, O_COMPACT },
        { "eval", required_argument, NULL, O_EVAL },
        { "calibrate-pass", required_argument, NULL, O_CALPASS },
        { "pass-games", required_argument, NULL, O_PASSGAMES },
        { "curve", required_argument, NULL, O_CURVE },
        { "json", no_argument, NULL, O_JSON },
        { "quiet", no_argument, NULL, 'q' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    *o = (struct options){ .size = 19, .iterations = 20, .min_count = 10, .stride = 1,
                           .threads = n_cores(), .seed = 1, .curve = NULL,
                           .factor_epochs = 4, .factor_rate = 0.02, .factor_reg = 0.001,
                           .compact = -1 };
    int ch;
    long v;
    while ((ch = getopt_long(argc, argv, "o:qh", longopts, NULL)) != -1) {
        switch (ch) {
        case 'o': o->out = optarg; break;
        case 'q': o->quiet = true; break;
        case 'h': usage(stdout); exit(0);
        case O_MAX:
            if (!cli_parse_long(optarg, 1, 100000000, &o->max_games))
                die("--max-games: expected a positive integer");
            break;
        case O_SIZE:
            if (!cli_parse_long(optarg, 0, BOARD_MAX_SIZE, &v) || (v && v < BOARD_MIN_SIZE))
                die("--size: expected 0 or 2..25");
            o->size = (int)v;
            break;
        case O_HOLD:
            if (!cli_parse_long(optarg, 0, 100000000, &o->holdout))
                die("--holdout: expected a non-negative integer");
            break;
        case O_TEST:
            if (!corpus_add_path(&o->test, optarg))
                exit(1);
            break;
        case O_ITER:
            if (!cli_parse_long(optarg, 0, 10000, &v))
                die("--iterations: expected 0..10000");
            o->iterations = (int)v;
            break;
        case O_MIN:
            if (!cli_parse_long(optarg, 1, 1000000000, &v))
                die("--min-count: expected a positive integer");
            o->min_count = (int)v;
            break;
        case O_STRIDE:
            if (!cli_parse_long(optarg, 1, 1000, &v))
                die("--stride: expected 1..1000");
            o->stride = (int)v;
            break;
        case O_FACTORS:
            if (!cli_parse_long(optarg, 0, PAT_MAX_FACTORS, &v))
                die("--factors: expected 0..32");
            o->factors = (int)v;
            break;
        case O_FEPOCHS:
            if (!cli_parse_long(optarg, 0, 1000, &v))
                die("--factor-epochs: expected 0..1000");
            o->factor_epochs = (int)v;
            break;
        case O_FRATE:
            if (!cli_parse_real(optarg, 1e-9, 10, &o->factor_rate))
                die("--factor-rate: expected a number in (0, 10]");
            break;
        case O_FREG:
            if (!cli_parse_real(optarg, 0, 10, &o->factor_reg))
                die("--factor-reg: expected a number in [0, 10]");
            break;
        case O_FGAMMA:
            if (!cli_parse_real(optarg, 0, 10, &o->factor_gamma_rate))
                die("--factor-gammas: expected a number in [0, 10]");
            break;
        case O_DIS:
            if (!parse_disabled(optarg, &o->disabled))
                exit(1);
            break;
        case O_FEATURES:
            if (!train_feature_set(optarg, &o->disabled))
                exit(1);
            o->feature_set = optarg;
            break;
        case O_THR:
            if (!cli_parse_long(optarg, 1, 64, &v))
                die("--threads: expected 1..64");
            o->threads = (int)v;
            break;
        case O_SEED:
            if (!cli_parse_long(optarg, 0, LONG_MAX, &v))
                die("--seed: expected a non-negative integer");
            o->seed = (uint64_t)v;
            break;
        case O_RESUME: o->resume = true; break;
        case O_STRICT: o->strict = true; break;
        case O_COMPACT:
            if (strcmp(optarg, "yes") == 0)
                o->compact = 1;
            else if (strcmp(optarg, "no") == 0)
                o->compact = 0;
            else if (strcmp(optarg, "auto") == 0)
                o->compact = -1;
            else
                die("--compact: expected auto, yes or no");
            break;
        case O_STOP:
            if (!cli_parse_long(optarg, 1, 10000, &v))
                die("--stop-after: expected 1..10000");
            o->stop_after = (int)v;
            break;
        case O_EVAL: o->eval_table = optarg; break;
        case O_CALPASS: o->pass_table = optarg; break;
        case O_PASSGAMES:
            if (!corpus_add_path(&o->pass_games, optarg))
                exit(1);
            break;
        case O_CURVE: o->curve = optarg; break;
        case O_JSON: o->json = true; break;
        default: usage(stderr); exit(2);
        }
    }
    if (!o->eval_table && o->out) {
        /* Before any game is read: a bad path is found in a second, not
         * after the last iteration. */
        size_t n = strlen(o->out) + 8;
        char *ckpt = malloc(n);
        if (!ckpt)
            die("out of memory");
        snprintf(ckpt, n, "%s.ckpt", o->out);
        check_writable(o->out, "output");
        check_writable(ckpt, "checkpoint");
        free(ckpt);
    }
    for (int i = optind; i < argc; i++)
        if (!corpus_add_path(&o->train, argv[i]))
            exit(1);
    o->sources = argv + optind;
    o->n_sources = argc - optind;
    if (optind >= argc) {
        usage(stderr);
        exit(2);
    }
    if (o->pass_table && (o->eval_table || !o->out))
        die("--calibrate-pass: give -o OUT.json, and no --eval");
    if (!o->eval_table && !o->out)
        die("no output: give -o OUT.json (or --eval TABLE to evaluate)");
}

static void print_accuracy(FILE *f, const struct eval_result *r)
{
    fprintf(f, "games %zu, positions %zu\n", r->games, r->positions);
    static const int ks[] = { 1, 3, 5, 10, 20 };
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
        fprintf(f, "top-%-2d %6.2f%%\n", ks[i], 100 * eval_top(r, ks[i]));
    fprintf(f, "log-evidence %.4f (mean ln P of the played move)\n", r->log_evidence);
    eval_parts_print(f, r);
}

static json_t *accuracy_json(const struct eval_result *r)
{
    json_t *j = json_pack("{s:I,s:I,s:f,s:f,s:f,s:f,s:f,s:f}", "games", (json_int_t)r->games,
                          "positions", (json_int_t)r->positions, "top1", eval_top(r, 1),
                          "top3", eval_top(r, 3), "top5", eval_top(r, 5),
                          "top10", eval_top(r, 10), "top20", eval_top(r, 20),
                          "log_evidence", r->log_evidence);
    json_object_set_new(j, "parts", eval_parts_json(r));
    return j;
}

static void write_curve(const struct options *o, const struct eval_result *r, const char *title)
{
    if (!o->curve)
        return;
    size_t n = strlen(o->curve) + 8;
    char *csv = malloc(n), *png = malloc(n);
    if (!csv || !png)
        die("out of memory");
    snprintf(csv, n, "%s.csv", o->curve);
    snprintf(png, n, "%s.png", o->curve);
    if (eval_write_curve(r, csv, png, title) && !o->quiet)
        fprintf(stderr, "curve: %s, %s\n", csv, png);
    free(csv);
    free(png);
}

/* What loading kept and what it skipped, and --strict's verdict. */
static void report_loaded(const struct options *o, const struct corpus *c, const char *what)
{
    size_t skipped = c->n_bad + c->n_other_size;
    if (!o->quiet || (o->strict && c->n_bad)) {
        fprintf(stderr, "%s: %zu games read, %zu skipped", what, c->n_games, skipped);
        if (skipped)
            fprintf(stderr, ": %zu unreadable or illegal, %zu of another size", c->n_bad,
                    c->n_other_size);
        fputc('\n', stderr);
        if (c->n_bad)
            fprintf(stderr, "  first unreadable or illegal: %s\n", c->first_bad);
    }
    if (o->strict && c->n_bad) {
        fprintf(stderr, "hane-train: --strict: %zu record(s) could not be used\n", c->n_bad);
        exit(1);
    }
}

static int run_eval(struct options *o)
{
    char err[600];
    struct pat_gammas *own = NULL;
    const struct pat_gammas *t;
    if (strcmp(o->eval_table, "default") == 0) {
        t = pat_gammas_default();
    } else {
        own = pat_gammas_load(o->eval_table, err, sizeof err);
        if (!own)
            die(err);
        t = own;
    }
    corpus_sort(&o->train);
    if (o->max_games)
        corpus_sample(&o->train, (size_t)o->max_games, o->seed);
    corpus_load(&o->train, o->size, o->threads, o->quiet, "loading");
    report_loaded(o, &o->train, "games");
    if (o->train.n_games == 0)
        die("no usable games to evaluate");
    struct eval_result r;
    train_eval(&o->train, t, o->disabled, o->threads, &r, o->quiet);
    write_curve(o, &r, o->eval_table);
    if (o->json) {
        json_t *j = accuracy_json(&r);
        char *s = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(6));
        printf("%s\n", s);
        free(s);
        json_decref(j);
    } else {
        print_accuracy(stdout, &r);
    }
    pat_gammas_free(own);
    corpus_free(&o->train);
    return 0;
}

static struct pat_gammas *load_table(const char *name)
{
    char err[600];
    struct pat_gammas *t;
    if (strcmp(name, "default") == 0)
        t = pat_gammas_parse(pat_default_json, pat_default_json_len, "default", err, sizeof err);
    else
        t = pat_gammas_load(name, err, sizeof err);
    if (!t)
        die(err);
    return t;
}

/* The scale factors of pat_gammas_normalise in the table's metadata. */
static void note_normalised(struct pat_gammas *t, const double scale[PAT_NFEAT])
{
    json_t *n = json_object();
    for (int f = 0; f < PAT_NFEAT; f++)
        if (scale[f] != 1)
            json_object_set_new(n, pat_feature_name[f], json_real(scale[f]));
    json_object_set_new(t->meta, "normalised", n);
}

/* Normalises t (normalise.h), then fits its pass on the loaded games `c`
 * (none: the pass keeps its compensated gammas), noting both in its metadata. */
static void normalise_and_fit_pass(const struct options *o, struct pat_gammas *t,
                                   const struct corpus *c)
{
    double scale[PAT_NFEAT];
    pat_gammas_normalise(t, scale);
    note_normalised(t, scale);
    if (c->n_games == 0)
        return;
    struct passfit_report r;
    if (!train_pass_fit(c, t, o->quiet, &r))
        die("out of memory fitting the pass");
    json_object_set_new(t->meta, "pass_fit", json_pack(
        "{s:I,s:I,s:I,s:I,s:I,s:[f,f],s:[f,f],s:f,s:f,s:f,s:f}",
        "games", (json_int_t)c->n_games, "positions", (json_int_t)r.positions,
        "passes_after_move", (json_int_t)r.passes[1],
        "passes_after_pass", (json_int_t)r.passes[2], "first_passes",
        (json_int_t)r.first_passes, "gammas_before", r.before[1], r.before[2],
        "gammas_after", r.after[1], r.after[2], "first_pass_log_p_before", r.first_before,
        "first_pass_log_p_after", r.first_after, "log_evidence_before", r.all_before,
        "log_evidence_after", r.all_after));
    if (!o->quiet)
        fprintf(stderr, "pass fitted on %zu games, %zu positions (%zu passes after a move, "
                "%zu after a pass, %zu first passes): gammas %.4g, %.4g (normalised table: "
                "%.4g, %.4g); first passes mean ln P %.4f -> %.4f, all moves %.4f -> %.4f\n",
                c->n_games, r.positions, r.passes[1], r.passes[2], r.first_passes,
                r.after[1], r.after[2], r.before[1], r.before[2], r.first_before,
                r.first_after, r.all_before, r.all_after);
}

static int run_calibrate_pass(struct options *o)
{
    char err[600];
    struct pat_gammas *t = load_table(o->pass_table);
    corpus_sort(&o->train);
    if (o->max_games)
        corpus_sample(&o->train, (size_t)o->max_games, o->seed);
    corpus_load(&o->train, o->size, o->threads, o->quiet, "loading");
    if (o->train.n_games == 0)
        die("no usable games to fit the pass on");
    normalise_and_fit_pass(o, t, &o->train);
    if (!pat_gammas_save(t, o->out, err, sizeof err))
        die(err);
    pat_gammas_free(t);
    corpus_free(&o->train);
    return 0;
}

/* Identifies the training data, so --resume refuses a checkpoint of other data. */
static char *data_fingerprint(const struct options *o)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < o->train.n_games; i++)
        for (const char *p = o->train.games[i].path; *p; p++)
            h = (h ^ (uint8_t)*p) * 1099511628211ull;
    h ^= (uint64_t)o->disabled * 0x9E3779B97F4A7C15ull ^ (uint64_t)o->min_count
         ^ (uint64_t)o->stride << 32;
    /* the factors are trained after MM, so they do not change the checkpoint */
    char *s = malloc(17);
    if (!s)
        die("out of memory");
    snprintf(s, 17, "%016" PRIx64, h);
    return s;
}

/* The model's gammas into the table, as floats, and back: the next
 * iteration starts from exactly what the checkpoint holds, so a run resumed
 * from it computes what an uninterrupted one does. */
static void copy_gammas(struct pat_gammas *t, struct mm_model *m)
{
    for (int f = 0; f < PAT_NFEAT; f++)
        for (int v = 1; v < m->n_values[f] && v < t->n_values[f]; v++) {
            t->gamma[f][v] = (float)m->gamma[f][v];
            m->gamma[f][v] = t->gamma[f][v];
        }
}

static void factor_report(void *ctx, int epoch, double loglik, double seconds)
{
    const struct options *o = ctx;
    if (!o->quiet)
        fprintf(stderr, "factor epoch %d/%d: log-likelihood %.5f, %.2f s\n", epoch,
                o->factor_epochs, loglik, seconds);
}

static volatile sig_atomic_t interrupted;
static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static int run_train(struct options *o)
{
    double t0 = progress_now();
    char err[600];
    if (o->factors && cluster_size() > 1)
        die("--factors: the factor training runs in one process only (not yet over MPI)");
    size_t len = strlen(o->out) + 8;
    char *ckpt = malloc(len);
    if (!ckpt)
        die("out of memory");
    snprintf(ckpt, len, "%s.ckpt", o->out);
    corpus_sort(&o->train);
    if (o->max_games)
        corpus_sample(&o->train, (size_t)o->max_games, o->seed);
    if (o->holdout)
        corpus_split(&o->train, &o->test, (size_t)o->holdout, o->seed);
    corpus_sort(&o->test);
    corpus_load(&o->train, o->size, o->threads, o->quiet, "loading");
    /* Every rank loads every game (the moves are small) so that a game's
     * index, and with it its share and stride, is the one-process one; each
     * harvests and extracts only its share. Rank 0 alone evaluates. */
    train_set_share(cluster_rank(), cluster_size());
    if (o->test.n_paths && cluster_rank() == 0)
        corpus_load(&o->test, o->size, o->threads, o->quiet, "loading test");
    report_loaded(o, &o->train, "training games");
    if (o->test.n_paths)
        report_loaded(o, &o->test, "held-out games");
    if (!o->quiet)
        fprintf(stderr, "training positions %zu\n", o->train.n_positions);
    if (o->train.n_games == 0)
        die("no usable training games");

    char *fp = data_fingerprint(o);

    struct pat_gammas *t = NULL;
    int done_iter = 0;
    if (o->resume) {
        t = pat_gammas_load(ckpt, err, sizeof err);
        if (!t)
            die(err);
        json_t *f = json_object_get(t->meta, "data_fingerprint");
        if (!json_is_string(f) || strcmp(json_string_value(f), fp) != 0)
            die("--resume: the checkpoint was made from other games or options");
        done_iter = (int)json_integer_value(json_object_get(t->meta, "iterations"));
        if (!o->quiet)
            fprintf(stderr, "resuming after iteration %d from %s\n", done_iter, ckpt);
    } else {
        t = pat_gammas_new();
        if (!t)
            die("out of memory");
        if (!(o->disabled & 1u << PAT_F_LARGE)) {
            size_t n = train_harvest(&o->train, t, o->min_count, o->threads, o->quiet);
            if (!o->quiet)
                fprintf(stderr, "large patterns played at least %d times: %zu\n",
                        o->min_count, n);
        }
    }

    int n_shards = o->threads;
    struct mm_shard *shards = calloc((size_t)n_shards, sizeof *shards);
    if (!shards)
        die("out of memory");
    double t_extract = progress_now();
    if (!train_extract(&o->train, t, o->disabled, o->stride, shards, n_shards, o->quiet))
        die("out of memory extracting features (try --max-games)");
    size_t cands = 0, bytes = 0, positions = 0, code = 0, entries = 0;
    for (int k = 0; k < n_shards; k++) {
        mm_shard_trim(&shards[k]);
        cands += shards[k].n;
        bytes += mm_shard_bytes(&shards[k]);
        positions += shards[k].n_pos;
        code += shards[k].len;
        for (int g = 0; g < MM_GROUPS; g++)
            entries += shards[k].dict[g].n;
    }
    /* Expanding changes the speed, never the gammas, so each process may
     * decide for itself from its own free memory. */
    long free_pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    size_t expanded = cands * (sizeof(pat_vec) + sizeof(uint16_t) + sizeof(double));
    bool expand = o->compact == 0
                  || (o->compact < 0 && free_pages > 0 && page > 0
                      && expanded < (size_t)free_pages / 2 * (size_t)page);
    size_t compact_bytes = bytes;
    for (int k = 0; k < n_shards && expand; k++)
        mm_shard_expand(&shards[k]);
    bytes = 0;
    bool all_expanded = true;
    for (int k = 0; k < n_shards; k++) {
        bytes += mm_shard_bytes(&shards[k]);
        all_expanded = all_expanded && shards[k].vec;
    }
    if (cluster_size() > 1) {
        double tot[3] = { (double)cands, (double)bytes, (double)positions };
        cluster_sum(NULL, tot, 3);
        if (!o->quiet)
            fprintf(stderr, "%d ranks: rank 0 holds %zu positions, %.0f MB\n", cluster_size(),
                    positions, bytes / 1e6);
        cands = (size_t)tot[0];
        bytes = (size_t)tot[1];
        positions = (size_t)tot[2];
    }
    if (!o->quiet)
        fprintf(stderr, "positions %zu, distinct candidates %zu (%.1f per position), "
                "%.0f MB (%.0f bytes per position, %.1f per candidate), extraction %.1f s\n",
                positions, cands, positions ? (double)cands / (double)positions : 0,
                bytes / 1e6, positions ? (double)bytes / (double)positions : 0,
                cands ? (double)bytes / (double)cands : 0, progress_now() - t_extract);
    if (!o->quiet && cluster_size() == 1)
        fprintf(stderr, "compact: %.0f MB, %.2f bytes a candidate for its code, %zu dictionary "
                "entries; %s\n", compact_bytes / 1e6, cands ? (double)code / (double)cands : 0,
                entries, all_expanded ? "expanded for speed (--compact auto, no)"
                                      : "kept compact (--compact auto, yes)");

    struct mm_model m;
    if (!mm_model_init(&m, (int)t->n_large))
        die("out of memory");
    m.skip = o->disabled;
    if (cluster_size() > 1)
        m.sum = cluster_sum;
    for (int f = 0; f < PAT_NFEAT; f++)
        for (int v = 1; v < m.n_values[f] && v < t->n_values[f]; v++)
            m.gamma[f][v] = t->gamma[f][v];
    mm_count_wins(&m, shards, n_shards);

    json_t *meta = t->meta;
    json_t *src = json_array();
    for (int i = 0; i < o->n_sources; i++)
        json_array_append_new(src, json_string(o->sources[i]));
    json_object_set_new(meta, "sources", src);
    json_object_set_new(meta, "held_out_games", json_integer((json_int_t)o->test.n_games));
    json_object_set_new(meta, "format_note", json_string(
        "gammas learned by hane-train (Coulom 2007 minorization-maximization, prior of "
        "1 win and 1 loss against gamma 1)"));
    json_object_set_new(meta, "data_fingerprint", json_string(fp));
    json_object_set_new(meta, "games", json_integer((json_int_t)o->train.n_games));
    json_object_set_new(meta, "positions", json_integer((json_int_t)positions));
    json_object_set_new(meta, "candidate_bytes_per_position",
                        json_real(positions ? (double)bytes / (double)positions : 0));
    json_object_set_new(meta, "candidates_expanded", json_boolean(all_expanded));
    json_object_set_new(meta, "min_count", json_integer(o->min_count));
    json_object_set_new(meta, "stride", json_integer(o->stride));
    json_object_set_new(meta, "large_patterns", json_integer((json_int_t)t->n_large));
    json_t *dis = json_array();
    for (int f = 0; f < PAT_NFEAT; f++)
        if (o->disabled & 1u << f)
            json_array_append_new(dis, json_string(pat_feature_name[f]));
    json_object_set_new(meta, "disabled", dis);
    if (o->feature_set)
        json_object_set_new(meta, "feature_set", json_string(o->feature_set));

    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    double t_mm = progress_now();
    double ll = 0;
    bool stop = false;   /* an interrupt of any rank stops them all at the same iteration */
    for (int it = done_iter; it < o->iterations && !(stop = cluster_any(interrupted)); it++) {
        double ti = progress_now();
        ll = mm_iterate(&m, shards, n_shards);
        copy_gammas(t, &m);
        json_object_set_new(meta, "iterations", json_integer(it + 1));
        json_object_set_new(meta, "train_log_likelihood", json_real(ll));
        if (cluster_rank() == 0 && !pat_gammas_save_digits(t, ckpt, 9, err, sizeof err))
            fprintf(stderr, "hane-train: checkpoint not written: %s\n", err);
        if (!o->quiet)
            mm_progress_line(stderr, positions, it + 1 - done_iter, o->iterations - done_iter,
                             it + 1, o->iterations, ll, progress_now() - ti,
                             progress_now() - t_mm);
        if (o->stop_after == it + 1 && it + 1 < o->iterations)
            interrupted = 1;
    }
    if (stop) {
        if (cluster_rank() > 0)
            return 130;
        fprintf(stderr, "hane-train: interrupted: %s unchanged; continue with --resume "
                "(checkpoint %s)\n", o->out, ckpt);
        for (int k = 0; k < n_shards; k++)
            mm_shard_free(&shards[k]);
        free(shards);
        mm_model_free(&m);
        pat_gammas_free(t);
        free(ckpt);
        free(fp);
        corpus_free(&o->train);
        corpus_free(&o->test);
        return 130;
    }
    double mm_seconds = progress_now() - t_mm;
    int iters_run = o->iterations - done_iter;
    json_object_set_new(meta, "mm_seconds_per_iteration",
                        json_real(iters_run > 0 ? mm_seconds / iters_run : 0));
    if (o->factors) {
        struct pat_factor_params fpar = { .k = o->factors, .epochs = o->factor_epochs,
                                        .rate = o->factor_rate, .reg = o->factor_reg,
                                        .init = 0.02, .seed = o->seed,
                                        .gamma_rate = o->factor_gamma_rate };
        double tf = progress_now();
        if (!pat_factors_train(t, &m, shards, n_shards, &fpar, factor_report, o))
            die("out of memory training the factors");
        json_t *fj = json_object();
        json_object_set_new(fj, "k", json_integer(fpar.k));
        json_object_set_new(fj, "epochs", json_integer(fpar.epochs));
        json_object_set_new(fj, "rate", json_real(fpar.rate));
        json_object_set_new(fj, "reg", json_real(fpar.reg));
        json_object_set_new(fj, "gamma_rate", json_real(fpar.gamma_rate));
        json_object_set_new(fj, "seconds", json_real(progress_now() - tf));
        json_object_set_new(meta, "factors", fj);
        json_object_set_new(meta, "format_note", json_string(
            "gammas learned by hane-train (Coulom 2007 minorization-maximization, prior of "
            "1 win and 1 loss against gamma 1), then latent factors and gammas by "
            "stochastic gradient ascent (Wistuba & Schmidt-Thieme 2013)"));
    }
    for (int k = 0; k < n_shards; k++)
        mm_shard_free(&shards[k]);
    free(shards);
    mm_model_free(&m);

    if (o->pass_games.n_paths) {
        corpus_sort(&o->pass_games);
        corpus_load(&o->pass_games, o->size, o->threads, o->quiet, "loading pass games");
    }
    normalise_and_fit_pass(o, t, &o->pass_games);
    corpus_free(&o->pass_games);

    if (o->test.n_games) {
        struct eval_result r;
        train_eval(&o->test, t, o->disabled, o->threads, &r, o->quiet);
        json_object_set_new(meta, "accuracy", accuracy_json(&r));
        if (!o->quiet)
            print_accuracy(stderr, &r);
        write_curve(o, &r, o->out);
    }
    json_object_set_new(meta, "training_seconds", json_real(progress_now() - t0));
    if (cluster_size() > 1)
        json_object_set_new(meta, "mpi_ranks", json_integer(cluster_size()));
    if (cluster_rank() == 0) {
        if (!pat_gammas_save(t, o->out, err, sizeof err))
            die(err);
        remove(ckpt);
    }
    if (!o->quiet)
        fprintf(stderr, "wrote %s (%u large patterns) in %.1f s\n", o->out, t->n_large,
                progress_now() - t0);
    pat_gammas_free(t);
    free(ckpt);
    free(fp);
    corpus_free(&o->train);
    corpus_free(&o->test);
    return 0;
}

int main(int argc, char **argv)
{
    cluster_init(&argc, &argv);
    pat_init();
    struct options o;
    parse_args(argc, argv, &o);
    if (cluster_rank() > 0)
        o.quiet = true;   /* rank 0 speaks for all */
    int rc = 0;
    if (o.pass_table) {
        if (cluster_rank() == 0)   /* the pass fit is not distributed */
            rc = run_calibrate_pass(&o);
    } else if (o.eval_table) {
        if (cluster_rank() == 0)   /* evaluation is not distributed */
            rc = run_eval(&o);
    } else {
        rc = run_train(&o);
    }
    cluster_finish();
    return rc;
}
