/* features — the tactical and distance features of a move, and the packing. */
#include "patterns/features.h"

#include <stdlib.h>
#include <string.h>

/*                  pass cap ext atari self d1 d2 edge libs near pat3 large d3 d4 area weak reach stage */
/* pat3 needs 13 bits (7,455 classes + absent); large patterns get 17, as their
 * dictionary grows with the training data. The first 64 bits keep the layout of
 * the 64-bit vector; the newer features follow. */
const uint8_t pat_bits[PAT_NFEAT]  = { 2, 3, 3, 2, 2, 4, 4, 2, 7, 5, 13, 17, 4, 4, 5, 5, 7, 5 };
const uint8_t pat_shift[PAT_NFEAT] = { 0, 2, 5, 8, 10, 12, 16, 20, 22, 29, 34, 47, 64, 68, 72, 77, 82, 89 };
const char *const pat_feature_name[PAT_NFEAT] = {
    "pass", "capture", "extend", "atari", "selfatari",
    "dist1", "dist2", "edge", "libs", "near", "pat3", "large",
    "dist3", "dist4", "area", "weak", "reach", "stage",
};
static const int fixed_nvalues[PAT_NFEAT] = { 3, 5, 6, 4, 3, 16, 16, 4, 101, 26, 0, 0,
                                              16, 16, 26, 26, 65, 31 };

int pat_feature_nvalues(enum pat_feature f)
{
    if (f == PAT_F_PAT3)
        return pat3_classes() + 1;
    if (f == PAT_F_LARGE)
        return (int)PAT_LARGE_MAX + 1;
    return fixed_nvalues[f];
}

void pat_init(void)
{
    board_init();
    pat3_init();
    (void)pat_large_fingerprint();
}

int pat_distance(const struct board *b, point a, point c)
{
    int dx = abs(board_x(b, a) - board_x(b, c));
    int dy = abs(board_y(b, a) - board_y(b, c));
    return dx + dy + (dx > dy ? dx : dy);
}

static unsigned dist_value(const struct board *b, point p, point prev)
{
    if (prev <= 0)
        return 0;
    int d = pat_distance(b, p, prev);
    /* d = 0 happens for the move before last: its stone may have been captured */
    return d >= 16 ? 15u : d < 2 ? 1u : (unsigned)(d - 1);
}

/* The distance maps: dist[c][p] for every point p of the board. */
static void fill_dist(uint8_t dist[3][BOARD_MAX_POINTS], const struct board *b)
{
    int size = b->size;
    for (int c = BLACK; c <= WHITE; c++) {
        uint8_t *d = dist[c];
        /* An L1 distance transform: each pass carries distances along the
         * two directions it walks; together they cover all four. */
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                point p = board_point(b, x, y);
                unsigned v = b->color[p] == c ? 0 : PAT_REACH_FAR;
                if (x > 0 && d[board_point(b, x - 1, y)] + 1u < v)
                    v = d[board_point(b, x - 1, y)] + 1u;
                if (y > 0 && d[board_point(b, x, y - 1)] + 1u < v)
                    v = d[board_point(b, x, y - 1)] + 1u;
                d[p] = (uint8_t)v;
            }
        for (int y = size - 1; y >= 0; y--)
            for (int x = size - 1; x >= 0; x--) {
                point p = board_point(b, x, y);
                unsigned v = d[p];
                if (x < size - 1 && d[board_point(b, x + 1, y)] + 1u < v)
                    v = d[board_point(b, x + 1, y)] + 1u;
                if (y < size - 1 && d[board_point(b, x, y + 1)] + 1u < v)
                    v = d[board_point(b, x, y + 1)] + 1u;
                d[p] = (uint8_t)v;
            }
    }
}

/* The points within Manhattan distance 2 of a point, itself left out: the
 * neighbourhood of the `weak` feature. */
static const signed char weak_dx[12] = { 0, 1, 0, -1, 0, 2, 0, -2, 1, 1, -1, -1 };
static const signed char weak_dy[12] = { 1, 0, -1, 0, 2, 0, -2, 0, 1, -1, 1, -1 };

void pat_maps_init(struct pat_maps *m, const struct board *b)
{
    fill_dist(m->dist, b);
    int size = b->size;
    memset(m->weak, 0, sizeof m->weak);
    memset(m->stones, 0, sizeof m->stones);
    memset(m->near, 0, sizeof m->near);
    for (int y = 0; y < size; y++) {
        uint16_t *row = m->near[y + PAT_NEAR_PAD];
        unsigned n2 = 0;    /* Black's stones so far in the low byte, White's in the high */
        for (int x = 0; x < size; x++) {
            point q = board_point(b, x, y);
            uint8_t qc = b->color[q];
            n2 += (unsigned)(qc == BLACK) | (unsigned)(qc == WHITE) << 8;
            row[x + PAT_NEAR_PAD + 1] = (uint16_t)n2;
            if (qc != BLACK && qc != WHITE)
                continue;
            m->stones[(y + PAT_LARGE_REACH) * PAT_MAPS_STRIDE + x + PAT_LARGE_REACH] = qc;
            /* The stone's string is within distance 2 of these points (the
             * neighbourhood is symmetric). */
            unsigned l = b->str[b->sid[q]].libs;
            uint8_t lv = (uint8_t)(l > 4 ? 4 : l);
            for (int k = 0; k < 12; k++) {
                int xx = x + weak_dx[k], yy = y + weak_dy[k];
                if (xx < 0 || yy < 0 || xx >= size || yy >= size)
                    continue;
                uint8_t *w = &m->weak[qc][board_point(b, xx, yy)];
                if (*w == 0 || lv < *w)
                    *w = lv;
            }
        }
        for (int j = size + PAT_NEAR_PAD + 1; j <= size + 2 * PAT_NEAR_PAD; j++)
            row[j] = (uint16_t)n2;
    }
}

/* Does a move rated with `o` read the position's maps? */
static bool reads_maps(const struct pat_opts *o)
{
    unsigned off = o ? o->disabled : 0;
    unsigned mapped = 1u << PAT_F_AREA | 1u << PAT_F_REACH | 1u << PAT_F_WEAK | 1u << PAT_F_NEAR;
    return (~off & mapped) || (o && o->large_lookup && !(off & 1u << PAT_F_LARGE));
}

void pat_move_values(const struct board *b, enum color c, point p, const struct pat_opts *o,
                     unsigned out[PAT_NFEAT])
{
    unsigned off = o ? o->disabled : 0;
    if (p == PASS) {
        for (int f = 0; f < PAT_NFEAT; f++)
            out[f] = 0;
        if (!(off & 1u << PAT_F_PASS))
            out[PAT_F_PASS] = b->last_move == PASS ? 2 : 1;
        return;
    }
    const int *offs = b->geom->offs;
    enum color them = color_other(c);
    point last = b->last_move;

    uint16_t own_sid[4], opp_sid[4];
    point own_at[4], opp_at[4];
    int n_own = 0, n_opp = 0;
    for (int i = 0; i < 4; i++) {
        point q = p + offs[i];
        uint8_t qc = b->color[q];
        uint16_t s = b->sid[q];
        if (qc == c || qc == them) {
            uint16_t *ids = qc == c ? own_sid : opp_sid;
            point *at = qc == c ? own_at : opp_at;
            int *n = qc == c ? &n_own : &n_opp;
            int j = 0;
            while (j < *n && ids[j] != s)
                j++;
            if (j == *n) {
                ids[*n] = s;
                at[(*n)++] = q;
            }
        }
    }

    /* Captures, and atari on the opponent. */
    unsigned capture = 0, atari = 0;
    bool last_adjacent = false;
    for (int i = 0; i < 4; i++)
        if (last > 0 && p + offs[i] == last)
            last_adjacent = true;
    for (int j = 0; j < n_opp; j++) {
        unsigned libs = b->str[opp_sid[j]].libs;
        if (libs == 1) {
            unsigned val = 4;
            if (board_string_touches_atari(b, opp_at[j]))
                val = 1;
            else if (last > 0 && b->color[last] == them && b->sid[last] == opp_sid[j])
                val = 2;
            else if (last_adjacent)
                val = 3;
            if (capture == 0 || val < capture)
                capture = val;
        } else if (libs == 2) {
            unsigned val = b->ko ? 2 : 3;
            if (!(o && o->no_ladder) && pat_ladder_atari_works(b, c, p, opp_at[j]))
                val = 1;
            if (atari == 0 || val < atari)
                atari = val;
        }
    }

    /* Liberties of the string the move makes (exact without captures; with
     * captures only the captured neighbours are added, which is enough to tell
     * 1, 2 and "3 or more" apart in the cases the features use). */
    point libset[16];
    int n_libs = 0;     /* counted up to 4 ("four or more") */
    int stones = 1;
    unsigned own_min = 0, opp_min = 0;   /* fewest liberties of a neighbour, 4 = 4+ */
    for (int i = 0; i < 4; i++) {
        point q = p + offs[i];
        if (b->color[q] == EMPTY)
            board_point_set_add(libset, &n_libs, q);
        else if (b->color[q] == them && b->str[b->sid[q]].libs == 1)
            board_point_set_add(libset, &n_libs, q);
    }
    for (int j = 0; j < n_opp; j++) {
        unsigned l = b->str[opp_sid[j]].libs;
        l = l > 4 ? 4 : l;
        if (opp_min == 0 || l < opp_min)
            opp_min = l;
    }
    for (int j = 0; j < n_own; j++) {
        const struct board_string *st = &b->str[own_sid[j]];
        stones += st->stones;
        unsigned ol = st->libs > 4 ? 4 : st->libs;
        if (own_min == 0 || ol < own_min)
            own_min = ol;
        if (n_libs >= 4)
            continue;
        if (st->libs > 4) {
            n_libs = 4;
            continue;
        }
        point l[4];
        int k = board_string_libs(b, own_at[j], l, 4);
        for (int m = 0; m < k && n_libs < 4; m++)
            if (l[m] != p)
                board_point_set_add(libset, &n_libs, l[m]);
    }
    if (n_libs > 4)
        n_libs = 4;

    unsigned extend = 0, selfatari = 0;
    if (capture == 0 && n_libs <= 1)
        selfatari = stones <= 2 ? 1 : 2;
    if (selfatari && stones == 1 && !(o && o->no_snapback) && board_snapback_size(b, c, p) > 0) {
        selfatari = 0;
        capture = 4;
    }
    if (!selfatari && n_libs >= 2) {
        for (int j = 0; j < n_own; j++) {
            if (b->str[own_sid[j]].libs != 1)
                continue;
            bool fresh = false;
            if (last > 0 && b->color[last] == them)   /* previous move touches it */
                fresh = board_string_touches(b, own_sid[j], last);
            unsigned val = fresh ? (n_libs >= 3 ? 1 : 2) : (n_libs >= 3 ? 3 : 4);
            if (extend == 0 || val < extend)
                extend = val;
        }
        if (extend && n_libs == 2 && !(o && o->no_ladder) && pat_ladder_escape_fails(b, c, p))
            extend = 5;
    }

    int size = b->size, x = board_x(b, p), y = board_y(b, p);
    int line = x;
    if (y < line) line = y;
    if (size - 1 - x < line) line = size - 1 - x;
    if (size - 1 - y < line) line = size - 1 - y;
    line += 1;

    int cls = pat3_class(pat3_raw(b, c, p));

    unsigned val[PAT_NFEAT] = { 0 };
    val[PAT_F_CAPTURE] = capture;
    val[PAT_F_EXTEND] = extend;
    val[PAT_F_ATARI] = atari;
    val[PAT_F_SELFATARI] = selfatari;
    val[PAT_F_DIST1] = dist_value(b, p, last);
    val[PAT_F_DIST2] = dist_value(b, p, b->last_move2);
    val[PAT_F_EDGE] = line <= 3 ? (unsigned)line : 0;
    val[PAT_F_DIST3] = dist_value(b, p, b->last_move3);
    val[PAT_F_DIST4] = dist_value(b, p, b->last_move4);
    /* area, reach, weak, near and large read the position's maps; a caller
     * rating one move without them gets maps of its own (pat_all_features
     * and the search's priors make them once per position). */
    const struct pat_maps *maps = o ? o->maps : NULL;
    struct pat_maps own_maps;
    if (!maps && reads_maps(o)) {
        pat_maps_init(&own_maps, b);
        maps = &own_maps;
    }
    if (!(off & 1u << PAT_F_AREA)) {
        /* Nearest stone of either colour, 1..4; 5 if none is that close. */
        unsigned db = maps->dist[BLACK][p], dw = maps->dist[WHITE][p];
        unsigned d = db < dw ? db : dw;
        val[PAT_F_AREA] = 1 + (unsigned)((line < 5 ? line : 5) - 1) * 5 + ((d <= 4 ? d : 5) - 1);
    }
    if (!(off & 1u << PAT_F_WEAK)) {
        val[PAT_F_WEAK] = 1 + maps->weak[c][p] * 5u + maps->weak[them][p];
    }
    if (!(off & 1u << PAT_F_REACH)) {
        /* Own and opponent distances bucketed 1..6, 7 for 7 or 8, 8 for
         * none within 8. */
        unsigned dc = maps->dist[c][p], dt = maps->dist[them][p];
        unsigned ro = dc > 8 ? 8u : dc >= 7 ? 7u : dc;
        unsigned rp = dt > 8 ? 8u : dt >= 7 ? 7u : dt;
        val[PAT_F_REACH] = 1 + (ro - 1) * 8 + (rp - 1);
    }
    if (!(off & 1u << PAT_F_STAGE)) {
        static const int upto[5] = { 16, 40, 80, 130, 180 };
        int on_board = (size * size - b->n_empty) * 361 / (size * size);
        unsigned st = 0;
        while (st < 5 && on_board >= upto[st])
            st++;
        val[PAT_F_STAGE] = 1 + st * 5 + (unsigned)((line < 5 ? line : 5) - 1);
    }
    if (!(off & 1u << PAT_F_NEAR)) {
        static const unsigned bucket[8] = { 0, 1, 2, 3, 3, 4, 4, 4 };
        int own, opp;
        pat_stone_counts(b, maps, c, p, &own, &opp);
        val[PAT_F_NEAR] = 1 + bucket[own > 7 ? 7 : own] * 5 + bucket[opp > 7 ? 7 : opp];
    }
    val[PAT_F_LIBS] = 1 + (opp_min * 5 + own_min) * 4 + (unsigned)(n_libs > 0 ? n_libs - 1 : 0);
    val[PAT_F_PAT3] = cls >= 0 ? (unsigned)cls + 1 : 0;
    if (o && o->large_lookup && !(off & 1u << PAT_F_LARGE)) {
        val[PAT_F_LARGE] = pat_large_match(b, maps, c, p, o->large_lookup, o->large_dict);
    }
    /* What pat_set would keep: a value its field, a disabled feature 0.
     * Unrolled, the fields' widths are constants (pat_bits is defined
     * above), so the masking is 17 ANDs; the disabled features (none for
     * the search's priors) are zeroed after, rather than one loop with a
     * select per feature. */
    out[PAT_F_PASS] = 0;
#pragma GCC unroll 18
    for (int f = 1; f < PAT_NFEAT; f++)
        out[f] = val[f] & ((1u << pat_bits[f]) - 1);
    /* (A caller may set bits past the features: only theirs count.) */
    for (unsigned d = off & ((1u << PAT_NFEAT) - 2); d; d &= d - 1)
        out[__builtin_ctz(d)] = 0;
}

pat_vec pat_move_features(const struct board *b, enum color c, point p,
                          const struct pat_opts *o)
{
    unsigned val[PAT_NFEAT];
    pat_move_values(b, c, p, o, val);
    pat_vec v = 0;
    for (int f = 0; f < PAT_NFEAT; f++)
        v |= (pat_vec)val[f] << pat_shift[f];
    return v;
}

int pat_all_features(const struct board *b, enum color c, const struct pat_opts *o,
                     point *moves, pat_vec *vecs)
{
    /* One set of maps for all the moves, unless the caller has one or no
     * feature that reads them is on. */
    struct pat_opts with;
    struct pat_maps m;
    if (!(o && o->maps) && reads_maps(o)) {
        pat_maps_init(&m, b);
        with = o ? *o : (struct pat_opts){ 0 };
        with.maps = &m;
        o = &with;
    }
    int n = 0;
    for (int i = 0; i < b->n_empty; i++) {
        point p = b->empty[i];
        if (!board_is_legal(b, c, p))
            continue;
        moves[n] = p;
        vecs[n] = pat_move_features(b, c, p, o);
        n++;
    }
    moves[n] = PASS;
    vecs[n] = pat_move_features(b, c, PASS, o);
    return n + 1;
}
