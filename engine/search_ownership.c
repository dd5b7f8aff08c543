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

/* Playouts counted by all workers. */
static uint32_t own_total(struct search *s)
{
    uint32_t n = 0;
    for (int i = 0; i < s->n_threads; i++)
        n += atomic_load_explicit(&s->th[i].own_n, memory_order_relaxed);
    return n;
}

/* Playouts that ended with `p` Black's and White's, over all workers. */
static void own_point(struct search *s, int p, uint64_t *black, uint64_t *white)
{
    *black = *white = 0;
    for (int i = 0; i < s->n_threads; i++) {
        *black += atomic_load_explicit(&s->th[i].own_black[p], memory_order_relaxed);
        *white += atomic_load_explicit(&s->th[i].own_white[p], memory_order_relaxed);
    }
}

uint32_t search_own_merge(struct search *s, float *own)
{
    uint32_t n = own_total(s);
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        uint64_t black, white;
        own_point(s, p, &black, &white);
        own[p] = n ? (float)(((double)black - (double)white) / n) : 0.0f;
        /* Counters are read one by one while workers run: clamp the skew. */
        if (own[p] > 1)
            own[p] = 1;
        if (own[p] < -1)
            own[p] = -1;
    }
    return n;
}

/* The share of the playouts that ended with `p` owned by neither colour
 * (dame), by point; called when no worker runs. */
static void own_neutral(struct search *s, float *neutral)
{
    uint32_t n = own_total(s);
    for (int p = 0; p < BOARD_MAX_POINTS; p++) {
        uint64_t black, white;
        own_point(s, p, &black, &white);
        neutral[p] = n && black + white < n ? (float)((double)(n - black - white) / n) : 0.0f;
    }
}

/* Runs a search of `g` (side to move) for ownership only. */
static void own_search(struct search *s, const struct game *g, int playouts)
{
    search_analyze_stop(s);
    search_prepare(s, g, game_to_move(g));
    /* This tree answers another question than genmove's: it is not reused,
     * and its root is expanded again by the ownership search's own rules. */
    s->job.light_playouts = true;
    s->job.score_weight = 0;    /* its results decide no move: no margin there */
    /* Ownership asks what happens if play goes on: a pass now must not end
     * the game with the dead stones still on the board. */
    s->root_board.passes = 0;
    tree_clear(&s->tree, game_to_move(g));
    search_expand(s, tree_root(&s->tree), &s->root_board, game_to_move(g), true);
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
    own_neutral(s, s->neutral_cache);
    s->own_cache_hash = g->board.hash;
    s->own_cache_moves = g->n_moves;
    s->own_cache_size = g->board.size;
    s->own_cache_valid = true;
}

/* Gives every stone of the string at `p` the status `status`. */
static void mark_string(const struct board *b, point p, uint8_t *out, uint8_t status)
{
    point q = p;
    do {
        out[q] = status;
        q = b->next_stone[q];
    } while (q != p && q != 0);
}

/* Is the empty point `p` a liberty of a seki: next to living stones of both
 * colours, and one that either side would fill only by putting its own
 * stones in atari? The seki-safe playouts (playout.h) leave such a point
 * empty when the strings are large (`neutral`, the share of playouts that
 * left `p` to nobody); a seki of smaller strings they break, in one playout
 * one side and in the next the other, so that both stay alive on average
 * and the point is found by the self-atari test instead. Dame between
 * groups with liberties to spare is filled by someone in nearly every
 * playout and is neither. */
static bool is_seki_liberty(const struct board *b, point p, float neutral, const uint8_t *status)
{
    bool side[3] = {false, false, false};
    for (int i = 0; i < 4; i++) {
        point q = p + b->geom->offs[i];
        if ((b->color[q] == BLACK || b->color[q] == WHITE) && status[q] != STONE_DEAD)
            side[b->color[q]] = true;
    }
    /* The cheap test first: most empty points touch one colour or none. */
    if (!side[BLACK] || !side[WHITE])
        return false;
    return neutral >= 0.5f || (board_is_self_atari(b, BLACK, p) && board_is_self_atari(b, WHITE, p));
}

/* The colour of every stone next to the empty point `p` when they are all
 * of one colour and `p` has no empty neighbour (a one-point eye), else
 * EMPTY. */
static enum color one_point_eye_of(const struct board *b, point p)
{
    int c = EMPTY;
    for (int i = 0; i < 4; i++) {
        int nc = b->color[p + b->geom->offs[i]];
        if (nc == OFFBOARD)
            continue;
        if (nc == EMPTY || (c != EMPTY && nc != c))
            return EMPTY;
        c = nc;
    }
    return (enum color)c;
}

/* Marks STONE_SEKI on the living strings next to a seki liberty, then on
 * the living strings that share a one-point eye with a string in seki: a
 * seki is a matter of groups, and a string joined to one by an eye lives
 * or dies with it (GNU Go lists such strings too). */
static void mark_seki(const struct board *b, const float *neutral, uint8_t *status)
{
    const int *o = b->geom->offs;
    for (int p = 0; p < b->geom->points; p++) {
        if (b->color[p] != EMPTY || !is_seki_liberty(b, p, neutral[p], status))
            continue;
        for (int i = 0; i < 4; i++) {
            point q = p + o[i];
            if ((b->color[q] == BLACK || b->color[q] == WHITE) && status[q] == STONE_ALIVE)
                mark_string(b, q, status, STONE_SEKI);
        }
    }
    for (bool grew = true; grew;) {
        grew = false;
        for (int p = 0; p < b->geom->points; p++) {
            if (b->color[p] != EMPTY || one_point_eye_of(b, p) == EMPTY)
                continue;
            bool seki = false, alive = false;
            for (int i = 0; i < 4; i++) {
                seki |= status[p + o[i]] == STONE_SEKI;
                alive |= status[p + o[i]] == STONE_ALIVE;
            }
            if (!seki || !alive)
                continue;
            for (int i = 0; i < 4; i++)
                if (status[p + o[i]] == STONE_ALIVE)
                    mark_string(b, p + o[i], status, STONE_SEKI);
            grew = true;
        }
    }
}

int search_final_status(struct search *s, const struct game *g, uint8_t *status)
{
    /* An ownership search of exactly this position may have run already. */
    if (!(s->own_cache_valid && s->own_cache_hash == g->board.hash &&
          s->own_cache_moves == g->n_moves && s->own_cache_size == g->board.size)) {
        float own[BOARD_MAX_POINTS];
        search_ownership(s, g, OWN_PLAYOUTS, own);
    }
    const float *own = s->own_cache, *neutral = s->neutral_cache;
    const struct board *b = &g->board;
    memset(status, STONE_NONE, (size_t)b->geom->points);
    int n_dead = 0;
    for (int p = 0; p < b->geom->points; p++) {
        if (b->color[p] != BLACK && b->color[p] != WHITE)
            continue;
        bool dead = search_own_dead(s, b->color[p], own[p]);
        status[p] = dead ? STONE_DEAD : STONE_ALIVE;
        n_dead += dead;
    }
    mark_seki(b, neutral, status);
    return n_dead;
}
