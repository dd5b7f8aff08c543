/* replies — the last-good-reply tables (see replies.h). */
#include "engine/replies.h"

#include <stdlib.h>
#include <string.h>

struct replies *replies_new(void)
{
    struct replies *r = malloc(sizeof *r);
    if (r)
        replies_clear(r);
    return r;
}

void replies_free(struct replies *r)
{
    free(r);
}

void replies_clear(struct replies *r)
{
    /* No worker runs while the table is cleared: plain stores will do. */
    memset((void *)r, 0, sizeof *r);
}

/* Stores or forgets `ans` in `slot`. */
static inline void update(_Atomic uint16_t *slot, uint16_t ans, int good)
{
    if (good)
        atomic_store_explicit(slot, ans, memory_order_relaxed);
    else if (atomic_load_explicit(slot, memory_order_relaxed) == ans)
        atomic_store_explicit(slot, 0, memory_order_relaxed);
}

void replies_learn(struct replies *r, point before2, point before,
                   const struct playout_move *seq, int n, enum color winner)
{
    if (n <= 0 || (winner != BLACK && winner != WHITE))
        return;
    /* The two moves before the current one and their colours (0 = none). */
    point p1 = before > 0 ? before : 0, p2 = before2 > 0 ? before2 : 0;
    int c1 = color_other((enum color)seq[0].color), c2 = seq[0].color;
    for (int i = 0; i < n; i++) {
        int c = seq[i].color;
        point p = seq[i].p;
        if (p > 0 && p1 > 0 && c1 != c) {
            int good = c == (int)winner;
            update(&r->one[c - 1][p1], (uint16_t)p, good);
            if (p2 > 0 && c2 == c)
                update(&r->two[c - 1][p2 * BOARD_MAX_POINTS + p1], (uint16_t)p, good);
        }
        p2 = p1;
        c2 = c1;
        p1 = p;
        c1 = c;
    }
}
