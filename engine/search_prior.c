/* search_prior — BT probabilities of a node's moves and their order. */
#include "engine/search_prior.h"

#include <stdlib.h>

#include "patterns/features.h"
#include "patterns/gammas.h"

struct ranked {
    double strength;
    point move;
    uint8_t hint;
};

static int by_strength(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->strength != y->strength)
        return x->strength < y->strength ? 1 : -1;
    return (x->move > y->move) - (x->move < y->move);
}

void search_prior_rank(const struct pat_gammas *g, const struct board *b, enum color c,
                       point *moves, float *priors, uint8_t *hints, int n)
{
    if (n <= 0)
        return;
    struct pat_opts o;
    pat_gammas_opts(g, &o);
    struct ranked r[BOARD_MAX_POINTS + 1];
    double sum = 0;
    for (int i = 0; i < n; i++) {
        r[i].move = moves[i];
        r[i].hint = hints ? hints[i] : 128;
        r[i].strength = pat_gammas_strength(g, pat_move_features(b, c, moves[i], &o));
        sum += r[i].strength;
    }
    qsort(r, (size_t)n, sizeof r[0], by_strength);
    for (int i = 0; i < n; i++) {
        moves[i] = r[i].move;
        priors[i] = sum > 0 ? (float)(r[i].strength / sum) : 1.0f / (float)n;
        if (hints)
            hints[i] = r[i].hint;
    }
}
