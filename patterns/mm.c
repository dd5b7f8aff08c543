/* mm — minorization–maximization over sharded positions, one thread per shard. */
#include "patterns/mm.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static bool grow(void **p, size_t cap, size_t elem)
{
    void *q = realloc(*p, cap * elem);
    if (!q)
        return false;
    *p = q;
    return true;
}

/* ---- the dictionaries ---- */

/* The features of each group: tactics and surroundings (with the
 * multiplicity), the distances to the previous moves, the shapes. Measured on
 * professional games, this split gives the fewest bytes a candidate of the
 * splits tried (docs/notes/patterns.md, "Memory per position"). */
static const enum pat_feature group_features[MM_GROUPS][PAT_NFEAT + 1] = {
    { PAT_F_PASS, PAT_F_CAPTURE, PAT_F_EXTEND, PAT_F_ATARI, PAT_F_SELFATARI, PAT_F_EDGE,
      PAT_F_LIBS, PAT_F_NEAR, PAT_F_AREA, PAT_F_WEAK, PAT_F_REACH, PAT_F_STAGE, PAT_NFEAT },
    { PAT_F_DIST1, PAT_F_DIST2, PAT_F_DIST3, PAT_F_DIST4, PAT_NFEAT },
    { PAT_F_PAT3, PAT_F_LARGE, PAT_NFEAT },
};

/* The same split per feature: its group and its place in the group's values
 * (the MM passes read a candidate's value of feature f at
 * dict[feat_group[f]].val[index * group size + feat_slot[f]]); constants,
 * so the passes' loops unroll. A mismatch with group_features would change
 * the gammas: test_mm's same_gammas_as_cached_strengths would fail. */
static const uint8_t feat_group[PAT_NFEAT] = { 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 2, 2, 1, 1, 0, 0, 0, 0 };
static const uint8_t feat_slot[PAT_NFEAT]  = { 0, 1, 2, 3, 4, 0, 1, 5, 6, 7, 0, 1, 2, 3, 8, 9, 10, 11 };
enum { N0 = 12, N1 = 4, N2 = 2 };   /* the groups' sizes */

static int group_size(int g)
{
    int n = 0;
    while (group_features[g][n] != PAT_NFEAT)
        n++;
    return n;
}

static pat_vec group_mask(int g)
{
    pat_vec m = 0;
    for (const enum pat_feature *f = group_features[g]; *f != PAT_NFEAT; f++)
        m |= (pat_vec)((1ull << pat_bits[*f]) - 1) << pat_shift[*f];
    return m;
}

static size_t hash_part(pat_vec v, unsigned mult, size_t mask)
{
    uint64_t h = (uint64_t)v ^ (uint64_t)(v >> 64) * 0xC2B2AE3D27D4EB4Full
                 ^ (uint64_t)mult * 0x165667B19E3779F9ull;
    h *= 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 29) & mask;
}

/* (Re)builds the lookup with room for twice the entries. */
static bool dict_rehash(struct mm_dict *d)
{
    size_t cap = 1024;
    while (cap < 2 * (d->n + 1))
        cap *= 2;
    uint32_t *slot = calloc(cap, sizeof *slot);
    if (!slot)
        return false;
    for (size_t i = 0; i < d->n; i++) {
        size_t k = hash_part(d->part[i], d->mult ? d->mult[i] : 0, cap - 1);
        while (slot[k])
            k = (k + 1) & (cap - 1);
        slot[k] = (uint32_t)(i + 1);
    }
    free(d->slot);
    d->slot = slot;
    d->mask = cap - 1;
    return true;
}

/* The index of (part, mult), added if new; false if memory runs out or the
 * dictionary is full. */
static bool dict_index(struct mm_dict *d, int g, pat_vec part, unsigned mult, uint32_t *out)
{
    bool with_mult = g == 0;
    size_t nf = (size_t)group_size(g);
    if ((!d->slot || 2 * (d->n + 1) > d->mask + 1) && !dict_rehash(d))
        return false;
    size_t k = hash_part(part, mult, d->mask);
    for (; d->slot[k]; k = (k + 1) & d->mask) {
        size_t i = d->slot[k] - 1;
        if (d->part[i] == part && (!with_mult || d->mult[i] == mult)) {
            *out = (uint32_t)i;
            return true;
        }
    }
    if (d->n >= UINT32_MAX - 1)
        return false;
    if (d->n == d->cap) {
        size_t c = d->cap ? d->cap * 2 : 256;
        if (!grow((void **)&d->part, c, sizeof *d->part)
            || !grow((void **)&d->val, c * nf, sizeof *d->val)
            || (with_mult && !grow((void **)&d->mult, c, sizeof *d->mult)))
            return false;
        d->cap = c;
    }
    d->part[d->n] = part;
    for (size_t k2 = 0; k2 < nf; k2++)
        d->val[d->n * nf + k2] = pat_get(part, group_features[g][k2]);
    if (with_mult)
        d->mult[d->n] = (uint16_t)mult;
    d->slot[k] = (uint32_t)(d->n + 1);
    *out = (uint32_t)d->n++;
    return true;
}

/* ---- varints: 7 bits a byte, low bits first, high bit = more ---- */

static size_t put_varint(uint8_t *p, uint32_t x)
{
    size_t n = 0;
    while (x >= 0x80) {
        p[n++] = (uint8_t)(x | 0x80);
        x >>= 7;
    }
    p[n++] = (uint8_t)x;
    return n;
}

static inline uint32_t get_varint(const uint8_t **p)
{
    const uint8_t *q = *p;
    if (!(*q & 0x80)) {
        *p = q + 1;
        return *q;
    }
    uint32_t x = *q & 0x7F;
    for (unsigned sh = 7; *q++ & 0x80; sh += 7)
        x |= (uint32_t)(*q & 0x7F) << sh;
    *p = q;
    return x;
}

/* ---- shards ---- */

static int cmp_vec(const void *a, const void *b)
{
    pat_vec x = *(const pat_vec *)a, y = *(const pat_vec *)b;
    return x < y ? -1 : x > y;
}

/* Room for `bytes` more code and one more position. */
static bool reserve(struct mm_shard *s, size_t bytes)
{
    if (s->len + bytes > s->cap) {
        size_t c = s->cap ? s->cap : 65536;
        while (c < s->len + bytes)
            c += c / 2;
        if (!grow((void **)&s->code, c, 1))
            return false;
        s->cap = c;
    }
    if (s->n_pos + 2 > s->cap_pos) {
        size_t c = s->cap_pos ? s->cap_pos * 2 : 1024;
        if (!grow((void **)&s->start, c, sizeof *s->start))
            return false;
        s->cap_pos = c;
    }
    return true;
}

bool mm_shard_add(struct mm_shard *s, const pat_vec *vecs, int n, int winner)
{
    if (n <= 0 || n > BOARD_MAX_POINTS + 1 || winner < 0 || winner >= n || s->vec)
        return false;
    /* two varints of the position, each candidate's indices: 5 bytes each at most */
    if (!reserve(s, 10 + (size_t)n * MM_GROUPS * 5))
        return false;
    pat_vec sorted[BOARD_MAX_POINTS + 1];
    memcpy(sorted, vecs, sizeof *sorted * (size_t)n);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_vec);
    pat_vec mask[MM_GROUPS];
    for (int g = 0; g < MM_GROUPS; g++)
        mask[g] = group_mask(g);
    uint32_t idx[BOARD_MAX_POINTS + 1][MM_GROUPS];
    int n_dist = 0, win = -1;
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && sorted[j] == sorted[i])
            j++;
        for (int g = 0; g < MM_GROUPS; g++)
            if (!dict_index(&s->dict[g], g, sorted[i] & mask[g],
                            g == 0 ? (unsigned)(j - i) : 0, &idx[n_dist][g]))
                return false;
        if (sorted[i] == vecs[winner])
            win = n_dist;
        n_dist++;
        i = j;
    }
    if (s->n_pos == 0)
        s->start[0] = 0;
    uint8_t *p = s->code + s->len;
    p += put_varint(p, (uint32_t)n_dist);
    p += put_varint(p, (uint32_t)win);
    for (int i = 0; i < n_dist; i++)
        for (int g = 0; g < MM_GROUPS; g++)
            p += put_varint(p, idx[i][g]);
    s->len = (size_t)(p - s->code);
    s->n += (size_t)n_dist;
    s->n_pos++;
    s->start[s->n_pos] = s->len;
    return true;
}

/* Decodes the position at *p (advanced past it). */
static int decode(const struct mm_shard *s, const uint8_t **p, pat_vec *vec, uint16_t *mult,
                  int *winner)
{
    int n = (int)get_varint(p);
    *winner = (int)get_varint(p);
    const pat_vec *p0 = s->dict[0].part, *p1 = s->dict[1].part, *p2 = s->dict[2].part;
    const uint16_t *m0 = s->dict[0].mult;
    for (int i = 0; i < n; i++) {
        uint32_t a = get_varint(p), b = get_varint(p), c = get_varint(p);
        vec[i] = p0[a] | p1[b] | p2[c];
        mult[i] = m0[a];
    }
    return n;
}

int mm_shard_position(const struct mm_shard *s, size_t j, pat_vec *vec, uint16_t *mult,
                      int *winner)
{
    if (s->vec) {
        size_t a = s->first[j], n = s->first[j + 1] - a;
        memcpy(vec, s->vec + a, sizeof *vec * n);
        memcpy(mult, s->mult + a, sizeof *mult * n);
        *winner = s->win[j];
        return (int)n;
    }
    const uint8_t *p = s->code + s->start[j];
    return decode(s, &p, vec, mult, winner);
}

void mm_shard_trim(struct mm_shard *s)
{
    if (s->vec)
        return;
    size_t c = s->len ? s->len : 1, cp = s->n_pos + 2;
    if (c < s->cap && grow((void **)&s->code, c, 1))
        s->cap = c;
    if (cp < s->cap_pos && grow((void **)&s->start, cp, sizeof *s->start))
        s->cap_pos = cp;
    for (int g = 0; g < MM_GROUPS; g++) {
        struct mm_dict *d = &s->dict[g];
        free(d->slot);
        d->slot = NULL;
        d->mask = 0;
        size_t n = d->n ? d->n : 1;
        if (n < d->cap && grow((void **)&d->part, n, sizeof *d->part)
            && grow((void **)&d->val, n * (size_t)group_size(g), sizeof *d->val)
            && (!d->mult || grow((void **)&d->mult, n, sizeof *d->mult)))
            d->cap = n;
    }
}

static void free_compact(struct mm_shard *s)
{
    free(s->code);
    free(s->start);
    s->code = NULL;
    s->start = NULL;
    s->len = s->cap = s->cap_pos = 0;
    for (int g = 0; g < MM_GROUPS; g++) {
        free(s->dict[g].part);
        free(s->dict[g].val);
        free(s->dict[g].mult);
        free(s->dict[g].slot);
        memset(&s->dict[g], 0, sizeof s->dict[g]);
    }
}

bool mm_shard_expand(struct mm_shard *s)
{
    if (s->vec)
        return true;
    size_t n = s->n ? s->n : 1;
    pat_vec *vec = malloc(sizeof *vec * n);
    uint16_t *mult = malloc(sizeof *mult * n);
    double *str = malloc(sizeof *str * n);
    size_t *first = malloc(sizeof *first * (s->n_pos + 1));
    uint16_t *win = malloc(sizeof *win * (s->n_pos + 1));
    if (!vec || !mult || !str || !first || !win) {
        free(vec);
        free(mult);
        free(str);
        free(first);
        free(win);
        return false;
    }
    const uint8_t *p = s->code;
    size_t at = 0;
    for (size_t j = 0; j < s->n_pos; j++) {
        int w;
        first[j] = at;
        at += (size_t)decode(s, &p, vec + at, mult + at, &w);
        win[j] = (uint16_t)w;
    }
    first[s->n_pos] = at;
    free_compact(s);
    s->vec = vec;
    s->mult = mult;
    s->str = str;
    s->first = first;
    s->win = win;
    return true;
}

void mm_shard_free(struct mm_shard *s)
{
    free(s->vec);
    free(s->mult);
    free(s->str);
    free(s->first);
    free(s->win);
    free(s->code);
    free(s->start);
    for (int g = 0; g < MM_GROUPS; g++) {
        free(s->dict[g].part);
        free(s->dict[g].val);
        free(s->dict[g].mult);
        free(s->dict[g].slot);
    }
    memset(s, 0, sizeof *s);
}

size_t mm_shard_bytes(const struct mm_shard *s)
{
    size_t b = s->cap + s->cap_pos * sizeof *s->start;
    if (s->vec)
        b += s->n * (sizeof *s->vec + sizeof *s->mult + sizeof *s->str)
             + (s->n_pos + 1) * (sizeof *s->first + sizeof *s->win);
    for (int g = 0; g < MM_GROUPS; g++) {
        const struct mm_dict *d = &s->dict[g];
        b += d->cap * (sizeof *d->part + (d->mult ? sizeof *d->mult : 0)
                       + sizeof *d->val * (size_t)group_size(g))
             + (d->slot ? (d->mask + 1) * sizeof *d->slot : 0);
    }
    return b;
}

bool mm_model_init(struct mm_model *m, int n_large)
{
    memset(m, 0, sizeof *m);
    for (int f = 0; f < PAT_NFEAT; f++) {
        int n = f == PAT_F_LARGE ? n_large + 1 : pat_feature_nvalues((enum pat_feature)f);
        m->n_values[f] = n;
        m->gamma[f] = malloc(sizeof(double) * (size_t)n);
        m->wins[f] = calloc((size_t)n, sizeof(double));
        m->gamma0[f] = malloc(sizeof(double) << pat_bits[f]);
        m->ratio[f] = malloc(sizeof(double) << pat_bits[f]);
        if (!m->gamma[f] || !m->wins[f] || !m->gamma0[f] || !m->ratio[f]) {
            mm_model_free(m);
            return false;
        }
        for (int v = 0; v < n; v++)
            m->gamma[f][v] = 1.0;
    }
    return true;
}

void mm_model_free(struct mm_model *m)
{
    for (int f = 0; f < PAT_NFEAT; f++) {
        free(m->gamma[f]);
        free(m->wins[f]);
        free(m->gamma0[f]);
        free(m->ratio[f]);
    }
    memset(m, 0, sizeof *m);
}

void mm_count_wins(struct mm_model *m, struct mm_shard *shards, int n_shards)
{
    for (int f = 0; f < PAT_NFEAT; f++)
        memset(m->wins[f], 0, sizeof(double) * (size_t)m->n_values[f]);
    pat_vec vec[BOARD_MAX_POINTS + 1];
    uint16_t mult[BOARD_MAX_POINTS + 1];
    for (int k = 0; k < n_shards; k++) {
        for (size_t j = 0; j < shards[k].n_pos; j++) {
            int w;
            mm_shard_position(&shards[k], j, vec, mult, &w);
            for (int f = 0; f < PAT_NFEAT; f++) {
                unsigned v = pat_get(vec[w], (enum pat_feature)f);
                if (v && (int)v < m->n_values[f])
                    m->wins[f][v] += 1;
            }
        }
    }
    if (m->sum)
        for (int f = 0; f < PAT_NFEAT; f++)
            m->sum(m->sum_ctx, m->wins[f], (size_t)m->n_values[f]);
}

double mm_strength(const struct mm_model *m, pat_vec v)
{
    double s = 1.0;
    for (int f = 0; f < PAT_NFEAT; f++) {
        unsigned x = pat_get(v, (enum pat_feature)f);
        if (x && (int)x < m->n_values[f])
            s *= m->gamma[f][x];
    }
    return s;
}

/* The gammas of one iteration: those at its start and the ratios (new / old)
 * of the features updated so far. A candidate's strength is the product of
 * the first, then times the ratios in feature order: exactly the cached
 * strength of Coulom's MM, rescaled after each update. The arrays cover every
 * value of a feature's bit field, 1.0 where the gamma does not count (value
 * 0, values not trained): a product times 1.0 is the same number, so the
 * passes multiply without a test. */
struct iter_state {
    const double *g0[PAT_NFEAT];
    const double *ratio[PAT_NFEAT];
    int upd[PAT_NFEAT];               /* the features updated so far, in order */
    int n_upd;
};

/* The work of one thread in one pass. */
enum pass_kind { PASS_STRENGTH, PASS_DENOM, PASS_RESCALE };

struct job {
    const struct mm_model *m;
    struct mm_shard *s;
    const struct iter_state *it;
    enum pass_kind kind;
    int f;
    double *den;              /* PASS_DENOM: per-value sums of this thread */
    double loglik;            /* PASS_STRENGTH: sum of log P(played move) */
    const double *ratio;      /* PASS_RESCALE: feature f's ratios (padded) */
};

/* A candidate in a pass: its three dictionary entries' values. */
typedef const uint32_t *cand_ref[MM_GROUPS];

static inline uint32_t value_of(const cand_ref r, int f)
{
    return r[feat_group[f]][feat_slot[f]];
}

/* Decodes the position at *p (advanced past it) into references. */
static int decode_refs(const struct mm_shard *s, const uint8_t **p, cand_ref *r, uint16_t *mult,
                       int *winner)
{
    const uint8_t *q = *p;
    int n = (int)get_varint(&q);
    *winner = (int)get_varint(&q);
    const uint32_t *v0 = s->dict[0].val, *v1 = s->dict[1].val, *v2 = s->dict[2].val;
    const uint16_t *m0 = s->dict[0].mult;
    for (int i = 0; i < n; i++) {
        uint32_t a = get_varint(&q), b = get_varint(&q), c = get_varint(&q);
        r[i][0] = v0 + (size_t)a * N0;
        r[i][1] = v1 + (size_t)b * N1;
        r[i][2] = v2 + (size_t)c * N2;
        mult[i] = m0[a];
    }
    *p = q;
    return n;
}

static double strength_in(const struct iter_state *it, const cand_ref r)
{
    double s = 1.0;
#pragma GCC unroll 18
    for (int f = 0; f < PAT_NFEAT; f++)
        s *= it->g0[f][value_of(r, f)];
    for (int k = 0; k < it->n_upd; k++)
        s *= it->ratio[it->upd[k]][value_of(r, it->upd[k])];
    return s;
}

/* strength_in of four candidates at once: four independent chains of
 * products keep the multiplier busy (each chain in the same order). */
static void strength4(const struct iter_state *it, const cand_ref *r, double *out)
{
    double s0 = 1.0, s1 = 1.0, s2 = 1.0, s3 = 1.0;
#pragma GCC unroll 18
    for (int f = 0; f < PAT_NFEAT; f++) {
        const double *g = it->g0[f];
        s0 *= g[value_of(r[0], f)];
        s1 *= g[value_of(r[1], f)];
        s2 *= g[value_of(r[2], f)];
        s3 *= g[value_of(r[3], f)];
    }
    for (int k = 0; k < it->n_upd; k++) {
        int f = it->upd[k];
        const double *ra = it->ratio[f];
        int gi = feat_group[f], sl = feat_slot[f];
        s0 *= ra[r[0][gi][sl]];
        s1 *= ra[r[1][gi][sl]];
        s2 *= ra[r[2][gi][sl]];
        s3 *= ra[r[3][gi][sl]];
    }
    out[0] = s0;
    out[1] = s1;
    out[2] = s2;
    out[3] = s3;
}

/* The strengths of a position's n candidates. */
static void strengths(const struct iter_state *it, const cand_ref *r, int n, double *str)
{
    int i = 0;
    for (; i + 4 <= n; i += 4)
        strength4(it, r + i, str + i);
    for (; i < n; i++)
        str[i] = strength_in(it, r[i]);
}

/* A pass over a compact shard: decode, recompute the strengths. */
static void run_compact(struct job *j)
{
    const struct mm_shard *s = j->s;
    const struct mm_model *m = j->m;
    const uint8_t *p = s->code;
    int w;
    cand_ref r[BOARD_MAX_POINTS + 1];
    uint16_t mult[BOARD_MAX_POINTS + 1];
    double str[BOARD_MAX_POINTS + 1];
    switch (j->kind) {
    case PASS_STRENGTH:
        j->loglik = 0;
        for (size_t q = 0; q < s->n_pos; q++) {
            int n = decode_refs(s, &p, r, mult, &w);
            strengths(j->it, r, n, str);
            double e = 0;
            for (int i = 0; i < n; i++)
                e += str[i] * mult[i];
            j->loglik += log(str[w] / e);
        }
        break;
    case PASS_DENOM: {
        int f = j->f;
        unsigned nv = (unsigned)m->n_values[f];   /* values >= nv are not trained */
        const double *g = m->gamma[f];
        int gi = feat_group[f], sl = feat_slot[f];
        for (size_t q = 0; q < s->n_pos; q++) {
            int n = decode_refs(s, &p, r, mult, &w);
            strengths(j->it, r, n, str);
            double e = 0;
            for (int i = 0; i < n; i++)
                e += str[i] * mult[i];
            double inv = 1.0 / e;
            for (int i = 0; i < n; i++) {
                unsigned v = r[i][gi][sl];
                if (v && v < nv)
                    j->den[v] += str[i] * mult[i] / g[v] * inv;
            }
        }
        break;
    }
    case PASS_RESCALE:
        break;   /* nothing cached */
    }
}

/* A pass over an expanded shard: the first trainer's loops over vectors
 * and cached strengths. */
static void run_expanded(struct job *j)
{
    struct mm_shard *s = j->s;
    const struct mm_model *m = j->m;
    int f = j->f;
    unsigned nv = (unsigned)m->n_values[f];   /* values >= nv are not trained */
    unsigned shift = pat_shift[f];
    uint64_t mask = (1ull << pat_bits[f]) - 1;
    switch (j->kind) {
    case PASS_STRENGTH:
        j->loglik = 0;
        for (size_t q = 0; q < s->n_pos; q++) {
            double e = 0;
            for (size_t i = s->first[q]; i < s->first[q + 1]; i++) {
                double st = mm_strength(m, s->vec[i]);
                s->str[i] = st;
                e += st * s->mult[i];
            }
            j->loglik += log(s->str[s->first[q] + s->win[q]] / e);
        }
        break;
    case PASS_DENOM: {
        const double *g = m->gamma[f];
        for (size_t q = 0; q < s->n_pos; q++) {
            double e = 0;
            size_t a = s->first[q], b = s->first[q + 1];
            for (size_t i = a; i < b; i++)
                e += s->str[i] * s->mult[i];
            double inv = 1.0 / e;
            for (size_t i = a; i < b; i++) {
                unsigned v = (unsigned)((uint64_t)(s->vec[i] >> shift) & mask);
                if (v && v < nv)
                    j->den[v] += s->str[i] * s->mult[i] / g[v] * inv;
            }
        }
        break;
    }
    case PASS_RESCALE:
        for (size_t i = 0; i < s->n; i++) {
            unsigned v = (unsigned)((uint64_t)(s->vec[i] >> shift) & mask);
            if (v && v < nv)
                s->str[i] *= j->ratio[v];
        }
        break;
    }
}

static void *run_job(void *arg)
{
    struct job *j = arg;
    if (j->s->vec)
        run_expanded(j);
    else
        run_compact(j);
    return NULL;
}

/* Runs jobs[1..n) on their own threads and jobs[0] on this one (a thread that
 * cannot be created runs its job here too, so the result never changes). */
static void run_pass(struct job *jobs, int n)
{
    pthread_t th[64];
    bool started[64] = { false };
    for (int k = 1; k < n; k++) {
        started[k] = pthread_create(&th[k], NULL, run_job, &jobs[k]) == 0;
        if (!started[k])
            run_job(&jobs[k]);
    }
    run_job(&jobs[0]);
    for (int k = 1; k < n; k++)
        if (started[k])
            pthread_join(th[k], NULL);
}

/* gamma padded to every value of feature f's bit field (see iter_state). */
static void fill_padded(double *out, const double *gamma, int nv, int f)
{
    for (size_t v = 0; v < (size_t)1 << pat_bits[f]; v++)
        out[v] = v > 0 && v < (size_t)nv ? gamma[v] : 1.0;
}

double mm_log_likelihood(struct mm_model *m, struct mm_shard *shards, int n_shards)
{
    if (n_shards > 64)
        n_shards = 64;
    struct iter_state it = { .n_upd = 0 };
    for (int f = 0; f < PAT_NFEAT; f++) {
        fill_padded(m->gamma0[f], m->gamma[f], m->n_values[f], f);
        it.g0[f] = m->gamma0[f];
    }
    struct job jobs[64];
    size_t n_pos = 0;
    for (int k = 0; k < n_shards; k++) {
        jobs[k] = (struct job){ .m = m, .s = &shards[k], .it = &it, .kind = PASS_STRENGTH };
        n_pos += shards[k].n_pos;
    }
    run_pass(jobs, n_shards);
    double tot[2] = { 0, (double)n_pos };
    for (int k = 0; k < n_shards; k++)
        tot[0] += jobs[k].loglik;
    if (m->sum)
        m->sum(m->sum_ctx, tot, 2);
    return tot[1] > 0 ? tot[0] / tot[1] : 0;
}

double mm_iterate(struct mm_model *m, struct mm_shard *shards, int n_shards)
{
    if (n_shards > 64)
        n_shards = 64;
    double ll = mm_log_likelihood(m, shards, n_shards);   /* fills gamma0 */
    struct iter_state it = { .n_upd = 0 };
    for (int f = 0; f < PAT_NFEAT; f++)
        it.g0[f] = m->gamma0[f];
    struct job jobs[64];
    for (int f = 0; f < PAT_NFEAT; f++) {
        if (m->skip & 1u << f)
            continue;
        int nv = m->n_values[f];
        if (nv <= 1)
            continue;
        double *den = calloc((size_t)nv * (size_t)n_shards, sizeof *den);
        double *ratio = m->ratio[f];
        if (!den)
            continue;   /* out of memory: leave this feature as it is */
        for (int k = 0; k < n_shards; k++)
            jobs[k] = (struct job){ .m = m, .s = &shards[k], .it = &it, .kind = PASS_DENOM,
                                    .f = f, .den = den + (size_t)k * (size_t)nv };
        run_pass(jobs, n_shards);
        /* the shards' sums, in shard order, land in shard 0's row */
        for (int v = 1; v < nv; v++) {
            double d = 0;
            for (int k = 0; k < n_shards; k++)
                d += den[(size_t)k * (size_t)nv + (size_t)v];
            den[v] = d;
        }
        if (m->sum)
            m->sum(m->sum_ctx, den, (size_t)nv);
        for (size_t v = 0; v < (size_t)1 << pat_bits[f]; v++)
            ratio[v] = 1.0;
        for (int v = 1; v < nv; v++) {
            double d = den[v];
            double g = m->gamma[f][v];
            double ng = (m->wins[f][v] + 1.0) / (d + 2.0 / (g + 1.0));
            ratio[v] = ng / g;
            m->gamma[f][v] = ng;
        }
        it.ratio[f] = ratio;
        it.upd[it.n_upd++] = f;
        /* shards with a strength cache rescale it (the others multiply the
         * ratio in when they recompute) */
        int n_cached = 0;
        for (int k = 0; k < n_shards; k++)
            if (shards[k].vec)
                jobs[n_cached++] = (struct job){ .m = m, .s = &shards[k], .it = &it,
                                                 .kind = PASS_RESCALE, .f = f, .ratio = ratio };
        if (n_cached)
            run_pass(jobs, n_cached);
        free(den);
    }
    return ll;
}
