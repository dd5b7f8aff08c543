/* passfit — one MM-fitted gamma per pass value, the board moves fixed. */
#include "tools/train/passfit.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "tools/train/dataset.h"
#include "tools/train/progress.h"

struct pass_pos {
    double board;        /* total strength of the legal board moves */
    double played;       /* strength of the played move (0: the pass) */
    uint8_t value;       /* the pass's value (1 after a move, 2 after a pass) */
    bool first;          /* the played move is the game's first pass */
};

struct pass_job {
    struct pat_opts o;
    const struct pat_gammas *t;
    struct pass_pos *pos;
    size_t n, cap;
    bool passed, ok;
    point moves[BOARD_MAX_POINTS + 1];
    pat_vec vecs[BOARD_MAX_POINTS + 1];
};

static void pass_position(void *ctx, const struct board *b, enum color c, point p)
{
    struct pass_job *j = ctx;
    if (!j->ok)
        return;
    if (j->n == j->cap) {
        size_t cap = j->cap ? j->cap * 2 : 4096;
        struct pass_pos *q = realloc(j->pos, cap * sizeof *q);
        if (!q) {
            j->ok = false;
            return;
        }
        j->pos = q;
        j->cap = cap;
    }
    int n = pat_all_features(b, c, &j->o, j->moves, j->vecs);
    struct pass_pos x = { .first = p == PASS && !j->passed };
    bool found = false;
    for (int i = 0; i < n; i++) {
        if (j->moves[i] == PASS) {
            x.value = (uint8_t)pat_get(j->vecs[i], PAT_F_PASS);
            continue;
        }
        double s = pat_gammas_strength(j->t, j->vecs[i]);
        x.board += s;
        if (j->moves[i] == p) {
            x.played = s;
            found = true;
        }
    }
    if (p == PASS) {
        j->passed = true;
        found = true;
    }
    if (found && x.value >= 1 && x.value <= 2)
        j->pos[j->n++] = x;
}

/* Mean ln P of the played moves (only the first passes if `first`). */
static double mean_log_p(const struct pass_job *j, const double g[3], bool first)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < j->n; i++) {
        const struct pass_pos *x = &j->pos[i];
        if (first && !x->first)
            continue;
        double gp = g[x->value];
        sum += log((x->played > 0 ? x->played : gp) / (x->board + gp));
        n++;
    }
    return n ? sum / (double)n : 0;
}

bool train_pass_fit(const struct corpus *c, struct pat_gammas *t, bool quiet,
                    struct passfit_report *r)
{
    struct pass_job *j = calloc(1, sizeof *j);
    if (!j)
        return false;
    pat_gammas_opts(t, &j->o);
    j->t = t;
    j->ok = true;
    struct progress pr;
    progress_start(&pr, "pass positions", c->n_games, quiet);
    for (size_t i = 0; i < c->n_games && j->ok; i++) {
        j->passed = false;
        train_replay(&c->games[i], pass_position, j);
        progress_update(&pr, i + 1);
    }
    progress_end(&pr, c->n_games);
    bool ok = j->ok;
    *r = (struct passfit_report){ .positions = j->n };
    double g[3] = { 1, 1, 1 };
    for (int v = 1; v <= 2 && v < t->n_values[PAT_F_PASS]; v++)
        g[v] = t->gamma[PAT_F_PASS][v];
    for (size_t i = 0; i < j->n; i++) {
        if (j->pos[i].played == 0)
            r->passes[j->pos[i].value]++;
        r->first_passes += j->pos[i].first;
    }
    r->first_before = mean_log_p(j, g, true);
    r->all_before = mean_log_p(j, g, false);
    for (int v = 1; v <= 2 && ok; v++) {
        r->before[v] = g[v];
        /* MM: g <- (W + 1) / (sum over positions of 1 / E + 2 / (g + 1)); one
         * parameter, so it converges in a few hundred cheap passes */
        for (int it = 0; it < 500; it++) {
            double den = 2 / (g[v] + 1);
            for (size_t i = 0; i < j->n; i++)
                if (j->pos[i].value == v)
                    den += 1 / (j->pos[i].board + g[v]);
            double ng = ((double)r->passes[v] + 1) / den;
            bool done = fabs(ng - g[v]) <= 1e-9 * g[v];
            g[v] = ng;
            if (done)
                break;
        }
        r->after[v] = g[v];
        if (v < t->n_values[PAT_F_PASS])
            t->gamma[PAT_F_PASS][v] = (float)g[v];
    }
    r->first_after = mean_log_p(j, g, true);
    r->all_after = mean_log_p(j, g, false);
    free(j->pos);
    free(j);
    return ok;
}
