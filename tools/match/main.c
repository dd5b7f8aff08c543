/* hane-match — a referee for matches between two GTP engines.
 *
 *   hane-match [options] "ENGINE A" "ENGINE B"
 *
 * Plays --games games, A taking Black in the odd-numbered games, one or more
 * games at a time (--jobs), writes each game's SGF and JSON record into the
 * output directory as soon as it ends (so an interrupted match can --resume),
 * and prints a line per game and the totals from A's side.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/board/board.h"
#include "engine/board/file_read.h"
#include "tools/common/cli_num.h"
#include "tools/match/proc.h"
#include "tools/match/referee.h"
#include "tools/match/summary.h"

struct options {
    struct referee_opts ref;
    const char *cmd[2];         /* A, B */
    int games;
    int jobs;
    const char *out_dir;
    const char *json_path;
    bool resume;
    bool gtp_log;
    bool keep_stderr;
    bool strict, strict_time;
    bool report;                /* only total the records already in out_dir */
    long rss_limit_kb[2];
    struct mclock_settings clock[2];    /* by side: A, B */
    char time_spec[2][64];
};

/* Shared by the game threads; `lock` guards everything below it. */
struct match {
    const struct options *opt;
    pthread_mutex_t lock;
    int next;                   /* next game number to hand out (1-based) */
    bool *done;                 /* [1..games]: recorded (played or resumed) */
    struct summary_game *records;
    int n_records;
    bool failed;                /* the referee itself failed (disk) */
};

static void usage(FILE *f)
{
    fprintf(f,
"usage: hane-match [options] \"ENGINE A\" \"ENGINE B\"\n"
"Plays GTP engine A against engine B and reports A's results.\n"
"Each engine is a command line, split on blanks (quotes group words).\n"
"\n"
"  -n, --games N        games to play (10); A is Black in games 1, 3, 5, ...\n"
"  -s, --size N         board size 2..25 (9)\n"
"  -k, --komi K         komi (7.5)\n"
"  -t, --time SPEC      clock for both: none, M (sudden death), M+PxT (byo-yomi),\n"
"                       M+T/S (Canadian), whole seconds (none)\n"
"      --time-b SPEC    a different clock for B\n"
"      --lag S          seconds forgiven per move (0.2)\n"
"      --move-timeout S with no clock, a genmove slower than this is a hang (120)\n"
"      --max-moves N    score the game as it stands after N moves (3 * size^2)\n"
"      --scorer CMD     GTP engine that counts finished games with final_score\n"
"                       (\"/usr/games/gnugo --mode gtp --chinese-rules\"); none: area count on the\n"
"                       referee's board with every stone alive (played-out games)\n"
"      --scorer-timeout S  seconds the scorer may take for final_score (300)\n"
"      --no-final-score do not ask the engines for their own final_score\n"
"  -j, --jobs N         games played at the same time (1)\n"
"  -o, --out DIR        where game-NNN.sgf and game-NNN.json go (match-out)\n"
"      --resume         keep the games already recorded in DIR, play the rest\n"
"      --json FILE      write the totals and every game record as JSON\n"
"      --report         play nothing: total the games recorded in DIR (no engine\n"
"                       commands needed), e.g. while a long run is going on\n"
"      --gtp-log        keep every command and reply in DIR/game-NNN.gtp\n"
"      --stderr         keep the engines' stderr in DIR/game-NNN.{a,b}.err\n"
"      --rss-limit MB   peak RSS allowed to A (a memory fault beyond it)\n"
"      --rss-limit-b MB the same for B\n"
"      --strict         exit 1 on any illegal move, crash, hang, refused command,\n"
"                       engine stuck after quit, or memory fault\n"
"      --strict-time    with --strict, losses on time fail too\n"
"  -h, --help           this text\n"
"Exit status: 0 done, 1 strict faults or referee failure, 2 bad usage.\n");
}

/* Returns 0 to go on, 2 on bad usage (message printed), -1 after --help. */
static int parse_args(int argc, char **argv, struct options *o)
{
    enum { O_REPORT = 253, O_SCORER_TIMEOUT = 254, O_TIME_B = 255, O_LAG = 256, O_MOVE_TIMEOUT, O_MAX_MOVES, O_SCORER, O_NO_FS, O_RESUME, O_JSON,
           O_GTP_LOG, O_STDERR, O_RSS_A, O_RSS_B, O_STRICT, O_STRICT_TIME };
    static const struct option longopts[] = {
        { "games", required_argument, 0, 'n' }, { "size", required_argument, 0, 's' },
        { "komi", required_argument, 0, 'k' }, { "time", required_argument, 0, 't' },
        { "time-b", required_argument, 0, O_TIME_B },
        { "lag", required_argument, 0, O_LAG }, { "move-timeout", required_argument, 0, O_MOVE_TIMEOUT },
        { "max-moves", required_argument, 0, O_MAX_MOVES }, { "scorer", required_argument, 0, O_SCORER },
        { "no-final-score", no_argument, 0, O_NO_FS },
        { "scorer-timeout", required_argument, 0, O_SCORER_TIMEOUT }, { "jobs", required_argument, 0, 'j' },
        { "out", required_argument, 0, 'o' }, { "resume", no_argument, 0, O_RESUME },
        { "json", required_argument, 0, O_JSON }, { "report", no_argument, 0, O_REPORT }, { "gtp-log", no_argument, 0, O_GTP_LOG },
        { "stderr", no_argument, 0, O_STDERR }, { "rss-limit", required_argument, 0, O_RSS_A },
        { "rss-limit-b", required_argument, 0, O_RSS_B }, { "strict", no_argument, 0, O_STRICT },
        { "strict-time", no_argument, 0, O_STRICT_TIME }, { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 },
    };
    referee_defaults(&o->ref);
    o->games = 10;
    o->jobs = 1;
    o->out_dir = "match-out";
    snprintf(o->time_spec[0], sizeof o->time_spec[0], "none");
    snprintf(o->time_spec[1], sizeof o->time_spec[1], "none");
    int ch;
    long v;
    char err[256];
    bool time_b_set = false;
    while ((ch = getopt_long(argc, argv, "n:s:k:t:j:o:h", longopts, NULL)) != -1) {
        switch (ch) {
        case 'n':
            if (!cli_parse_long(optarg, 1, 100000, &v))
                goto bad;
            o->games = (int)v;
            break;
        case 's':
            if (!cli_parse_long(optarg, BOARD_MIN_SIZE, BOARD_MAX_SIZE, &v))
                goto bad;
            o->ref.size = (int)v;
            break;
        case 'k':
            if (!cli_parse_real(optarg, -1000, 1000, &o->ref.komi))
                goto bad;
            break;
        case 't':
        case O_TIME_B: {
            int side = ch == O_TIME_B;
            if (!mclock_parse(optarg, &o->clock[side], err, sizeof err)) {
                fprintf(stderr, "hane-match: %s: %s\n", side ? "--time-b" : "--time", err);
                return 2;
            }
            time_b_set |= side;
            break;
        }
        case O_LAG:
            if (!cli_parse_real(optarg, 0, 60, &o->ref.lag))
                goto bad;
            break;
        case O_MOVE_TIMEOUT:
            if (!cli_parse_real(optarg, 0.1, 1e6, &o->ref.move_timeout))
                goto bad;
            break;
        case O_MAX_MOVES:
            if (!cli_parse_long(optarg, 1, 100000, &v))
                goto bad;
            o->ref.max_moves = (int)v;
            break;
        case O_SCORER:
            o->ref.scorer = optarg;
            break;
        case O_SCORER_TIMEOUT:
            if (!cli_parse_real(optarg, 1, 1e6, &o->ref.score_timeout))
                goto bad;
            break;
        case O_NO_FS:
            o->ref.ask_final_score = false;
            break;
        case 'j':
            if (!cli_parse_long(optarg, 1, 64, &v))
                goto bad;
            o->jobs = (int)v;
            break;
        case 'o':
            o->out_dir = optarg;
            break;
        case O_RESUME:
            o->resume = true;
            break;
        case O_REPORT:
            o->report = true;
            break;
        case O_JSON:
            o->json_path = optarg;
            break;
        case O_GTP_LOG:
            o->gtp_log = true;
            break;
        case O_STDERR:
            o->keep_stderr = true;
            break;
        case O_RSS_A:
        case O_RSS_B:
            if (!cli_parse_long(optarg, 1, 1L << 30, &v))
                goto bad;
            o->rss_limit_kb[ch == O_RSS_B] = v * 1024;
            break;
        case O_STRICT:
            o->strict = true;
            break;
        case O_STRICT_TIME:
            o->strict_time = true;
            break;
        case 'h':
            usage(stdout);
            return -1;
        default:
            usage(stderr);
            return 2;
        }
        continue;
    bad:
        for (const struct option *lo = longopts; lo->name; lo++)
            if (lo->val == ch) {
                fprintf(stderr, "hane-match: bad value \"%s\" for --%s\n", optarg, lo->name);
                break;
            }
        return 2;
    }
    if (!time_b_set)
        o->clock[1] = o->clock[0];
    for (int k = 0; k < 2; k++)
        mclock_format(&o->clock[k], o->time_spec[k], sizeof o->time_spec[k]);
    if (o->report) {
        if (argc != optind) {
            fprintf(stderr, "hane-match: --report takes no engine commands\n");
            return 2;
        }
        return 0;
    }
    if (argc - optind != 2) {
        fprintf(stderr, "hane-match: expected two engine commands, got %d\n", argc - optind);
        usage(stderr);
        return 2;
    }
    o->cmd[0] = argv[optind];
    o->cmd[1] = argv[optind + 1];
    for (int side = 0; side < 2; side++)
        if (!proc_check_command(o->cmd[side], err, sizeof err)) {
            fprintf(stderr, "hane-match: engine %c: %s\n", "AB"[side], err);
            return 2;
        }
    if (o->ref.scorer && strcmp(o->ref.scorer, "none") != 0
        && !proc_check_command(o->ref.scorer, err, sizeof err)) {
        fprintf(stderr, "hane-match: scorer: %s\n", err);
        return 2;
    }
    return 0;
}

static void game_path(const struct options *o, int index, const char *ext, char *out, size_t len)
{
    snprintf(out, len, "%s/game-%03d.%s", o->out_dir, index, ext);
}

/* The match's settings, kept in DIR/match.json so --resume can refuse to mix
 * games of a different match into the totals. */
static json_t *settings_json(const struct options *o)
{
    return json_pack("{s:s, s:s, s:i, s:f, s:s, s:s, s:i, s:s}", "engine_a", o->cmd[0],
                     "engine_b", o->cmd[1], "size", o->ref.size, "komi", o->ref.komi,
                     "time", o->time_spec[0], "time_b", o->time_spec[1], "max_moves", o->ref.max_moves,
                     "scorer", o->ref.scorer ? o->ref.scorer : "");
}

/* mkdir -p */
static bool make_dirs(const char *path)
{
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return false;
    }
    for (char *s = buf + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return false;
        *s = '/';
    }
    return mkdir(buf, 0777) == 0 || errno == EEXIST;
}

/* A game's record (its moves and times) or the match's settings: megabytes at most. */
#define MATCH_RECORD_MAX_BYTES (64u << 20)

static bool prepare_dir(const struct options *o)
{
    if (!make_dirs(o->out_dir)) {
        fprintf(stderr, "hane-match: cannot create %s: %s\n", o->out_dir, strerror(errno));
        return false;
    }
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/match.json", o->out_dir);
    json_t *mine = settings_json(o);
    bool ok = true;
    if (o->resume) {
        /* A record that is there but cannot be read is not a fresh start:
         * resuming into it could mix two matches. */
        json_t *old = NULL;
        if (access(path, F_OK) == 0 || errno != ENOENT) {
            char jerr[600];
            old = json_read_file(path, MATCH_RECORD_MAX_BYTES, 0, jerr, sizeof jerr);
            if (!old) {
                fprintf(stderr, "hane-match: %s; not resuming into it\n", jerr);
                ok = false;
            }
        }
        /* Every setting must match; a record from before --time-b existed
         * had one clock for both. */
        const char *key;
        json_t *value;
        json_object_foreach(mine, key, value) {
            if (!old)
                break;
            json_t *was = json_object_get(old, key);
            if (!was && strcmp(key, "time_b") == 0)
                was = json_object_get(old, "time");
            if (!was || !json_equal(was, value)) {
                fprintf(stderr, "hane-match: %s describes a different match (%s differs); "
                        "not resuming into it\n", path, key);
                ok = false;
                break;
            }
        }
        json_decref(old);
    }
    if (ok && json_dump_file(mine, path, JSON_INDENT(2) | JSON_SORT_KEYS) != 0) {
        fprintf(stderr, "hane-match: cannot write %s\n", path);
        ok = false;
    }
    json_decref(mine);
    return ok;
}

/* Loads the records of finished games from DIR (for --resume). */
static bool load_previous(struct match *m)
{
    const struct options *o = m->opt;
    for (int i = 1; i <= o->games; i++) {
        char path[PATH_MAX];
        game_path(o, i, "json", path, sizeof path);
        if (access(path, F_OK) != 0)
            continue;
        char jerr[600];
        json_t *j = json_read_file(path, MATCH_RECORD_MAX_BYTES, 0, jerr, sizeof jerr);
        if (!j) {
            fprintf(stderr, "hane-match: %s\n", jerr);
            return false;
        }
        struct summary_game sg;
        char err[256];
        bool ok = summary_game_from_json(j, &sg, err, sizeof err);
        json_decref(j);
        if (!ok) {
            fprintf(stderr, "hane-match: %s: %s\n", path, err);
            return false;
        }
        if (sg.index != i) {
            fprintf(stderr, "hane-match: %s: game.index is %d, expected %d\n", path, sg.index, i);
            return false;
        }
        m->records[m->n_records++] = sg;
        m->done[i] = true;
    }
    if (m->n_records && !o->report)
        printf("resuming: %d of %d games already recorded in %s\n", m->n_records, o->games, o->out_dir);
    return true;
}

static void print_game(const struct match *m, const struct summary_game *sg)
{
    const struct referee_game *g = &sg->g;
    char re[32];
    result_format(&g->result, re, sizeof re);
    const char *verdict = g->result.how == RESULT_VOID ? "void"
                          : g->result.winner == EMPTY ? "draw"
                          : g->result.winner == sg->a_color ? "A wins" : "B wins";
    int a_wins = 0, b_wins = 0;
    for (int i = 0; i < m->n_records; i++) {
        const struct summary_game *r = &m->records[i];
        if (r->g.result.how == RESULT_VOID || r->g.result.winner == EMPTY)
            continue;
        if (r->g.result.winner == r->a_color)
            a_wins++;
        else
            b_wins++;
    }
    printf("game %3d/%d  A=%s  %-8s %-6s by %-9s %3d moves %6.1f s  [A %d - %d B]",
           sg->index, m->opt->games, sg->a_color == BLACK ? "B" : "W", re, verdict,
           referee_end_name(g->end), g->n_moves, g->seconds, a_wins, b_wins);
    if (g->end != END_PASSES && g->end != END_RESIGN && g->detail[0])
        printf("  (%s)", g->detail);
    printf("\n");
    fflush(stdout);
}

static bool write_record(const struct options *o, const struct summary_game *sg)
{
    char path[PATH_MAX], tmp[PATH_MAX + 8];
    game_path(o, sg->index, "json", path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    json_t *j = summary_game_to_json(sg);
    /* Write then rename: a record on disk is always complete, so --resume
     * after a kill never reads half a file. */
    bool ok = json_dump_file(j, tmp, JSON_INDENT(2)) == 0 && rename(tmp, path) == 0;
    json_decref(j);
    if (!ok)
        fprintf(stderr, "hane-match: cannot write %s: %s\n", path, strerror(errno));
    return ok;
}

static void *worker(void *arg)
{
    struct match *m = arg;
    const struct options *o = m->opt;
    for (;;) {
        pthread_mutex_lock(&m->lock);
        while (m->next <= o->games && m->done[m->next])
            m->next++;
        int index = m->next++;
        pthread_mutex_unlock(&m->lock);
        if (index > o->games)
            break;
        struct summary_game sg;
        memset(&sg, 0, sizeof sg);
        sg.index = index;
        sg.a_color = index % 2 ? BLACK : WHITE;
        int a = sg.a_color == BLACK ? 0 : 1;    /* which command plays Black */
        char sgf[PATH_MAX], log[PATH_MAX], err_a[PATH_MAX], err_b[PATH_MAX];
        game_path(o, index, "sgf", sgf, sizeof sgf);
        game_path(o, index, "gtp", log, sizeof log);
        game_path(o, index, "a.err", err_a, sizeof err_a);
        game_path(o, index, "b.err", err_b, sizeof err_b);
        struct referee_files files = {
            .sgf = sgf, .gtp_log = o->gtp_log ? log : NULL,
            .stderr_b = o->keep_stderr ? (a == 0 ? err_a : err_b) : NULL,
            .stderr_w = o->keep_stderr ? (a == 0 ? err_b : err_a) : NULL,
        };
        struct referee_opts ref = o->ref;
        ref.clock[BLACK] = o->clock[a];
        ref.clock[WHITE] = o->clock[1 - a];
        bool ok = referee_play(&ref, o->cmd[a], o->cmd[1 - a], &files, &sg.g);
        if (!ok)
            fprintf(stderr, "hane-match: cannot write %s\n", sgf);
        ok = write_record(o, &sg) && ok;
        pthread_mutex_lock(&m->lock);
        m->records[m->n_records++] = sg;
        m->done[index] = true;
        if (!ok)
            m->failed = true;
        print_game(m, &sg);
        pthread_mutex_unlock(&m->lock);
    }
    return NULL;
}

static void print_header(const struct options *o)
{
    printf("hane-match: %d games, %dx%d, komi %g, time %s", o->games, o->ref.size, o->ref.size,
           o->ref.komi, o->time_spec[0]);
    if (strcmp(o->time_spec[0], o->time_spec[1]) != 0)
        printf(" (B: %s)", o->time_spec[1]);
    printf(", %d at a time, records in %s\n", o->jobs, o->out_dir);
    printf("A: %s\nB: %s\n", o->cmd[0], o->cmd[1]);
    fflush(stdout);
}

/* The highest game number with a record in the output directory. */
static int highest_recorded(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int most = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int n;
        char tail[8];
        if (sscanf(e->d_name, "game-%d.%7s", &n, tail) == 2 && strcmp(tail, "json") == 0
            && n > most && n <= 100000)
            most = n;
    }
    closedir(d);
    return most;
}

static int by_index(const void *a, const void *b)
{
    return ((const struct summary_game *)a)->index - ((const struct summary_game *)b)->index;
}

int main(int argc, char **argv)
{
    struct options opt;
    memset(&opt, 0, sizeof opt);
    int rc = parse_args(argc, argv, &opt);
    if (rc)
        return rc < 0 ? 0 : rc;
    /* A dead engine must show up as EPIPE on write, not kill the referee. */
    signal(SIGPIPE, SIG_IGN);
    board_init();
    if (opt.report) {
        opt.games = highest_recorded(opt.out_dir);
        if (opt.games == 0) {
            fprintf(stderr, "hane-match: no game records in %s\n", opt.out_dir);
            return 1;
        }
        opt.resume = true;
    } else if (!prepare_dir(&opt)) {
        return 1;
    }
    struct match m;
    memset(&m, 0, sizeof m);
    m.opt = &opt;
    m.next = 1;
    pthread_mutex_init(&m.lock, NULL);
    m.done = calloc((size_t)opt.games + 1, sizeof *m.done);
    m.records = calloc((size_t)opt.games, sizeof *m.records);
    if (!m.done || !m.records) {
        fprintf(stderr, "hane-match: out of memory\n");
        free(m.done);
        free(m.records);
        return 1;
    }
    if (opt.resume && !load_previous(&m)) {
        free(m.done);
        free(m.records);
        return 1;
    }
    if (opt.report) {
        printf("hane-match: report of %s: %d game records\n", opt.out_dir, m.n_records);
        opt.games = 0;      /* nothing to play */
    } else {
        print_header(&opt);
    }
    int jobs = opt.jobs < opt.games ? opt.jobs : opt.games;
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    int started = 0;
    for (int i = 0; i < jobs; i++) {
        if (pthread_create(&threads[i], NULL, worker, &m) != 0) {
            fprintf(stderr, "hane-match: cannot start a game thread\n");
            break;
        }
        started++;
    }
    if (started == 0)
        worker(&m);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);

    qsort(m.records, (size_t)m.n_records, sizeof *m.records, by_index);
    struct summary s;
    summary_compute(m.records, m.n_records, opt.rss_limit_kb, &s);
    printf("\n");
    summary_print(stdout, &s);
    if (opt.json_path) {
        json_t *j = summary_to_json(&s, m.records, m.n_records);
        json_t *settings;
        if (opt.report) {
            /* The settings the records were played with. */
            char path[PATH_MAX], jerr[600];
            snprintf(path, sizeof path, "%s/match.json", opt.out_dir);
            settings = json_read_file(path, MATCH_RECORD_MAX_BYTES, 0, jerr, sizeof jerr);
            if (!settings)
                fprintf(stderr, "hane-match: %s (the report goes without the settings)\n",
                        jerr);
        } else {
            settings = settings_json(&opt);
        }
        if (settings)
            json_object_set_new(j, "settings", settings);
        if (json_dump_file(j, opt.json_path, JSON_INDENT(2)) != 0) {
            fprintf(stderr, "hane-match: cannot write %s\n", opt.json_path);
            m.failed = true;
        }
        json_decref(j);
    }
    int faults = summary_failures(&s, opt.strict_time);
    if (opt.strict && faults)
        printf("STRICT: %d fault%s (see above)\n", faults, faults == 1 ? "" : "s");
    free(m.done);
    free(m.records);
    return m.failed || (opt.strict && faults) ? 1 : 0;
}
