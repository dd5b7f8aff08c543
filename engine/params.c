/* params — the table of every tunable and the four ways to fill it. */
#include "engine/params.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/board/file_read.h"

enum param_type { PT_INT, PT_I64, PT_DOUBLE, PT_BOOL, PT_STR };

/* One row per parameter. Defaults are text and go through the same parser as
 * user input, so a default can never be out of its own range. */
struct param_def {
    const char *name;
    enum param_type type;
    size_t offset;
    size_t size;            /* PT_STR: capacity of the char array */
    const char *def;
    double min, max;        /* inclusive range for numbers */
    const char *help;
};

#define F(field) offsetof(struct params, field), sizeof(((struct params *)0)->field)

static const struct param_def defs[] = {
    {"threads", PT_INT, F(threads), "0", 0, 256,
     "worker threads of the search; 0 = one per core"},
    {"memory", PT_INT, F(memory_mb), "256", 4, 1 << 20,
     "megabytes for the search tree (two halves: current tree and reuse copy)"},
    {"playouts", PT_I64, F(playouts), "10000", 0, 1e12,
     "playouts per move when no clock is set (0 = limited by time only)"},
    {"time_per_move", PT_DOUBLE, F(time_per_move), "0", 0, 1e6,
     "seconds per move when no clock is set (0 = limited by playouts only)"},
    {"seed", PT_I64, F(seed), "0", 0, 9.2e18,
     "random seed; 0 = from the clock. seed=S threads=1 with a playout budget repeats games"},
    {"uct_c", PT_DOUBLE, F(uct_c), "0.05", 0, 100,
     "exploration constant C in Q + C*sqrt(ln n / n_j)"},
    {"rave", PT_INT, F(rave), "1", 0, 2,
     "0 = UCB only, 1 = MC-RAVE blend (Gelly-Silver beta), 2 = RAVE value only"},
    {"rave_equiv", PT_DOUBLE, F(rave_equiv), "1000", 1, 1e9,
     "RAVE equivalence k: beta = sqrt(k / (3 n_j + k))"},
    {"fpu", PT_DOUBLE, F(fpu), "1.0", 0, 10,
     "first-play urgency: value of a child with no visits (and no AMAF data)"},
    {"prior_visits", PT_DOUBLE, F(prior_visits), "20", 0, 1e6,
     "virtual playouts given to tactical hints (capture, escape, atari, self-atari, empty first line) in Q and Q_RAVE; 0 = off"},
    {"tree_ladder", PT_BOOL, F(tree_ladder), "0", 0, 1,
     "1: the tree leaves out an extension of a string in atari to two liberties that a ladder captures (the playouts may still play it); 0 = off"},
    {"pattern_wins", PT_DOUBLE, F(pattern_wins), "0", 0, 1e6,
     "with the knowledge terms on, a child starts with this times sqrt(P(m)) virtual wins in Q and Q_RAVE (P: the pattern model's probability); 0 = off"},
    {"expand_visits", PT_INT, F(expand_visits), "0", 0, 1000000,
     "visits a leaf needs before its children are added; 0 = by size (2 on 9x9, 9 on 19x19)"},
    {"virtual_loss", PT_INT, F(virtual_loss), "3", 0, 1000,
     "lost visits a thread adds to each node on its path until it backs up"},
    {"resign", PT_DOUBLE, F(resign), "0.1", 0, 0.5,
     "resign when the best win rate is below this; 0 = never resign"},
    {"resign_playouts", PT_INT, F(resign_playouts), "2000", 0, 1e9,
     "playouts a move needs before resigning is considered"},
    {"overturn_share", PT_DOUBLE, F(overturn_share), "0.95", 0, 1,
     "a move with at least this share of the most visited move's visits and a win rate 0.03 higher is played instead"},
    {"ponder", PT_BOOL, F(ponder), "0", 0, 1,
     "1 = keep searching on the opponent's time"},
    {"reuse_tree", PT_BOOL, F(reuse_tree), "1", 0, 1,
     "1 = keep the subtree of the moves played since the last search"},
    {"early_stop", PT_INT, F(early_stop), "2", 0, 2,
     "end a move's search once the most visited move cannot change in the time or playouts left: 0 never, 1 always, 2 only when the time saved stays on the clock (main time, Canadian)"},
    {"time_margin", PT_DOUBLE, F(time_margin), "0.5", 0, 60,
     "seconds kept back on every clock for lag"},
    {"dead_threshold", PT_DOUBLE, F(dead_threshold), "0.5", 0.5, 1,
     "a stone is dead if the playouts give its point to the other colour more often than this (0.5: majority)"},
    {"playout", PT_STR, F(playout), "bt", 0, 0,
     "playout policy: light (uniform random) or bt (Bradley-Terry patterns)"},
    {"playout_capture", PT_DOUBLE, F(playout_capture), "50", 0, 1e6,
     "bt playouts give every capture at least this gamma (the table's are 4.2 to 75); 0 = the table's"},
    {"playout_nakade", PT_DOUBLE, F(playout_nakade), "0", 0, 1,
     "bt playouts answer a move next to a small eye space of a killable shape (straight or bent three, pyramid four, bulky or crossed five, rabbity six) at its vital point in this share of the cases; 0 = never"},
    {"playout_races", PT_DOUBLE, F(playout_races), "0", 0, 1,
     "bt playouts answer a move next to a string with two liberties, in this share of the cases, with a race move: an atari that string cannot escape, or for a string of their own a move that captures a neighbour in atari or extends to three liberties; 0 = never"},
    {"playout_atari", PT_DOUBLE, F(playout_atari), "0", 0, 1,
     "bt playouts answer a move that put a string of theirs in atari, in this share of the cases: the capture of a neighbouring string in atari that saves it, or an extension to three liberties; 0 = never"},
    {"playout_atari_ladder", PT_BOOL, F(playout_atari_ladder), "0", 0, 1,
     "playout_atari's answer also extends a string to two liberties when the ladder reader finds that the ladder does not capture it; 0 = three liberties or more only"},
    {"pw_mu", PT_DOUBLE, F(pw_mu), "1.8", 0, 1e6,
     "progressive widening mu: top 1 + log n / log mu moves searchable; 0 = off"},
    {"pw_rave", PT_DOUBLE, F(pw_rave), "0.1", 0, 1,
     "a move past the widening window comes in when its AMAF win rate beats the window's best by this much; 0 = off"},
    {"pw_libs", PT_INT, F(pw_libs), "-1", -1, 3,
     "moves on a liberty of a string (either colour) with at most this many liberties are searchable past the widening window; 0 = off, -1 = by size (2 from 15x15 up, else off)"},
    {"pw_eyes", PT_INT, F(pw_eyes), "0", 0, 16,
     "moves in an empty region of at most this many points bordered by one colour only (an eye space) are searchable past the widening window; 0 = off"},
    {"pw_nakade", PT_BOOL, F(pw_nakade), "0", 0, 1,
     "the vital point of a small eye space of a killable shape (straight or bent three, pyramid four, bulky or crossed five, rabbity six) is searchable past the widening window; 0 = off"},
    {"bt_c", PT_DOUBLE, F(bt_c), "0.1", 0, 100,
     "C_BT of the knowledge bias C_BT * sqrt(K / (n + K)) * P(m); 0 = off"},
    {"bt_k", PT_DOUBLE, F(bt_k), "600", 0, INFINITY,
     "K of the knowledge bias (inf = never fades)"},
    {"score_weight", PT_DOUBLE, F(score_weight), "0", 0, 1,
     "share of a playout's value that grows with its margin: (1 - w) * win + w * (1 + tanh(score / score_scale)) / 2; 0 = win or loss only"},
    {"score_scale", PT_DOUBLE, F(score_scale), "0", 0, 1000,
     "margin in points that is tanh's unit in score_weight's share (a win by this much gets 88% of the share); 0 = the board's side length"},
    {"patterns", PT_STR, F(patterns), "", 0, 0,
     "gamma table file (JSON); empty = the compiled-in default"},
    {"playout_patterns", PT_STR, F(playout_patterns), "", 0, 0,
     "gamma table file of the bt playouts (e.g. from hane-balance); \"\" = the compiled-in playout table"},
    {"verbose", PT_INT, F(verbose), "0", 0, 3,
     "0 quiet; 1 a line per move on stderr; 2 and 3 more"},
};
#define N_DEFS (sizeof defs / sizeof defs[0])

static const struct param_def *find(const char *key)
{
    for (size_t i = 0; i < N_DEFS; i++)
        if (strcmp(defs[i].name, key) == 0)
            return &defs[i];
    return NULL;
}

static const char *type_name(enum param_type t)
{
    switch (t) {
    case PT_INT: case PT_I64: return "an integer";
    case PT_DOUBLE: return "a number";
    case PT_BOOL: return "0 or 1";
    case PT_STR: return "a string";
    }
    return "?";
}

/* Parses `value` for `d` into `p`; on failure p is untouched. */
static bool set_one(struct params *p, const struct param_def *d, const char *value,
                    char *err, int err_len)
{
    char *field = (char *)p + d->offset;
    const char *v = value;
    if (d->type == PT_STR) {
        size_t n = strlen(v);
        if (n >= d->size) {
            snprintf(err, err_len, "%s: value too long (%zu characters, at most %zu)",
                     d->name, n, d->size - 1);
            return false;
        }
        memcpy(field, v, n + 1);
        return true;
    }
    if (d->type == PT_BOOL) {
        int b;
        if (!strcmp(v, "1") || !strcmp(v, "true") || !strcmp(v, "on") || !strcmp(v, "yes"))
            b = 1;
        else if (!strcmp(v, "0") || !strcmp(v, "false") || !strcmp(v, "off") || !strcmp(v, "no"))
            b = 0;
        else {
            snprintf(err, err_len, "%s: expected 0 or 1, got \"%.40s\"", d->name, v);
            return false;
        }
        *(int *)field = b;
        return true;
    }
    char *end;
    errno = 0;
    double x;
    long long ll = 0;
    if (d->type == PT_DOUBLE) {
        x = strtod(v, &end);
    } else {
        ll = strtoll(v, &end, 10);
        x = (double)ll;
    }
    if (end == v || *end != '\0' || errno == ERANGE || isnan(x)) {
        /* %.15g: a bound such as 1048576 reads as itself, not 1.04858e+06. */
        snprintf(err, err_len, "%s: expected %s in [%.15g, %.15g], got \"%.40s\"", d->name,
                 type_name(d->type), d->min, d->max, v);
        return false;
    }
    if (x < d->min || x > d->max) {
        snprintf(err, err_len, "%s: %.40s is out of range [%.15g, %.15g]", d->name, v, d->min,
                 d->max);
        return false;
    }
    switch (d->type) {
    case PT_INT: *(int *)field = (int)ll; break;
    case PT_I64: *(int64_t *)field = ll; break;  /* also the uint64_t seed: same size */
    case PT_DOUBLE: *(double *)field = x; break;
    default: break;
    }
    return true;
}

void params_default(struct params *p)
{
    memset(p, 0, sizeof *p);
    char err[160];
    for (size_t i = 0; i < N_DEFS; i++) {
        bool ok = set_one(p, &defs[i], defs[i].def, err, sizeof err);
        (void)ok;  /* a bad default is caught by test_params */
    }
}

bool params_set(struct params *p, const char *key, const char *value, char *err, int err_len)
{
    const struct param_def *d = find(key);
    if (!d) {
        snprintf(err, err_len, "unknown parameter \"%.60s\" (see hane --help)", key);
        return false;
    }
    return set_one(p, d, value, err, err_len);
}

/* The shortest text of `v` (6 to 17 significant digits) that reads back as
 * v: "0.6", not "0.59999999999999998", and never a rounding that a GUI
 * would send back as another value. */
static void format_double(double v, char *out, int out_len)
{
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(out, out_len, "%.*g", prec, v);
        if (strtod(out, NULL) == v || v != v)
            return;
    }
}

bool params_get(const struct params *p, const char *key, char *out, int out_len)
{
    const struct param_def *d = find(key);
    if (!d)
        return false;
    const char *field = (const char *)p + d->offset;
    switch (d->type) {
    case PT_INT: case PT_BOOL: snprintf(out, out_len, "%d", *(const int *)field); break;
    case PT_I64: snprintf(out, out_len, "%" PRId64, *(const int64_t *)field); break;
    case PT_DOUBLE: format_double(*(const double *)field, out, out_len); break;
    case PT_STR: snprintf(out, out_len, "%s", field); break;
    }
    return true;
}

/* Applies the parsed `root` (owned: released here) to p; `name` in messages. */
static bool apply_json(struct params *p, json_t *root, const char *name, char *err,
                       int err_len)
{
    if (!json_is_object(root)) {
        snprintf(err, err_len, "%s: expected a JSON object {\"key\": value, ...}", name);
        json_decref(root);
        return false;
    }
    /* Work on a copy so that a bad key leaves `p` as it was. */
    struct params q = *p;
    const char *key;
    json_t *val;
    char msg[200];
    json_object_foreach(root, key, val) {
        char text[600];
        if (json_is_string(val))
            snprintf(text, sizeof text, "%s", json_string_value(val));
        else if (json_is_integer(val))
            snprintf(text, sizeof text, "%" JSON_INTEGER_FORMAT, json_integer_value(val));
        else if (json_is_real(val))
            snprintf(text, sizeof text, "%.17g", json_real_value(val));
        else if (json_is_boolean(val))
            snprintf(text, sizeof text, "%d", json_is_true(val) ? 1 : 0);
        else {
            snprintf(err, err_len, "%s: key \"%.60s\": expected a number, string or boolean",
                     name, key);
            json_decref(root);
            return false;
        }
        if (!params_set(&q, key, text, msg, sizeof msg)) {
            snprintf(err, err_len, "%s: key \"%.60s\": %s", name, key, msg);
            json_decref(root);
            return false;
        }
    }
    json_decref(root);
    *p = q;
    return true;
}

/* A parameter file is a few hundred bytes; this leaves room for comments in
 * string values and still bounds what a wrong file name can cost. */
#define PARAMS_MAX_INPUT (1u << 20)

bool params_load_json(struct params *p, const char *path, char *err, int err_len)
{
    json_t *root = json_read_file(path, PARAMS_MAX_INPUT, 0, err, (size_t)err_len);
    return root && apply_json(p, root, path, err, err_len);
}

bool params_parse_json(struct params *p, const char *text, size_t len, const char *name,
                       char *err, int err_len)
{
    json_t *root = json_read_bounded(text, len, 0, name, err, (size_t)err_len);
    return root && apply_json(p, root, name, err, err_len);
}

const char *const *params_names(void)
{
    static const char *names[N_DEFS + 1];
    /* Filled on every call: cheap, and race-free since the values never change. */
    for (size_t i = 0; i < N_DEFS; i++)
        names[i] = defs[i].name;
    names[N_DEFS] = NULL;
    return names;
}

void params_help(FILE *f)
{
    for (size_t i = 0; i < N_DEFS; i++) {
        const struct param_def *d = &defs[i];
        char def[64];
        snprintf(def, sizeof def, "%s", d->type == PT_STR && !d->def[0] ? "\"\"" : d->def);
        fprintf(f, "  %-16s %-8s %s\n", d->name, def, d->help);
    }
}
