/* summary — match totals and game records as JSON; see summary.h. */
#include "tools/match/summary.h"

#include <math.h>
#include <string.h>

#include "tools/match/stats.h"

static const char *const fault_names[SUMMARY_N_FAULTS] = {
    "time", "illegal", "crash", "hang", "error", "stuck", "memory",
};

const char *summary_fault_name(enum summary_fault f)
{
    return (unsigned)f < SUMMARY_N_FAULTS ? fault_names[f] : "?";
}

/* ---- game records as JSON ---- */

static json_t *tri_json(int v)
{
    return v < 0 ? json_null() : json_boolean(v);
}

static json_t *player_json(const struct referee_player *p)
{
    return json_pack("{s:s, s:s, s:o, s:o, s:I, s:f, s:f, s:f, s:i, s:b, s:s}",
                     "name", p->name, "final_score", p->final_score,
                     "agree", tri_json(p->agree), "agree_winner", tri_json(p->agree_winner),
                     "peak_rss_kb", (json_int_t)p->peak_rss_kb, "time_used", p->time_used,
                     "max_move_time", p->max_move_time, "cpu_seconds", p->cpu_seconds,
                     "moves", p->moves,
                     "stuck", p->stuck, "exit", p->exit);
}

json_t *summary_game_to_json(const struct summary_game *sg)
{
    const struct referee_game *g = &sg->g;
    char re[32];
    result_format(&g->result, re, sizeof re);
    json_t *culprit = g->culprit == BLACK ? json_string("B") : g->culprit == WHITE ? json_string("W")
                                                                                  : json_null();
    return json_pack("{s:i, s:s, s:s, s:s, s:o, s:s, s:i, s:b, s:f, s:f, s:o, s:o}",
                     "index", sg->index, "a_color", sg->a_color == BLACK ? "B" : "W",
                     "result", re, "end", referee_end_name(g->end), "culprit", culprit,
                     "detail", g->detail, "moves", g->n_moves, "scored", g->scored,
                     "score", g->score, "seconds", g->seconds,
                     "black", player_json(&g->player[BLACK]),
                     "white", player_json(&g->player[WHITE]));
}

/* Typed field readers that name the path of what is wrong. */
static const json_t *field(const json_t *obj, const char *path, const char *key, json_type type,
                           char *err, size_t err_len)
{
    const json_t *v = json_object_get(obj, key);
    static const char *const type_names[] = {
        [JSON_OBJECT] = "an object", [JSON_ARRAY] = "an array", [JSON_STRING] = "a string",
        [JSON_INTEGER] = "an integer", [JSON_REAL] = "a number", [JSON_TRUE] = "a boolean",
        [JSON_FALSE] = "a boolean", [JSON_NULL] = "null",
    };
    if (!v) {
        snprintf(err, err_len, "%s.%s: missing", path, key);
        return NULL;
    }
    bool ok = json_typeof(v) == type
              || (type == JSON_REAL && json_is_number(v))
              || ((type == JSON_TRUE || type == JSON_FALSE) && json_is_boolean(v));
    if (!ok) {
        snprintf(err, err_len, "%s.%s: expected %s", path, key, type_names[type]);
        return NULL;
    }
    return v;
}

static bool get_string(const json_t *o, const char *path, const char *key, char *out, size_t len,
                       char *err, size_t err_len)
{
    const json_t *v = field(o, path, key, JSON_STRING, err, err_len);
    if (!v)
        return false;
    if (strlen(json_string_value(v)) >= len) {
        snprintf(err, err_len, "%s.%s: longer than %zu characters", path, key, len - 1);
        return false;
    }
    snprintf(out, len, "%s", json_string_value(v));
    return true;
}

static bool get_int(const json_t *o, const char *path, const char *key, long lo, long hi, long *out,
                    char *err, size_t err_len)
{
    const json_t *v = field(o, path, key, JSON_INTEGER, err, err_len);
    if (!v)
        return false;
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi) {
        snprintf(err, err_len, "%s.%s: %lld is outside %ld..%ld", path, key, (long long)x, lo, hi);
        return false;
    }
    *out = (long)x;
    return true;
}

static bool get_real(const json_t *o, const char *path, const char *key, double *out, char *err,
                     size_t err_len)
{
    const json_t *v = field(o, path, key, JSON_REAL, err, err_len);
    if (!v)
        return false;
    *out = json_number_value(v);
    return true;
}

static bool get_bool(const json_t *o, const char *path, const char *key, bool *out, char *err,
                     size_t err_len)
{
    const json_t *v = field(o, path, key, JSON_TRUE, err, err_len);
    if (!v)
        return false;
    *out = json_is_true(v);
    return true;
}

static bool get_tri(const json_t *o, const char *path, const char *key, int *out, char *err,
                    size_t err_len)
{
    const json_t *v = json_object_get(o, key);
    if (v && json_is_null(v)) {
        *out = -1;
        return true;
    }
    bool b;
    if (!get_bool(o, path, key, &b, err, err_len)) {
        if (v)
            snprintf(err, err_len, "%s.%s: expected a boolean or null", path, key);
        return false;
    }
    *out = b;
    return true;
}

static bool player_from_json(const json_t *o, const char *path, struct referee_player *p, char *err,
                             size_t err_len)
{
    if (!json_is_object(o)) {
        snprintf(err, err_len, "%s: expected an object", path);
        return false;
    }
    long rss, moves;
    return get_string(o, path, "name", p->name, sizeof p->name, err, err_len)
           && get_string(o, path, "final_score", p->final_score, sizeof p->final_score, err, err_len)
           && get_tri(o, path, "agree", &p->agree, err, err_len)
           && get_tri(o, path, "agree_winner", &p->agree_winner, err, err_len)
           && get_int(o, path, "peak_rss_kb", -1, 1L << 40, &rss, err, err_len)
           && (p->peak_rss_kb = rss, true)
           && get_real(o, path, "time_used", &p->time_used, err, err_len)
           && get_real(o, path, "max_move_time", &p->max_move_time, err, err_len)
           && (p->cpu_seconds = -1, !json_object_get(o, "cpu_seconds")   /* optional: newer field */
               || get_real(o, path, "cpu_seconds", &p->cpu_seconds, err, err_len))
           && get_int(o, path, "moves", 0, 1000000, &moves, err, err_len)
           && (p->moves = (int)moves, true)
           && get_bool(o, path, "stuck", &p->stuck, err, err_len)
           && get_string(o, path, "exit", p->exit, sizeof p->exit, err, err_len);
}

bool summary_game_from_json(const json_t *j, struct summary_game *sg, char *err, size_t err_len)
{
    memset(sg, 0, sizeof *sg);
    struct referee_game *g = &sg->g;
    const char *path = "game";
    if (!json_is_object(j)) {
        snprintf(err, err_len, "%s: expected an object", path);
        return false;
    }
    long index, moves;
    char a_color[4], re[32], end[32];
    if (!get_int(j, path, "index", 1, 1000000, &index, err, err_len)
        || !get_string(j, path, "a_color", a_color, sizeof a_color, err, err_len)
        || !get_string(j, path, "result", re, sizeof re, err, err_len)
        || !get_string(j, path, "end", end, sizeof end, err, err_len)
        || !get_string(j, path, "detail", g->detail, sizeof g->detail, err, err_len)
        || !get_int(j, path, "moves", 0, 1000000, &moves, err, err_len)
        || !get_bool(j, path, "scored", &g->scored, err, err_len)
        || !get_real(j, path, "score", &g->score, err, err_len)
        || !get_real(j, path, "seconds", &g->seconds, err, err_len)
        || !player_from_json(json_object_get(j, "black"), "game.black", &g->player[BLACK], err, err_len)
        || !player_from_json(json_object_get(j, "white"), "game.white", &g->player[WHITE], err, err_len))
        return false;
    sg->index = (int)index;
    g->n_moves = (int)moves;
    if (strcmp(a_color, "B") != 0 && strcmp(a_color, "W") != 0) {
        snprintf(err, err_len, "game.a_color: \"%s\" is not B or W", a_color);
        return false;
    }
    sg->a_color = a_color[0] == 'B' ? BLACK : WHITE;
    if (!result_parse(re, &g->result)) {
        snprintf(err, err_len, "game.result: \"%s\" is not a result", re);
        return false;
    }
    if (!referee_end_parse(end, &g->end)) {
        snprintf(err, err_len, "game.end: \"%s\" is not a way a game ends", end);
        return false;
    }
    const json_t *c = json_object_get(j, "culprit");
    if (!c || json_is_null(c))
        g->culprit = EMPTY;
    else if (json_is_string(c) && strcmp(json_string_value(c), "B") == 0)
        g->culprit = BLACK;
    else if (json_is_string(c) && strcmp(json_string_value(c), "W") == 0)
        g->culprit = WHITE;
    else {
        snprintf(err, err_len, "game.culprit: expected \"B\", \"W\" or null");
        return false;
    }
    return true;
}

/* ---- totals ---- */

void summary_compute(const struct summary_game *games, int n, const long rss_limit_kb[2],
                     struct summary *s)
{
    memset(s, 0, sizeof *s);
    s->peak_rss_kb[0] = s->peak_rss_kb[1] = -1;
    s->rss_limit_kb[0] = rss_limit_kb ? rss_limit_kb[0] : 0;
    s->rss_limit_kb[1] = rss_limit_kb ? rss_limit_kb[1] : 0;
    long total_moves = 0;
    for (int i = 0; i < n; i++) {
        const struct summary_game *sg = &games[i];
        const struct referee_game *g = &sg->g;
        int color_of[2] = { sg->a_color, color_other((enum color)sg->a_color) };
        s->games++;
        total_moves += g->n_moves;
        s->ends[g->end]++;
        if (g->result.how == RESULT_VOID) {
            s->voids++;
        } else {
            s->decided++;
            bool a_black = sg->a_color == BLACK;
            if (a_black)
                s->a_black_games++;
            else
                s->a_white_games++;
            if (g->result.winner == EMPTY) {
                s->draws++;
            } else if (g->result.winner == sg->a_color) {
                s->a_wins++;
                if (a_black)
                    s->a_black_wins++;
                else
                    s->a_white_wins++;
            } else {
                s->b_wins++;
            }
        }
        for (int side = 0; side < 2; side++) {
            int c = color_of[side];
            const struct referee_player *p = &g->player[c];
            if (!s->name[side][0])
                snprintf(s->name[side], sizeof s->name[side], "%s", p->name);
            if (g->culprit == c) {
                switch (g->end) {
                case END_TIME: s->faults[side][FAULT_TIME]++; break;
                case END_ILLEGAL: s->faults[side][FAULT_ILLEGAL]++; break;
                case END_CRASH: s->faults[side][FAULT_CRASH]++; break;
                case END_HANG: s->faults[side][FAULT_HANG]++; break;
                case END_ERROR: s->faults[side][FAULT_ERROR]++; break;
                default: break;
                }
            }
            if (p->stuck)
                s->faults[side][FAULT_STUCK]++;
            if (p->peak_rss_kb > s->peak_rss_kb[side])
                s->peak_rss_kb[side] = p->peak_rss_kb;
            if (s->rss_limit_kb[side] > 0 && p->peak_rss_kb > s->rss_limit_kb[side])
                s->faults[side][FAULT_MEMORY]++;
            if (p->agree >= 0) {
                s->compared[side]++;
                s->agree[side] += p->agree;
                s->agree_winner[side] += p->agree_winner > 0;
            }
            if (p->max_move_time > s->max_move_time[side])
                s->max_move_time[side] = p->max_move_time;
            s->think_seconds[side] += p->time_used;
            s->moves[side] += p->moves;
            if (p->cpu_seconds >= 0) {
                s->cpu_seconds[side] += p->cpu_seconds;
                s->cpu_moves[side] += p->moves;
            }
        }
    }
    s->moves_avg = n ? (double)total_moves / n : 0;
    double score = s->a_wins + 0.5 * s->draws;
    s->win_rate = s->decided ? score / s->decided : 0;
    stats_wilson(score, s->decided, STATS_Z95, &s->ci_lo, &s->ci_hi);
    s->elo = s->decided ? stats_elo(s->win_rate) : 0;
    s->elo_lo = stats_elo(s->ci_lo);
    s->elo_hi = stats_elo(s->ci_hi);
}

int summary_failures(const struct summary *s, bool time_too)
{
    int n = 0;
    for (int side = 0; side < 2; side++)
        for (int f = 0; f < SUMMARY_N_FAULTS; f++)
            if (f != FAULT_TIME || time_too)
                n += s->faults[side][f];
    return n;
}

static void print_elo(FILE *f, double e)
{
    if (isinf(e))
        fprintf(f, "%sinf", e > 0 ? "+" : "-");
    else
        fprintf(f, "%+.0f", e + 0.0 == 0 ? 0.0 : e);
}

void summary_print(FILE *f, const struct summary *s)
{
    fprintf(f, "A: %s\nB: %s\n", s->name[0], s->name[1]);
    fprintf(f, "games %d: A wins %d, B wins %d, draws %d, no result %d\n", s->games, s->a_wins,
            s->b_wins, s->draws, s->voids);
    fprintf(f, "A as Black %d/%d, as White %d/%d\n", s->a_black_wins, s->a_black_games,
            s->a_white_wins, s->a_white_games);
    fprintf(f, "A win rate %.1f%%  95%% CI [%.1f%%, %.1f%%] (Wilson, %d decided games)\n",
            100 * s->win_rate, 100 * s->ci_lo, 100 * s->ci_hi, s->decided);
    fprintf(f, "Elo A-B ");
    if (s->decided)
        print_elo(f, s->elo);
    else
        fprintf(f, "n/a");
    fprintf(f, "  95%% CI [");
    print_elo(f, s->elo_lo);
    fprintf(f, ", ");
    print_elo(f, s->elo_hi);
    fprintf(f, "]\n");
    fprintf(f, "ended by:");
    for (int e = 0; e < REFEREE_N_ENDS; e++)
        if (s->ends[e])
            fprintf(f, " %s %d", referee_end_name((enum referee_end)e), s->ends[e]);
    fprintf(f, "; %.1f moves a game\n", s->moves_avg);
    fprintf(f, "faults        A     B\n");
    for (int k = 0; k < SUMMARY_N_FAULTS; k++)
        fprintf(f, "  %-9s %3d   %3d\n", summary_fault_name((enum summary_fault)k), s->faults[0][k],
                s->faults[1][k]);
    for (int side = 0; side < 2; side++) {
        fprintf(f, "%c: peak RSS ", "AB"[side]);
        if (s->peak_rss_kb[side] >= 0)
            fprintf(f, "%.1f MB", s->peak_rss_kb[side] / 1024.0);
        else
            fprintf(f, "unknown");
        if (s->rss_limit_kb[side] > 0)
            fprintf(f, " (limit %.0f MB)", s->rss_limit_kb[side] / 1024.0);
        fprintf(f, ", longest move %.2f s", s->max_move_time[side]);
        if (s->moves[side])
            fprintf(f, ", %.2f s a move charged", s->think_seconds[side] / s->moves[side]);
        if (s->cpu_moves[side])
            fprintf(f, " (CPU %.2f s a move)", s->cpu_seconds[side] / s->cpu_moves[side]);
        if (s->compared[side])
            fprintf(f, ", final_score = scorer's in %d/%d (%.1f%%), same winner %d/%d\n",
                    s->agree[side], s->compared[side], 100.0 * s->agree[side] / s->compared[side],
                    s->agree_winner[side], s->compared[side]);
        else
            fprintf(f, ", final_score not compared\n");
    }
    /* One line of key=value pairs for scripts (soak.sh reads it). */
    fprintf(f, "totals: games=%d a_wins=%d b_wins=%d draws=%d void=%d", s->games, s->a_wins,
            s->b_wins, s->draws, s->voids);
    for (int side = 0; side < 2; side++) {
        fprintf(f, " faults_%c=", "ab"[side]);
        for (int k = 0; k < SUMMARY_N_FAULTS; k++)
            fprintf(f, "%s%s:%d", k ? "," : "", summary_fault_name((enum summary_fault)k),
                    s->faults[side][k]);
        fprintf(f, " peak_rss_kb_%c=%ld", "ab"[side], s->peak_rss_kb[side]);
        /* final_score agreement with the scorer: agreed/compared */
        fprintf(f, " score_agree_%c=%d/%d", "ab"[side], s->agree[side], s->compared[side]);
    }
    fprintf(f, "\n");
}

static json_t *real_or_null(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

json_t *summary_to_json(const struct summary *s, const struct summary_game *games, int n)
{
    json_t *ends = json_object();
    for (int e = 0; e < REFEREE_N_ENDS; e++)
        json_object_set_new(ends, referee_end_name((enum referee_end)e), json_integer(s->ends[e]));
    json_t *sides = json_object();
    for (int side = 0; side < 2; side++) {
        json_t *faults = json_object();
        for (int k = 0; k < SUMMARY_N_FAULTS; k++)
            json_object_set_new(faults, summary_fault_name((enum summary_fault)k),
                                json_integer(s->faults[side][k]));
        json_t *o = json_pack("{s:s, s:o, s:I, s:I, s:f, s:f, s:o, s:i, s:i, s:i}",
                              "name", s->name[side], "faults", faults,
                              "peak_rss_kb", (json_int_t)s->peak_rss_kb[side],
                              "rss_limit_kb", (json_int_t)s->rss_limit_kb[side],
                              "max_move_time", s->max_move_time[side],
                              "seconds_per_move", s->moves[side] ? s->think_seconds[side] / s->moves[side] : 0.0,
                              "cpu_per_move", s->cpu_moves[side]
                                  ? json_real(s->cpu_seconds[side] / s->cpu_moves[side]) : json_null(),
                              "final_score_compared", s->compared[side],
                              "final_score_agree", s->agree[side],
                              "final_score_agree_winner", s->agree_winner[side]);
        json_object_set_new(sides, side ? "b" : "a", o);
    }
    json_t *j = json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:f, s:[f,f], s:o, s:[o,o], s:o, s:o, s:f}",
                          "games", s->games, "decided", s->decided, "a_wins", s->a_wins,
                          "b_wins", s->b_wins, "draws", s->draws, "void", s->voids,
                          "win_rate", s->win_rate, "win_rate_ci95", s->ci_lo, s->ci_hi,
                          "elo", s->decided ? real_or_null(s->elo) : json_null(),
                          "elo_ci95", real_or_null(s->elo_lo), real_or_null(s->elo_hi),
                          "ended_by", ends, "sides", sides, "moves_avg", s->moves_avg);
    json_object_set_new(j, "a_as_black", json_pack("{s:i, s:i}", "games", s->a_black_games,
                                                   "wins", s->a_black_wins));
    json_object_set_new(j, "a_as_white", json_pack("{s:i, s:i}", "games", s->a_white_games,
                                                   "wins", s->a_white_wins));
    if (games) {
        json_t *list = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(list, summary_game_to_json(&games[i]));
        json_object_set_new(j, "game_records", list);
    }
    return j;
}
