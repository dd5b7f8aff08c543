/* mg_stats.c — the statistics of a map for each problem (Bhaumik et al. 2020, after PCGRL). */
#include "tools/mapgen/mg_problem.h"
#include "tools/mapgen/mg_sokoban.h"

#include <string.h>

#define BIT(t) (1u << (t))
#define SOKO_POPS 5000

static void binary_stats(const mg_problem *p, const uint8_t *map, mg_stats *s)
{
    s->v[0] = mg_regions(map, p->w, p->h, BIT(0));
    s->v[1] = mg_longest(map, p->w, p->h, BIT(0));
}

static void zelda_stats(const mg_problem *p, const uint8_t *map, mg_stats *s)
{
    int n = p->w * p->h, player = 0, key = 0, door = 0, enemies = 0;
    int ppos = -1, kpos = -1, dpos = -1;
    for (int i = 0; i < n; i++) {
        switch (map[i]) {
        case 2: player++; ppos = i; break;
        case 3: key++; kpos = i; break;
        case 4: door++; dpos = i; break;
        case 5: case 6: case 7: enemies++; break;
        default: break;
        }
    }
    unsigned passable = BIT(0) | BIT(2) | BIT(3) | BIT(5) | BIT(6) | BIT(7);
    int regions = mg_regions(map, p->w, p->h, passable);
    int nearest = 0, path = 0;
    if (player == 1 && regions == 1) {
        if (enemies > 0) {
            /* key and door block this BFS */
            unsigned set = BIT(0) | BIT(2) | BIT(5) | BIT(6) | BIT(7);
            int best = -1, dist[MG_MAX_CELLS];
            mg_distances(map, p->w, p->h, set, ppos, dist);
            for (int i = 0; i < n; i++) {
                if (map[i] < 5)
                    continue;
                int d = dist[i];
                if (d > 0 && (best < 0 || d < best))
                    best = d;
            }
            nearest = best < 0 ? n : best;
        }
        if (key == 1 && door == 1) {
            int a = mg_dist(map, p->w, p->h, passable, ppos, kpos);
            int b = mg_dist(map, p->w, p->h, passable | BIT(4), kpos, dpos);
            path = a + b;   /* an unreachable leg adds −1, as in the code */
        }
    }
    s->v[0] = player;
    s->v[1] = key;
    s->v[2] = door;
    s->v[3] = enemies;
    s->v[4] = regions;
    s->v[5] = nearest;
    s->v[6] = path;
}

static void sokoban_stats(const mg_problem *p, const uint8_t *map, mg_stats *s,
                          mg_soko_ws *ws)
{
    int n = p->w * p->h, player = 0, crate = 0, target = 0;
    for (int i = 0; i < n; i++) {
        player += map[i] == 2;
        crate += map[i] == 3;
        target += map[i] == 4;
    }
    int regions = mg_regions(map, p->w, p->h, BIT(0) | BIT(2) | BIT(3) | BIT(4));
    int dist_win = p->w * p->h * (p->w + p->h), sol = 0;
    if (player == 1 && crate == target && crate > 0 && regions == 1) {
        mg_soko_level lv;
        mg_soko_result r;
        if (mg_soko_level_from_map(&lv, map, p->w, p->h)) {
            mg_soko_ws *own = ws ? NULL : mg_soko_ws_new();
            mg_soko_solve(&lv, SOKO_POPS, ws ? ws : own, &r);
            mg_soko_ws_free(own);
            dist_win = r.dist_win;
            sol = r.length;
        }
    }
    s->v[0] = player;
    s->v[1] = crate;
    s->v[2] = target;
    s->v[3] = regions;
    s->v[4] = crate > target ? crate - target : target - crate;
    s->v[5] = dist_win;
    s->v[6] = sol;
}

void mg_stats_compute_ws(const mg_problem *p, const uint8_t *map, mg_stats *out,
                         mg_soko_ws *ws)
{
    memset(out, 0, sizeof *out);
    switch (p->id) {
    case MG_BINARY: binary_stats(p, map, out); break;
    case MG_ZELDA: zelda_stats(p, map, out); break;
    case MG_SOKOBAN: sokoban_stats(p, map, out, ws); break;
    default: break;
    }
}

void mg_stats_compute(const mg_problem *p, const uint8_t *map, mg_stats *out)
{
    mg_stats_compute_ws(p, map, out, NULL);
}

int mg_edits_to_goal(const mg_problem *p, mg_targets t, const uint8_t *map, mg_soko_ws *ws)
{
    mg_stats ref, s;
    mg_stats_compute_ws(p, map, &ref, ws);
    if (mg_goal(p, t, &ref, &ref))
        return 0;
    uint8_t m[MG_MAX_CELLS];
    int n = p->w * p->h;
    memcpy(m, map, (size_t)n);
    for (int cell = 0; cell < n; cell++) {
        for (int v = 0; v < p->ntiles; v++) {
            if (v == map[cell])
                continue;   /* no change: the same map */
            m[cell] = (uint8_t)v;
            mg_stats_compute_ws(p, m, &s, ws);
            if (mg_goal(p, t, &s, &ref))
                return 1;
        }
        m[cell] = map[cell];
    }
    return 2;
}
