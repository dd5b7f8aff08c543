/* search_ownership — who owns each point at the end of the playouts, and the
 * dead stones that follows from it (final_score, final_status_list). */
#include "engine/search_internal.h"

#include <string.h>

/* Playouts for an ownership estimate when the last search did not look at
 * this position; a second or so at light-playout speed on 19x19. */
#define OWN_PLAYOUTS 5000
#define OWN_SECONDS 3.0

void search_own_reset(struct search *s)
{
    for (int i = 0; i < s->n_threads; i++) {
        struct search_thread *t = &s->th[i];
        for (int p = 0; p < BOARD_MAX_POINTS; p++) {
            atomic_store_explicit(&t->own_black[p], 0, memory_order_relaxed);
            atomic_store_explicit(&t->own_white[p], 0, memory_order_relaxed);
        }
        atomic_store_explicit(&t->own_n, 0, memory_order_relaxed);
        atomic_store_explicit(&t->score_sum2, 0, memory_order_relaxed);
    }
}

uint32_t search_own_merge(struct search *s, float *own)
{
    uint32_t n = 0;
    for (int i = 0; i < s->n_threads; i++)
        n += atomic_load_explicit(&s->th[i].own_n, memory_order_relaxed);
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        int64_t d = 0;
        for (int i = 0; i < s->n_threads; i++)
            d += (int64_t)atomic_load_explicit(&s->th[i].own_black[p], memory_order_relaxed) -
                 (int64_t)atomic_load_explicit(&s->th[i].own_white[p], memory_order_relaxed);
        own[p] = n ? (float)((double)d / n) : 0.0f;
        /* Counters are read one by one while workers run: clamp the skew. */
        if (own[p] > 1)
            own[p] = 1;
        if (own[p] < -1)
            own[p] = -1;
    }
    return n;
}

/* Runs a search of `g` (side to move) for ownership only. */
static void own_search(struct search *s, const struct game *g, int playouts)
{
    search_analyze_stop(s);
    search_prepare(s, g, game_to_move(g));
    if (s->root_board.passes) {
        /* Ownership asks what happens if play goes on: a pass now must not
         * end the game with the dead stones still on the board. This tree
         * answers another question than genmove's, so it is not reused. */
        s->root_board.passes = 0;
        tree_clear(&s->tree, game_to_move(g));
        search_expand(s, tree_root(&s->tree), &s->root_board, game_to_move(g), true);
    }
    s->job.light_playouts = true;
    s->job.max_playouts = playouts > 0 ? playouts : OWN_PLAYOUTS;
    s->job.hard = OWN_SECONDS;
    s->job.soft = 0;
    search_run(s);
    s->have_root = false;
}

void search_ownership(struct search *s, const struct game *g, int playouts, float *own)
{
    own_search(s, g, playouts);
    search_own_merge(s, own);
    memcpy(s->own_cache, own, sizeof s->own_cache);
    s->own_cache_hash = g->board.hash;
    s->own_cache_moves = g->n_moves;
    s->own_cache_size = g->board.size;
    s->own_cache_valid = true;
}

int search_dead_stones(struct search *s, const struct game *g, uint8_t *dead)
{
    float own[BOARD_MAX_POINTS];
    /* An ownership search of exactly this position may have run already. */
    if (s->own_cache_valid && s->own_cache_hash == g->board.hash &&
        s->own_cache_moves == g->n_moves && s->own_cache_size == g->board.size)
        memcpy(own, s->own_cache, sizeof own);
    else
        search_ownership(s, g, OWN_PLAYOUTS, own);
    const struct board *b = &g->board;
    memset(dead, 0, (size_t)b->geom->points);
    /* Ownership is P(Black) - P(White); a Black stone is dead when White's
     * share beats Black's by the margin the threshold implies (2 t - 1; at
     * t = 0.5 a plain majority), mirrored for White. A majority rule, not a
     * high bar: positions scored before every group has two eyes leave light
     * playouts unsure, and a lone stone deep in enemy area often owns its
     * point in only 40% of them while the area's owner has 60%. */
    double thr = 2 * s->p.dead_threshold - 1;
    int n = 0;
    for (int p = 0; p < b->geom->points; p++) {
        if (b->color[p] != BLACK && b->color[p] != WHITE)
            continue;
        double o = b->color[p] == BLACK ? own[p] : -own[p];
        if (o < -thr) {
            dead[p] = 1;
            n++;
        }
    }
    return n;
}
