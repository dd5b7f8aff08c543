/* cmd_score — final_score and final_status_list from the searcher's stone
 * status (playout ownership). */
#include <string.h>
#include <strings.h>

#include "gtp/gtp_internal.h"

void gtp_print_strings(struct gtp *g, const uint8_t *mark)
{
    const struct board *b = &g->game.board;
    uint8_t done[BOARD_MAX_POINTS] = {0};
    char v[8];
    for (int y = b->size - 1; y >= 0; y--)
        for (int x = 0; x < b->size; x++) {
            point p = board_point(b, x, y);
            if (!mark[p] || done[p] || b->color[p] == EMPTY)
                continue;
            /* One line per string: walk its circular stone list. */
            bool first = true;
            point s = p;
            do {
                if (mark[s] && !done[s]) {
                    gtp_printf(g, "%s%s", first ? "" : " ", gtp_vertex_str(b, s, v));
                    first = false;
                }
                done[s] = 1;
                s = b->next_stone[s];
            } while (s != p && s != 0);
            gtp_printf(g, "\n");
        }
}

enum gtp_status gtp_cmd_final_score(struct gtp *g, struct gtp_cmd *c)
{
    uint8_t dead[BOARD_MAX_POINTS] = {0};
    if (gtp_heavy_allowed(g)) {
        search_final_status(g->search, &g->game, dead);
        for (int p = 0; p < BOARD_MAX_POINTS; p++)
            dead[p] = dead[p] == STONE_DEAD;
    }
    double s = game_score(&g->game, dead);
    if (s > 0)
        gtp_printf(g, "B+%g", s);
    else if (s < 0)
        gtp_printf(g, "W+%g", -s);
    else
        gtp_printf(g, "0");
    return GTP_OK;
}

enum gtp_status gtp_cmd_final_status_list(struct gtp *g, struct gtp_cmd *c)
{
    const char *what = c->argv[0];
    if (strcasecmp(what, "alive") && strcasecmp(what, "dead") && strcasecmp(what, "seki")) {
        char q[200];
        gtp_quote(q, sizeof q, what, 40);
        return gtp_fail(g, "syntax error: expected alive, dead or seki, got '%s'", q);
    }
    const struct board *b = &g->game.board;
    uint8_t status[BOARD_MAX_POINTS] = {0};
    if (gtp_heavy_allowed(g))
        search_final_status(g->search, &g->game, status);
    else
        /* No search allowed (gtp_heavy_allowed says when): all alive. */
        for (int p = 0; p < b->geom->points; p++)
            status[p] = board_on(b, p) && b->color[p] != EMPTY ? STONE_ALIVE : STONE_NONE;
    uint8_t want = !strcasecmp(what, "dead") ? STONE_DEAD
                   : !strcasecmp(what, "seki") ? STONE_SEKI : STONE_ALIVE;
    uint8_t mark[BOARD_MAX_POINTS] = {0};
    for (int p = 0; p < b->geom->points; p++)
        mark[p] = board_on(b, p) && b->color[p] != EMPTY && status[p] == want;
    gtp_print_strings(g, mark);
    return GTP_OK;
}
