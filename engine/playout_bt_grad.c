/* playout_bt_grad — the BT playout policy's parameters and score function,
 * for simulation balancing: the trainer moves the parameters along the
 * playouts' outcome-weighted score, so that the playouts' mean outcome
 * approaches the true value of positions (not so that their moves are
 * strong). See playout_bt.h. */
#include <math.h>
#include <stdlib.h>

#include "engine/playout_bt.h"
#include "engine/playout_bt_state.h"
#include "patterns/gammas.h"

/* First parameter index of each group. */
enum { P_CAPTURE = 0, P_EXTEND = 4, P_ATARI = 9, P_SELF = 12, P_DIST = 14 };

const char *playout_bt_param_name(int k)
{
    static const char *const names[PLAYOUT_BT_PARAMS] = {
        "capture 1", "capture 2", "capture 3", "capture 4",
        "extend 1", "extend 2", "extend 3", "extend 4", "extend 5",
        "atari 1", "atari 2", "atari 3",
        "selfatari 1", "selfatari 2",
        "dist1 d=2", "dist1 d=3", "dist1 d=4", "dist1 d=5", "dist1 d=6", "dist1 d=7",
        "dist1 d=8",
    };
    return k >= 0 && k < PLAYOUT_BT_PARAMS ? names[k] : "?";
}

void playout_bt_get_params(const struct playout_policy *pp, double theta[PLAYOUT_BT_PARAMS])
{
    const struct playout_bt_state *st = pp->data;
    for (int v = 1; v <= 4; v++)
        theta[P_CAPTURE + v - 1] = log(st->g_cap[v]);
    for (int v = 1; v <= 5; v++)
        theta[P_EXTEND + v - 1] = log(st->g_ext[v]);
    for (int v = 1; v <= 3; v++)
        theta[P_ATARI + v - 1] = log(st->g_atari[v]);
    for (int v = 1; v <= 2; v++)
        theta[P_SELF + v - 1] = log(st->g_self[v]);
    for (int d = 2; d <= BT_NEAR_D; d++)
        theta[P_DIST + d - 2] = log(st->near_factor[d]);
}

void playout_bt_set_params(struct playout_policy *pp, const double theta[PLAYOUT_BT_PARAMS])
{
    struct playout_bt_state *st = pp->data;
    for (int v = 1; v <= 4; v++)
        st->g_cap[v] = (float)exp(theta[P_CAPTURE + v - 1]);
    for (int v = 1; v <= 5; v++)
        st->g_ext[v] = (float)exp(theta[P_EXTEND + v - 1]);
    for (int v = 1; v <= 3; v++)
        st->g_atari[v] = (float)exp(theta[P_ATARI + v - 1]);
    for (int v = 1; v <= 2; v++)
        st->g_self[v] = (float)exp(theta[P_SELF + v - 1]);
    double factor[BT_NEAR_D + 1] = { 0 };
    for (int d = 2; d <= BT_NEAR_D; d++)
        factor[d] = exp(theta[P_DIST + d - 2]);
    playout_bt_build_g16(st);
    playout_bt_build_near(st, factor);
    st->geom = NULL;
}

void playout_bt_set_grad(struct playout_policy *pp, double *acc)
{
    struct playout_bt_state *st = pp->data;
    st->grad = acc;
    st->geom = NULL;    /* rebuilt with every point's tactical values */
}

/* Adds point q's features, with weight m, to e. */
static inline void add_features(double *e, uint16_t tac, int dist_param, double m)
{
    unsigned v;
    if ((v = BT_TAC_CAPTURE(tac)))
        e[P_CAPTURE + v - 1] += m;
    if ((v = BT_TAC_EXTEND(tac)))
        e[P_EXTEND + v - 1] += m;
    if ((v = BT_TAC_ATARI(tac)))
        e[P_ATARI + v - 1] += m;
    if ((v = BT_TAC_SELF(tac)))
        e[P_SELF + v - 1] += m;
    if (dist_param >= 0)
        e[P_DIST + dist_param] += m;
}

/* The dist1 parameter of q for the last move at (lx, ly), -1 if none; its
 * factor goes to *f. */
static inline int near_of(const struct playout_bt_state *st, int x, int y, int lx, int ly, double *f)
{
    int dx = x - lx, dy = y - ly;
    *f = 1.0;
    if (lx < 0 || dx < -BT_NEAR_D || dx > BT_NEAR_D || dy < -BT_NEAR_D || dy > BT_NEAR_D)
        return -1;
    int k = st->near_param[dy + BT_NEAR_D][dx + BT_NEAR_D];
    if (k >= 0)
        *f = 1.0 + st->near_row[dy + BT_NEAR_D][dx + BT_NEAR_D];
    return k;
}

/* near_of for point q and the board's last move. */
static int near_at(const struct playout_bt_state *st, const struct board *b, point q, double *f)
{
    int lx = b->last_move > 0 ? board_x(b, b->last_move) : -1;
    int ly = b->last_move > 0 ? board_y(b, b->last_move) : -1;
    return near_of(st, board_x(b, q), board_y(b, q), lx, ly, f);
}

/* Z = the draw's total mass; with `e`, also each parameter's share of it. */
static double mass(const struct playout_bt_state *st, const struct board *b, int ci, double *e)
{
    const struct board_geom *g = st->geom;
    int lx = -1, ly = -1;
    if (b->last_move > 0) {
        lx = board_x(b, b->last_move);
        ly = board_y(b, b->last_move);
    }
    double z = 0;
    for (int y = 0; y < g->size; y++)
        for (int x = 0; x < g->size; x++) {
            point q = (y + 1) * g->stride + x + 1;
            float w = BT_W(st, ci)[q];
            if (w <= 0.0f)
                continue;
            double f;
            int k = near_of(st, x, y, lx, ly, &f);
            double m = (double)w * f;
            z += m;
            if (e)
                add_features(e, st->tac[ci][q], k, m);
        }
    return z;
}

void playout_bt_grad_add(const struct playout_bt_state *st, const struct board *b, int ci, point chosen)
{
    if (chosen == PASS)
        return;     /* nothing had a weight: no choice was made */
    double e[PLAYOUT_BT_PARAMS] = { 0 };
    double z = mass(st, b, ci, e);
    if (z <= 0)
        return;
    for (int k = 0; k < PLAYOUT_BT_PARAMS; k++)
        st->grad[k] -= e[k] / z;
    double f;
    add_features(st->grad, st->tac[ci][chosen], near_at(st, b, chosen, &f), 1.0);
}

double playout_bt_prob(const struct playout_policy *pp, const struct board *b, enum color c,
                       point p)
{
    const struct playout_bt_state *st = pp->data;
    int ci = c - 1;
    if (p == PASS || st->geom != b->geom || BT_W(st, ci)[p] <= 0.0f)
        return 0.0;
    point ko = b->ko && c == b->to_move ? b->ko : 0;
    if (p == ko)
        return 0.0;
    double z = mass(st, b, ci, NULL);
    double f;
    if (ko) {   /* out of the draw (bt_choose), so out of its mass */
        near_at(st, b, ko, &f);
        z -= (double)BT_W(st, ci)[ko] * f;
    }
    near_at(st, b, p, &f);
    return (double)BT_W(st, ci)[p] * f / z;
}

bool playout_bt_params_to_table(const double theta[PLAYOUT_BT_PARAMS], struct pat_gammas *t)
{
    static const struct { int feature, first, n; } groups[] = {
        { PAT_F_CAPTURE, P_CAPTURE, 4 }, { PAT_F_EXTEND, P_EXTEND, 5 },
        { PAT_F_ATARI, P_ATARI, 3 }, { PAT_F_SELFATARI, P_SELF, 2 },
    };
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
        if (t->n_values[groups[i].feature] <= groups[i].n)
            return false;
    if (t->n_values[PAT_F_DIST1] <= (int)playout_bt_dist_value(BT_NEAR_D))
        return false;
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
        for (int v = 1; v <= groups[i].n; v++)
            t->gamma[groups[i].feature][v] = (float)exp(theta[groups[i].first + v - 1]);
    /* A factor of 1 is "not applied": the table's gamma stays, whatever it
     * is below the far level. */
    double base = playout_bt_far_base(t);
    for (int d = 2; d <= BT_NEAR_D; d++)
        if (theta[P_DIST + d - 2] > 0)
            t->gamma[PAT_F_DIST1][playout_bt_dist_value(d)] = (float)(base * exp(theta[P_DIST + d - 2]));
    return true;
}
