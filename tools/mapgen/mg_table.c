/* mg_table.c — aggregate results: tables, CSV, contact sheets, target verdicts. */
#include "engine/board/file_read.h"
#include "tools/mapgen/mg_table.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "tools/mapgen/mg_batch.h"
#include "tools/mapgen/mg_png.h"

#define NCOLS 16   /* per problem: 4 tree searches × 3 reps, then 4 optimisers */

typedef struct cell {
    bool have;
    int runs, found;
    double play, time_mean, time_sd, depth_mean, depth_sd, evals_per_sec, evals_mean;
    double time_limit;
    long long eval_limit;
    json_t *best;   /* best run record (found first, then heuristic) */
} cell;

static int col_of(int algo, int rep)
{
    if (algo <= MG_MCTS)
        return algo * 3 + rep;
    return rep == MG_WIDE ? 12 + (algo - MG_HC) : -1;
}

static void col_name(int k, char *buf, size_t n)
{
    if (k < 12)
        snprintf(buf, n, "%s-%s", mg_algo_name((mg_algo)(k / 3)), mg_rep_name((mg_rep_id)(k % 3)));
    else
        snprintf(buf, n, "%s-wide", mg_algo_name((mg_algo)(MG_HC + k - 12)));
}

static bool better(json_t *a, json_t *b)
{
    /* is run a a better example than run b? */
    if (!b)
        return true;
    int fa = json_is_true(json_object_get(a, "found")), fb = json_is_true(json_object_get(b, "found"));
    if (fa != fb)
        return fa > fb;
    return json_number_value(json_object_get(a, "heuristic")) >
           json_number_value(json_object_get(b, "heuristic"));
}

static int load_dir(const char *dir, cell tab[MG_NPROBLEMS][NCOLS], json_t *keep)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "hane-mapgen table: cannot open %s\n", dir);
        return 1;
    }
    struct dirent *de;
    int files = 0;
    json_t *merged[MG_NPROBLEMS][NCOLS];
    memset(merged, 0, sizeof merged);
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (l < 6 || strcmp(de->d_name + l - 5, ".json") != 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        char err[600];
        json_t *j = json_read_file(path, MG_RESULTS_MAX_BYTES, 0, err, sizeof err);
        if (!j) {
            fprintf(stderr, "hane-mapgen table: %s (skipped)\n", err);
            continue;
        }
        json_t *cfg = json_object_get(j, "config"), *runs = json_object_get(j, "runs");
        const char *ps = json_string_value(json_object_get(cfg, "problem"));
        const mg_problem *p = ps ? mg_problem_find(ps) : NULL;
        const char *rs = json_string_value(json_object_get(cfg, "rep"));
        const char *as = json_string_value(json_object_get(cfg, "algo"));
        int rep = rs ? mg_rep_find(rs) : -1, algo = as ? mg_algo_find(as) : -1;
        int k = p && rep >= 0 && algo >= 0 ? col_of(algo, rep) : -1;
        if (k < 0 || !json_is_array(runs)) {
            fprintf(stderr, "hane-mapgen table: %s: not a results file (config.problem/rep/"
                            "algo or runs missing; skipped)\n", path);
            json_decref(j);
            continue;
        }
        cell *c = &tab[p->id][k];
        if (!merged[p->id][k])
            merged[p->id][k] = json_array();
        json_array_extend(merged[p->id][k], runs);
        c->have = true;
        c->time_limit = json_number_value(json_object_get(cfg, "time_limit"));
        c->eval_limit = json_integer_value(json_object_get(cfg, "eval_limit"));
        json_array_append(keep, j);
        json_decref(j);
        files++;
    }
    closedir(d);
    for (int pi = 0; pi < MG_NPROBLEMS; pi++)
        for (int k = 0; k < NCOLS; k++) {
            json_t *runs = merged[pi][k];
            if (!runs)
                continue;
            cell *c = &tab[pi][k];
            json_t *s = mg_summary_json(runs);
            c->runs = (int)json_integer_value(json_object_get(s, "runs"));
            c->found = (int)json_integer_value(json_object_get(s, "found"));
            c->play = json_number_value(json_object_get(s, "playability"));
            c->time_mean = json_number_value(json_object_get(s, "time_mean"));
            c->time_sd = json_number_value(json_object_get(s, "time_sd"));
            c->depth_mean = json_is_null(json_object_get(s, "max_depth_mean")) ? NAN
                            : json_number_value(json_object_get(s, "max_depth_mean"));
            c->depth_sd = json_is_null(json_object_get(s, "max_depth_sd")) ? NAN
                          : json_number_value(json_object_get(s, "max_depth_sd"));
            c->evals_per_sec = json_number_value(json_object_get(s, "evals_per_sec"));
            json_decref(s);
            double ev = 0;
            size_t i;
            json_t *r;
            json_array_foreach(runs, i, r) {
                ev += (double)json_integer_value(json_object_get(r, "evals"));
                if (better(r, c->best))
                    c->best = r;
            }
            c->evals_mean = c->runs ? ev / c->runs : 0;
            json_array_append(keep, runs);   /* keeps c->best alive */
            json_decref(runs);
        }
    if (files == 0) {
        fprintf(stderr, "hane-mapgen table: no results (*.json) in %s\n", dir);
        return 1;
    }
    return 0;
}

static void print_tables(cell tab[MG_NPROBLEMS][NCOLS], FILE *out)
{
    static const char *titles[3] = {"Playability % (Fig. 1)", "Max depth, mean ± sd (Fig. 2)",
                                    "Time s, mean ± sd (Fig. 3)"};
    for (int m = 0; m < 3; m++) {
        fprintf(out, "\n%s\n%-14s", titles[m], "");
        for (int pi = 0; pi < MG_NPROBLEMS; pi++)
            fprintf(out, " %18s", mg_problem_get((mg_problem_id)pi)->name);
        fprintf(out, "\n");
        for (int k = 0; k < NCOLS; k++) {
            if (m == 1 && k >= 12)
                continue;
            char name[32];
            col_name(k, name, sizeof name);
            fprintf(out, "%-14s", name);
            for (int pi = 0; pi < MG_NPROBLEMS; pi++) {
                cell *c = &tab[pi][k];
                char v[40] = "-";
                if (c->have) {
                    if (m == 0)
                        snprintf(v, sizeof v, "%5.1f (%d/%d)", c->play, c->found, c->runs);
                    else if (m == 1)
                        snprintf(v, sizeof v, "%.1f ± %.1f", c->depth_mean, c->depth_sd);
                    else
                        snprintf(v, sizeof v, "%.2f ± %.2f", c->time_mean, c->time_sd);
                }
                fprintf(out, " %18s", v);
            }
            fprintf(out, "\n");
        }
    }
}

static int write_csv(cell tab[MG_NPROBLEMS][NCOLS], const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "hane-mapgen table: cannot write %s\n", path);
        return 1;
    }
    fprintf(f, "problem,config,runs,found,playability,time_mean,time_sd,max_depth_mean,"
               "max_depth_sd,evals_mean,evals_per_sec,time_limit,eval_limit\n");
    for (int pi = 0; pi < MG_NPROBLEMS; pi++)
        for (int k = 0; k < NCOLS; k++) {
            cell *c = &tab[pi][k];
            if (!c->have)
                continue;
            char name[32];
            col_name(k, name, sizeof name);
            fprintf(f, "%s,%s,%d,%d,%.2f,%.4f,%.4f,", mg_problem_get((mg_problem_id)pi)->name,
                    name, c->runs, c->found, c->play, c->time_mean, c->time_sd);
            if (isnan(c->depth_mean))
                fprintf(f, ",,");
            else
                fprintf(f, "%.2f,%.2f,", c->depth_mean, c->depth_sd);
            fprintf(f, "%.0f,%.0f,%g,%lld\n", c->evals_mean, c->evals_per_sec, c->time_limit,
                    c->eval_limit);
        }
    return fclose(f) == 0 ? 0 : 1;
}

/* Contact sheet: rows = algorithms, columns = narrow, turtle, wide; green frame = found. */
static int write_sheet(cell tab[MG_NPROBLEMS][NCOLS], int pi, const char *dir)
{
    const mg_problem *p = mg_problem_get((mg_problem_id)pi);
    int any = 0;
    for (int k = 0; k < NCOLS; k++)
        any |= tab[pi][k].have;
    if (!any)
        return 0;
    int mw = mg_map_px_w(p), mh = mg_map_px_h(p), pad = 8;
    mg_canvas cv;
    if (mg_canvas_init(&cv, 3 * (mw + 2 * pad), 8 * (mh + 2 * pad), 0xffffff) != 0)
        return 1;
    for (int k = 0; k < NCOLS; k++) {
        cell *c = &tab[pi][k];
        if (!c->have || !c->best)
            continue;
        int row = k < 12 ? k / 3 : 4 + (k - 12), col = k < 12 ? k % 3 : 2;
        json_t *rows = json_object_get(c->best, "map");
        char text[1024] = "";
        size_t i, n = 0;
        json_t *r;
        json_array_foreach(rows, i, r) {
            const char *s = json_string_value(r);
            if (s && n + strlen(s) + 2 < sizeof text)
                n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", s);
        }
        uint8_t map[MG_MAX_CELLS];
        char err[160];
        if (!mg_map_parse(p, text, map, err, sizeof err)) {
            fprintf(stderr, "hane-mapgen table: bad map in results: %s\n", err);
            continue;
        }
        int x = col * (mw + 2 * pad), y = row * (mh + 2 * pad);
        uint32_t frame = json_is_true(json_object_get(c->best, "found")) ? 0x20b040 : 0xb0b0b0;
        mg_canvas_rect(&cv, x + pad - 4, y + pad - 4, mw + 8, mh + 8, frame);
        json_t *cur = json_object_get(c->best, "cursor");
        int cx = -1, cy = -1;
        if (json_is_array(cur)) {
            cx = (int)json_integer_value(json_array_get(cur, 0));
            cy = (int)json_integer_value(json_array_get(cur, 1));
        }
        mg_canvas_map(&cv, x + pad, y + pad, p, map, cx, cy);
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/sheet-%s.png", dir, p->name);
    int rc = mg_png_write(path, cv.rgb, cv.w, cv.h);
    mg_canvas_free(&cv);
    if (rc != 0)
        fprintf(stderr, "hane-mapgen table: cannot write %s\n", path);
    return rc != 0;
}

/* ---- verdicts on T1–T7 ---- */

static double avg3(cell tab[MG_NPROBLEMS][NCOLS], int k)
{
    double s = 0;
    int n = 0;
    for (int pi = 0; pi < MG_NPROBLEMS; pi++)
        if (tab[pi][k].have) {
            s += tab[pi][k].play;
            n++;
        }
    return n ? s / n : NAN;
}

static void verdicts(cell tab[MG_NPROBLEMS][NCOLS], FILE *out)
{
    fprintf(out, "\nTargets (README, Targets T1-T8; T8 is visual: see sheet-*.png)\n");
    int missing = 0;
    for (int pi = 0; pi < MG_NPROBLEMS; pi++)
        for (int k = 0; k < NCOLS; k++)
            missing += !tab[pi][k].have;
    if (missing) {
        /* every verdict compares configurations: with gaps they would mislead */
        fprintf(out, "n/a: %d of the 48 configurations have no results in this directory\n",
                missing);
        return;
    }
    /* T1 */
    double worst = 0;
    for (int pi = 0; pi < MG_NPROBLEMS; pi++)
        for (int k = 0; k < 6; k++)
            if (tab[pi][k].have && tab[pi][k].play > worst)
                worst = tab[pi][k].play;
    fprintf(out, "T1 BFS/DFS <= 2%% everywhere: %s (max %.1f%%)\n", worst <= 2 ? "HOLDS" : "FAILS",
            worst);
    /* T2 */
    bool t2 = true;
    for (int pi = 0; pi < MG_NPROBLEMS; pi++) {
        double g = 0, lo = 1e9, hi = -1e9;
        int n = 0;
        for (int r = 0; r < 3; r++)
            if (tab[pi][6 + r].have) {
                double v = tab[pi][6 + r].play;
                g += v;
                n++;
                lo = fmin(lo, v);
                hi = fmax(hi, v);
            }
        if (!n)
            continue;
        g /= n;
        for (int a = 0; a < 4; a++) {
            if (a == MG_GBFS)
                continue;
            double s = 0;
            int m = 0;
            for (int r = 0; r < 3; r++)
                if (tab[pi][a * 3 + r].have) {
                    s += tab[pi][a * 3 + r].play;
                    m++;
                }
            if (m && s / m > g)
                t2 = false;
        }
        fprintf(out, "   %s: GBFS mean %.1f%%, spread %.1f pts\n",
                mg_problem_get((mg_problem_id)pi)->name, g, hi - lo);
        if (hi - lo > 15)
            t2 = false;
    }
    fprintf(out, "T2 GBFS best tree search (mean over reps), spread <= 15 pts: %s\n",
            t2 ? "HOLDS" : "FAILS");
    /* T3 */
    double opt_min = 1e9, tree_max = -1, sa = avg3(tab, 13), other = -1;
    for (int k = 12; k < 16; k++) {
        double v = avg3(tab, k);
        if (!isnan(v))
            opt_min = fmin(opt_min, v);
        if (k != 13 && !isnan(v))
            other = fmax(other, v);
    }
    for (int k = 0; k < 12; k++) {
        if (k / 3 == MG_GBFS)
            continue;
        double v = avg3(tab, k);
        if (!isnan(v))
            tree_max = fmax(tree_max, v);
    }
    fprintf(out, "T3 every optimiser > every BFS/DFS/MCTS variant (3-problem mean): %s "
                 "(worst optimiser %.1f%%, best BFS/DFS/MCTS %.1f%%); SA >= others - 5: %s "
                 "(SA %.1f%%, best other %.1f%%)\n",
            opt_min > tree_max ? "HOLDS" : "FAILS", opt_min, tree_max,
            sa >= other - 5 ? "HOLDS" : "FAILS", sa, other);
    /* T4 */
    double mw = tab[MG_BINARY][9 + MG_WIDE].play, mn = tab[MG_BINARY][9 + MG_NARROW].play;
    double mz = fmax(fmax(tab[MG_ZELDA][9].play, tab[MG_ZELDA][10].play), tab[MG_ZELDA][11].play);
    fprintf(out, "T4 MCTS-wide Binary < MCTS-narrow Binary: %s (%.1f vs %.1f); MCTS Zelda <= "
                 "10%%: %s (max %.1f%%)\n",
            mw < mn ? "HOLDS" : "FAILS", mw, mn, mz <= 10 ? "HOLDS" : "FAILS", mz);
    /* T5 */
    double mcn = tab[MG_SOKOBAN][9].play, best_other = -1;
    char who[32] = "";
    for (int k = 0; k < NCOLS; k++)
        if (k != 9 && tab[MG_SOKOBAN][k].have && tab[MG_SOKOBAN][k].play > best_other) {
            best_other = tab[MG_SOKOBAN][k].play;
            col_name(k, who, sizeof who);
        }
    fprintf(out, "T5 MCTS-narrow >= all others on Sokoban: %s (%.1f%% vs best other %s %.1f%%)\n",
            mcn >= best_other ? "HOLDS" : "FAILS", mcn, who, best_other);
    /* T6 */
    int ok6 = 0, n6 = 0;
    for (int pi = 0; pi < MG_NPROBLEMS; pi++)
        for (int r = 0; r < 3; r++) {
            cell *b = &tab[pi][r], *d = &tab[pi][3 + r], *g = &tab[pi][6 + r], *m = &tab[pi][9 + r];
            if (!b->have || !d->have || !g->have || !m->have)
                continue;
            n6++;
            bool ok = b->depth_mean <= d->depth_mean && b->depth_mean <= g->depth_mean &&
                      b->depth_mean <= m->depth_mean && d->depth_mean > m->depth_mean &&
                      m->depth_mean < g->depth_mean;
            ok6 += ok;
            if (!ok)
                fprintf(out, "   %s-%s depth BFS %.1f DFS %.1f GBFS %.1f MCTS %.1f\n",
                        mg_problem_get((mg_problem_id)pi)->name, mg_rep_name((mg_rep_id)r),
                        b->depth_mean, d->depth_mean, g->depth_mean, m->depth_mean);
        }
    fprintf(out, "T6 depth BFS shallowest, DFS deeper than MCTS, MCTS shallower than GBFS: %s "
                 "(%d of %d problem x rep)\n",
            ok6 == n6 ? "HOLDS" : "FAILS", ok6, n6);
    /* T7 */
    int ok7 = 0, n7 = 0;
    double worst7 = 1e9;
    for (int pi = 0; pi < MG_NPROBLEMS; pi++)
        for (int k = 0; k < 12; k++) {
            bool near_cap = k < 6 || k == 9 + MG_WIDE;
            cell *c = &tab[pi][k];
            /* Under an evaluation budget the time cap is only a backstop
             * (experiment.sh), so the budget, not the cap, ends these runs. */
            if (!near_cap || !c->have || !(c->time_limit > 0) || c->eval_limit > 0)
                continue;
            n7++;
            double frac = c->time_mean / c->time_limit;
            ok7 += frac >= 0.95;
            worst7 = fmin(worst7, frac);
        }
    fprintf(out, "T7 BFS, DFS, MCTS-wide mean time >= 0.95 cap: %s (%d of %d; lowest %.2f of "
                 "the cap)\n",
            n7 && ok7 == n7 ? "HOLDS" : n7 ? "FAILS" : "n/a (no time cap, or an evaluation budget)", ok7, n7,
            n7 ? worst7 : 0.0);
    for (int pi = 0; pi < MG_NPROBLEMS; pi++) {
        double opt = 0, tree_min = 1e9;
        int no = 0;
        for (int k = 12; k < 16; k++)
            if (tab[pi][k].have) {
                opt += tab[pi][k].time_mean;
                no++;
            }
        for (int k = 0; k < 12; k++)
            if (tab[pi][k].have)
                tree_min = fmin(tree_min, tab[pi][k].time_mean);
        if (no)
            fprintf(out, "   %s: optimisers' mean time %.2f s, fastest tree search %.2f s, "
                         "GBFS %.2f/%.2f/%.2f s\n",
                    mg_problem_get((mg_problem_id)pi)->name, opt / no, tree_min,
                    tab[pi][6].time_mean, tab[pi][7].time_mean, tab[pi][8].time_mean);
    }
}

int mg_table(const char *dir, const char *csv_path, FILE *out)
{
    static cell tab[MG_NPROBLEMS][NCOLS];
    memset(tab, 0, sizeof tab);
    json_t *keep = json_array();
    int rc = load_dir(dir, tab, keep);
    if (rc == 0) {
        print_tables(tab, out);
        verdicts(tab, out);
        char path[4096];
        if (!csv_path) {
            snprintf(path, sizeof path, "%s/table.csv", dir);
            csv_path = path;
        }
        rc |= write_csv(tab, csv_path);
        for (int pi = 0; pi < MG_NPROBLEMS; pi++)
            rc |= write_sheet(tab, pi, dir);
        fprintf(out, "\nwrote %s and %s/sheet-*.png\n", csv_path, dir);
    }
    json_decref(keep);
    return rc;
}
