/* mg_sokoban.c — Sokoban solver: node arena, exact-key visited set, FIFO or A* frontier.
 *
 * Semantics pinned to the authors' engine: a pop counts even when the state was visited;
 * the win test comes first at a pop, then the visited test; children that leave the
 * player in place are dropped, as are pushes after which any crate is on a dead square. */
#include "tools/mapgen/mg_sokoban.h"

#include <stdlib.h>
#include <string.h>

#define CELLS (MG_SOKO_MAX_SIDE * MG_SOKO_MAX_SIDE)

typedef struct snode {
    int parent;
    int depth;
    int h;
    uint8_t player, move;
    uint8_t crates[MG_SOKO_MAX_CRATES];
} snode;

typedef struct heap_it {
    double f;
    int node;          /* arena index = generation order: FIFO on ties */
} heap_it;

struct mg_soko_ws {
    snode *nodes;
    size_t cap;
    heap_it *heap;
    size_t heap_cap;
    int *table;        /* visited: node indices, open addressing */
    uint32_t *stamp;   /* generation stamp per slot: clearing is O(1) */
    uint32_t gen;
    size_t tcap;
};

mg_soko_ws *mg_soko_ws_new(void)
{
    return calloc(1, sizeof(mg_soko_ws));
}

void mg_soko_ws_free(mg_soko_ws *ws)
{
    if (!ws)
        return;
    free(ws->nodes);
    free(ws->heap);
    free(ws->table);
    free(ws->stamp);
    free(ws);
}

static bool ws_reserve(mg_soko_ws *ws, size_t nodes)
{
    if (ws->cap < nodes) {
        snode *n = realloc(ws->nodes, nodes * sizeof *n);
        heap_it *hp = realloc(ws->heap, nodes * sizeof *hp);
        if (n)
            ws->nodes = n;
        if (hp)
            ws->heap = hp;
        if (!n || !hp)
            return false;
        ws->cap = ws->heap_cap = nodes;
    }
    size_t t = 1;
    while (t < 2 * nodes)
        t <<= 1;
    if (ws->tcap < t) {
        free(ws->table);
        free(ws->stamp);
        ws->table = malloc(t * sizeof(int));
        ws->stamp = calloc(t, sizeof(uint32_t));
        if (!ws->table || !ws->stamp)
            return false;
        ws->tcap = t;
        ws->gen = 0;
    }
    return true;
}

bool mg_soko_level_from_map(mg_soko_level *lv, const uint8_t *map, int w, int h)
{
    if (w + 2 > MG_SOKO_MAX_SIDE || h + 2 > MG_SOKO_MAX_SIDE || w < 1 || h < 1)
        return false;
    memset(lv, 0, sizeof *lv);
    lv->w = w + 2;
    lv->h = h + 2;
    int W = lv->w, players = 0;
    for (int y = 0; y < lv->h; y++)
        for (int x = 0; x < W; x++) {
            int c = y * W + x;
            if (x == 0 || y == 0 || x == W - 1 || y == lv->h - 1) {
                lv->wall[c] = 1;
                continue;
            }
            int t = map[(y - 1) * w + (x - 1)];
            if (t == 1)
                lv->wall[c] = 1;
            else if (t == 2) {
                lv->player = c;
                players++;
            } else if (t == 3) {
                if (lv->ncrates >= MG_SOKO_MAX_CRATES)
                    return false;
                lv->crates[lv->ncrates++] = (uint8_t)c;
            } else if (t == 4) {
                if (lv->ntargets >= MG_SOKO_MAX_CRATES)
                    return false;
                lv->targets[lv->ntargets++] = (uint8_t)c;
                lv->target[c] = 1;
            }
        }
    if (players != 1)
        return false;
    /* dead squares: corners (two orthogonal walls), then runs between two corners of a
     * row (column) whose every cell is free, not a target, and walled above or below
     * (left or right) */
    int corners[CELLS], nc = 0;
    for (int y = 1; y < lv->h - 1; y++)
        for (int x = 1; x < W - 1; x++) {
            int c = y * W + x;
            if (lv->wall[c] || lv->target[c])
                continue;
            bool up = lv->wall[c - W], down = lv->wall[c + W];
            bool left = lv->wall[c - 1], right = lv->wall[c + 1];
            if ((up || down) && (left || right)) {
                lv->dead[c] = 1;
                corners[nc++] = c;
            }
        }
    for (int i = 0; i < nc; i++)
        for (int j = 0; j < nc; j++) {
            int a = corners[i], b = corners[j];
            int ax = a % W, ay = a / W, bx = b % W, by = b / W;
            if (a == b || (ax != bx && ay != by))
                continue;
            int step = ay == by ? (bx > ax ? 1 : -1) : (by > ay ? W : -W);
            bool ok = true;
            for (int c = a + step; c != b; c += step) {
                bool side = ay == by ? (lv->wall[c - W] || lv->wall[c + W])
                                     : (lv->wall[c - 1] || lv->wall[c + 1]);
                if (lv->target[c] || lv->wall[c] || !side) {
                    ok = false;
                    break;
                }
            }
            if (ok)
                for (int c = a + step; c != b; c += step)
                    lv->dead[c] = 1;
        }
    return true;
}

int mg_soko_heuristic(const mg_soko_level *lv, const uint8_t *crates)
{
    /* each crate, in list order, takes the Manhattan-nearest remaining target (first on
     * ties) */
    uint8_t left[MG_SOKO_MAX_CRATES];
    int nl = lv->ntargets, W = lv->w, sum = 0;
    memcpy(left, lv->targets, (size_t)nl);
    for (int i = 0; i < lv->ncrates && nl > 0; i++) {
        int cx = crates[i] % W, cy = crates[i] / W;
        int best = 0, bd = W + lv->h;
        for (int k = 0; k < nl; k++) {
            int d = abs(cx - left[k] % W) + abs(cy - left[k] / W);
            if (d < bd) {
                bd = d;
                best = k;
            }
        }
        sum += abs(cx - left[best] % W) + abs(cy - left[best] / W);
        memmove(left + best, left + best + 1, (size_t)(nl - best - 1));
        nl--;
    }
    return sum;
}

static bool won(const mg_soko_level *lv, const snode *n)
{
    if (lv->ncrates != lv->ntargets || lv->ncrates == 0)
        return false;
    for (int t = 0; t < lv->ntargets; t++) {
        bool hit = false;
        for (int c = 0; c < lv->ncrates; c++)
            if (n->crates[c] == lv->targets[t]) {
                hit = true;
                break;
            }
        if (!hit)
            return false;
    }
    return true;
}

static uint64_t key_hash(const snode *n, int nc)
{
    uint64_t h = 0xcbf29ce484222325ull ^ n->player;
    h *= 0x100000001b3ull;
    for (int i = 0; i < nc; i++) {
        h ^= n->crates[i];
        h *= 0x100000001b3ull;
    }
    return h ^ (h >> 29);
}

static bool same_key(const snode *a, const snode *b, int nc)
{
    return a->player == b->player && memcmp(a->crates, b->crates, (size_t)nc) == 0;
}

/* Insert node i into the visited set; false if an equal key is there already. */
static bool visit(mg_soko_ws *ws, int i, int nc)
{
    const snode *n = &ws->nodes[i];
    size_t mask = ws->tcap - 1;
    for (size_t s = key_hash(n, nc) & mask;; s = (s + 1) & mask) {
        if (ws->stamp[s] != ws->gen) {
            ws->stamp[s] = ws->gen;
            ws->table[s] = i;
            return true;
        }
        if (same_key(&ws->nodes[ws->table[s]], n, nc))
            return false;
    }
}

static void heap_push(mg_soko_ws *ws, size_t *count, heap_it it)
{
    size_t i = (*count)++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        heap_it *q = &ws->heap[p];
        if (q->f < it.f || (q->f == it.f && q->node < it.node))
            break;
        ws->heap[i] = *q;
        i = p;
    }
    ws->heap[i] = it;
}

static int heap_pop(mg_soko_ws *ws, size_t *count)
{
    int top = ws->heap[0].node;
    heap_it last = ws->heap[--(*count)];
    size_t i = 0, n = *count;
    for (;;) {
        size_t l = 2 * i + 1, b = i;
        heap_it cur = last;
        if (l < n && (ws->heap[l].f < cur.f ||
                      (ws->heap[l].f == cur.f && ws->heap[l].node < cur.node))) {
            b = l;
            cur = ws->heap[l];
        }
        if (l + 1 < n && (ws->heap[l + 1].f < cur.f ||
                          (ws->heap[l + 1].f == cur.f && ws->heap[l + 1].node < cur.node)))
            b = l + 1;
        if (b == i)
            break;
        ws->heap[i] = ws->heap[b];
        i = b;
    }
    if (n > 0)
        ws->heap[i] = last;
    return top;
}

static const int DX[4] = {-1, 1, 0, 0}, DY[4] = {0, 0, -1, 1};
static const char MOVE_CH[4] = {'L', 'R', 'U', 'D'};

/* One search: beta < 0 = BFS.  Returns the won node or −1; *best = min-h node (ties:
 * smaller depth). */
static int run_search(const mg_soko_level *lv, double beta, long pops, mg_soko_ws *ws,
                      long *npops, int *best)
{
    int nc = lv->ncrates, W = lv->w;
    ws->gen++;
    if (ws->gen == 0) {   /* stamps wrapped: clear once */
        memset(ws->stamp, 0, ws->tcap * sizeof(uint32_t));
        ws->gen = 1;
    }
    size_t n_nodes = 0, head = 0, hcount = 0;
    snode *root = &ws->nodes[n_nodes++];
    root->parent = -1;
    root->depth = 0;
    root->player = (uint8_t)lv->player;
    root->move = 0;
    memcpy(root->crates, lv->crates, (size_t)nc);
    root->h = mg_soko_heuristic(lv, root->crates);
    if (beta >= 0)
        heap_push(ws, &hcount, (heap_it){(double)root->h, 0});
    *best = -1;
    *npops = 0;
    while (*npops < pops) {
        int cur;
        if (beta < 0) {
            if (head >= n_nodes)
                break;
            cur = (int)head++;
        } else {
            if (hcount == 0)
                break;
            cur = heap_pop(ws, &hcount);
        }
        (*npops)++;
        if (won(lv, &ws->nodes[cur]))
            return cur;
        if (!visit(ws, cur, nc))
            continue;
        const snode *cn = &ws->nodes[cur];
        if (*best < 0 || cn->h < ws->nodes[*best].h ||
            (cn->h == ws->nodes[*best].h && cn->depth < ws->nodes[*best].depth))
            *best = cur;
        uint8_t occ[CELLS];
        memset(occ, 0, (size_t)(W * lv->h));
        for (int i = 0; i < nc; i++)
            occ[cn->crates[i]] = (uint8_t)(i + 1);
        for (int d = 0; d < 4; d++) {
            int p = cn->player, np = p + DX[d] + DY[d] * W;
            if (lv->wall[np])
                continue;   /* the player would stay in place */
            int pushed = -1, nb = 0;
            if (occ[np]) {
                nb = np + DX[d] + DY[d] * W;
                if (lv->wall[nb] || occ[nb])
                    continue;
                pushed = occ[np] - 1;
            }
            snode *ch = &ws->nodes[n_nodes];
            cn = &ws->nodes[cur];
            *ch = *cn;
            ch->parent = cur;
            ch->depth = cn->depth + 1;
            ch->player = (uint8_t)np;
            ch->move = (uint8_t)d;
            if (pushed >= 0) {
                ch->crates[pushed] = (uint8_t)nb;
                bool dead = false;
                for (int i = 0; i < nc; i++)
                    if (lv->dead[ch->crates[i]])
                        dead = true;
                if (dead)
                    continue;
                ch->h = mg_soko_heuristic(lv, ch->crates);
            }
            if (beta >= 0)
                heap_push(ws, &hcount, (heap_it){ch->h + beta * ch->depth, (int)n_nodes});
            n_nodes++;
        }
    }
    return -1;
}

void mg_soko_solve(const mg_soko_level *lv, long pops, mg_soko_ws *ws, mg_soko_result *out)
{
    memset(out, 0, sizeof *out);
    out->stage = -1;
    if (!ws_reserve(ws, (size_t)pops * 4 + 1)) {
        out->dist_win = -1;
        return;
    }
    static const double betas[4] = {-1, 1, 0.5, 0};
    for (int s = 0; s < 4; s++) {
        long np;
        int best;
        int win = run_search(lv, betas[s], pops, ws, &np, &best);
        out->pops = np;
        out->pops_total += np;
        if (win >= 0) {
            out->solved = true;
            out->stage = s;
            int len = ws->nodes[win].depth;
            out->length = len;
            int k = len < MG_SOKO_MAX_MOVES ? len : MG_SOKO_MAX_MOVES;
            out->moves[k] = 0;
            for (int i = win; ws->nodes[i].parent >= 0; i = ws->nodes[i].parent) {
                int pos = ws->nodes[i].depth - 1;
                if (pos < k)
                    out->moves[pos] = MOVE_CH[ws->nodes[i].move];
            }
            out->dist_win = 0;
            return;
        }
        out->dist_win = best >= 0 ? ws->nodes[best].h : 0;
    }
}
