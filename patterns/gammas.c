/* gammas — gamma tables: storage, large-pattern dictionary, JSON in and out. */
#include "patterns/gammas.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/board/bigtable.h"
#include "engine/board/file_read.h"

#define FORMAT_NAME "hane-gammas"
#define FORMAT_VERSION 4      /* newest version read and written */
#define FORMAT_VERSION_V3 3   /* written for tables with dist3..weak, no reach or stage */
#define FORMAT_VERSION_FACTORS 2 /* written for tables with factors, no newer features */
#define FORMAT_VERSION_PLAIN 1 /* written for tables without factors */

/* Version 3 tables rate the features added with the 128-bit vector (dist3,
 * dist4, area, weak), version 4 tables also reach or stage; an older hane
 * would reject their names, so it is told by the version instead. Tables
 * without them keep the older version numbers. */
static bool uses_features(const struct pat_gammas *t, int from, int to)
{
    for (int f = from; f <= to; f++)
        for (int v = 1; v < t->n_values[f]; v++)
            if (t->gamma[f][v] != 1.0f)
                return true;
    return false;
}

static bool alloc_values(struct pat_gammas *t, int f, int n)
{
    float *g = realloc(t->gamma[f], sizeof *g * (size_t)n);
    if (!g)
        return false;
    for (int v = t->n_values[f]; v < n; v++)
        g[v] = 1.0f;
    t->gamma[f] = g;
    t->n_values[f] = n;
    return true;
}

struct pat_gammas *pat_gammas_new(void)
{
    pat_init();
    struct pat_gammas *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->meta = json_object();
    bool ok = t->meta != NULL;
    for (int f = 0; f < PAT_NFEAT && ok; f++)
        ok = alloc_values(t, f, f == PAT_F_LARGE ? 1 : pat_feature_nvalues((enum pat_feature)f));
    t->ht_mask = 1023;
    t->ht = bigtable_alloc((t->ht_mask + 1) * sizeof *t->ht);
    if (!ok || !t->ht) {
        pat_gammas_free(t);
        return NULL;
    }
    return t;
}

void pat_gammas_free(struct pat_gammas *t)
{
    if (!t)
        return;
    for (int f = 0; f < PAT_NFEAT; f++) {
        free(t->gamma[f]);
        free(t->factor[f]);
    }
    free(t->large_hash);
    free(t->large_size);
    free(t->ht);
    json_decref(t->meta);
    free(t);
}

static uint32_t ht_slot(uint64_t h, uint32_t mask)
{
    return (uint32_t)((h * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}

uint32_t pat_gammas_large_find(const void *table, uint64_t hash)
{
    const struct pat_gammas *t = table;
    for (uint32_t i = ht_slot(hash, t->ht_mask);; i = (i + 1) & t->ht_mask) {
        if (t->ht[i].val == 0)
            return 0;
        if (t->ht[i].key == hash)
            return t->ht[i].val;
    }
}

static bool ht_grow(struct pat_gammas *t)
{
    uint32_t mask = t->ht_mask * 2 + 1;
    struct pat_large_slot *ht = bigtable_alloc(((size_t)mask + 1) * sizeof *ht);
    if (!ht)
        return false;
    for (uint32_t i = 0; i < t->n_large; i++) {
        uint32_t s = ht_slot(t->large_hash[i], mask);
        while (ht[s].val)
            s = (s + 1) & mask;
        ht[s] = (struct pat_large_slot){ .key = t->large_hash[i], .val = i + 1 };
    }
    free(t->ht);
    t->ht = ht;
    t->ht_mask = mask;
    return true;
}

uint32_t pat_gammas_large_add(struct pat_gammas *t, uint64_t hash, int size_index)
{
    uint32_t found = pat_gammas_large_find(t, hash);
    if (found)
        return found;
    if (t->n_large >= PAT_LARGE_MAX)
        return 0;
    if ((t->n_large + 1) * 2 > t->ht_mask && !ht_grow(t))
        return 0;
    if (t->n_large == t->cap_large) {
        uint32_t cap = t->cap_large ? t->cap_large * 2 : 1024;
        uint64_t *h = realloc(t->large_hash, sizeof *h * cap);
        if (!h)
            return 0;
        t->large_hash = h;
        uint8_t *s = realloc(t->large_size, cap);
        if (!s)
            return 0;
        t->large_size = s;
        float *g = realloc(t->gamma[PAT_F_LARGE], sizeof *g * (cap + 1));
        if (!g)
            return 0;
        t->gamma[PAT_F_LARGE] = g;
        t->cap_large = cap;
    }
    /* gamma[large] has room for cap_large + 1 values: grown above, geometrically */
    t->gamma[PAT_F_LARGE][t->n_large + 1] = 1.0f;
    t->n_values[PAT_F_LARGE] = (int)t->n_large + 2;
    t->large_hash[t->n_large] = hash;
    t->large_size[t->n_large] = (uint8_t)size_index;
    t->n_large++;
    uint32_t s = ht_slot(hash, t->ht_mask);
    while (t->ht[s].val)
        s = (s + 1) & t->ht_mask;
    t->ht[s] = (struct pat_large_slot){ .key = hash, .val = t->n_large };
    return t->n_large;
}

bool pat_gammas_set_factors(struct pat_gammas *t, int k)
{
    if (k < 0 || k > PAT_MAX_FACTORS)
        return false;
    for (int f = 0; f < PAT_NFEAT; f++) {
        free(t->factor[f]);
        t->factor[f] = NULL;
        t->n_slots[f] = 0;
    }
    t->n_factors = 0;
    if (k == 0)
        return true;
    for (int f = 0; f < PAT_NFEAT; f++) {
        int n = f == PAT_F_LARGE ? PAT_LARGE_NSIZES + 1 : t->n_values[f];
        t->factor[f] = calloc((size_t)n * (size_t)k, sizeof(float));
        if (!t->factor[f]) {
            pat_gammas_set_factors(t, 0);
            return false;
        }
        t->n_slots[f] = n;
    }
    t->n_factors = k;
    return true;
}

double pat_gammas_factor_sum(const struct pat_gammas *t, pat_vec v, float *sum)
{
    /* sum over pairs of <u_a, u_b> = (|sum u|^2 - sum |u|^2) / 2 */
    int k = t->n_factors;
    for (int i = 0; i < k; i++)
        sum[i] = 0;
    double sq = 0;
    for (int f = 0; f < PAT_NFEAT; f++) {
        unsigned x = pat_get(v, (enum pat_feature)f);
        if (!x)
            continue;
        unsigned slot = pat_factor_slot(t, f, x);
        if ((int)slot >= t->n_slots[f])
            continue;
        const float *u = t->factor[f] + (size_t)slot * (size_t)k;
        for (int i = 0; i < k; i++) {
            sum[i] += u[i];
            sq += (double)u[i] * u[i];
        }
    }
    double s2 = 0;
    for (int i = 0; i < k; i++)
        s2 += (double)sum[i] * sum[i];
    return 0.5 * (s2 - sq);
}

double pat_gammas_interaction(const struct pat_gammas *t, pat_vec v)
{
    float sum[PAT_MAX_FACTORS];
    return pat_gammas_factor_sum(t, v, sum);
}

void pat_gammas_opts(const struct pat_gammas *t, struct pat_opts *o)
{
    memset(o, 0, sizeof *o);
    o->large_lookup = pat_gammas_large_find;
    o->large_dict = t;
}

/* ---- JSON ---- */

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static bool parse_gamma(json_t *j, float *out)
{
    if (!json_is_number(j))
        return false;
    double g = json_number_value(j);
    if (!isfinite(g) || g <= 0 || g > 1e30)
        return false;
    *out = (float)g;
    return true;
}

static bool parse_uint(const char *s, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < 1 || v > max)
        return false;
    *out = v;
    return true;
}

/* "S:HEX" -> size index and hash. */
static bool parse_large_key(const char *s, int *size_index, uint64_t *hash)
{
    char *end;
    long sz = strtol(s, &end, 10);
    if (end == s || *end != ':')
        return false;
    int si = -1;
    for (int i = 0; i < PAT_LARGE_NSIZES; i++)
        if (pat_large_sizes[i] == sz)
            si = i;
    const char *hex = end + 1;
    if (si < 0 || strlen(hex) != 16)
        return false;
    uint64_t h = 0;
    for (int i = 0; i < 16; i++) {
        char c = hex[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return false;
        h = h << 4 | (uint64_t)d;
    }
    *size_index = si;
    *hash = h;
    return true;
}

static bool parse_feature(struct pat_gammas *t, int f, json_t *obj, const char *name,
                          char *err, size_t errlen)
{
    const char *key;
    json_t *val;
    const char *fname = pat_feature_name[f];
    if (!json_is_object(obj)) {
        set_err(err, errlen, "%s: $.gammas.%s: expected an object of value -> gamma", name, fname);
        return false;
    }
    json_object_foreach(obj, key, val) {
        float g;
        if (!parse_gamma(val, &g)) {
            set_err(err, errlen, "%s: $.gammas.%s.%s: gamma must be a finite number > 0",
                    name, fname, key);
            return false;
        }
        if (f == PAT_F_PAT3) {
            uint32_t raw;
            int cls;
            if (!pat3_from_string(key, &raw) || (cls = pat3_class(raw)) < 0) {
                set_err(err, errlen, "%s: $.gammas.pat3.%s: not a 3x3 pattern "
                        "(8 characters of . X O # x o, N E S W NE SE SW NW)", name, key);
                return false;
            }
            t->gamma[f][cls + 1] = g;
        } else if (f == PAT_F_LARGE) {
            int si;
            uint64_t h;
            if (!parse_large_key(key, &si, &h)) {
                set_err(err, errlen, "%s: $.gammas.large.%s: expected SIZE:HASH with SIZE "
                        "one of 4..12, 14, 16 and HASH 16 lower-case hex digits", name, key);
                return false;
            }
            uint32_t v = pat_gammas_large_add(t, h, si);
            if (!v) {
                set_err(err, errlen, "%s: $.gammas.large: too many patterns or out of memory", name);
                return false;
            }
            t->gamma[f][v] = g;
        } else {
            long v;
            int n = pat_feature_nvalues((enum pat_feature)f);
            if (!parse_uint(key, n - 1, &v)) {
                set_err(err, errlen, "%s: $.gammas.%s.%s: value must be an integer 1..%d",
                        name, fname, key, n - 1);
                return false;
            }
            t->gamma[f][v] = g;
        }
    }
    return true;
}

/* "factors": { "k": K, feature: { key: [K numbers] } } (after the gammas, so
 * the large-pattern dictionary is complete). */
static bool parse_factors(struct pat_gammas *t, json_t *obj, const char *name,
                          char *err, size_t errlen)
{
    if (!json_is_object(obj)) {
        set_err(err, errlen, "%s: $.factors: expected an object", name);
        return false;
    }
    json_t *kj = json_object_get(obj, "k");
    if (!json_is_integer(kj) || json_integer_value(kj) < 1
        || json_integer_value(kj) > PAT_MAX_FACTORS) {
        set_err(err, errlen, "%s: $.factors.k: expected an integer 1..%d", name, PAT_MAX_FACTORS);
        return false;
    }
    int k = (int)json_integer_value(kj);
    if (!pat_gammas_set_factors(t, k)) {
        set_err(err, errlen, "%s: out of memory", name);
        return false;
    }
    const char *fname;
    json_t *fo;
    json_object_foreach(obj, fname, fo) {
        if (strcmp(fname, "k") == 0)
            continue;
        int f = -1;
        for (int i = 0; i < PAT_NFEAT; i++)
            if (strcmp(fname, pat_feature_name[i]) == 0)
                f = i;
        if (f < 0) {
            set_err(err, errlen, "%s: $.factors.%s: unknown feature", name, fname);
            return false;
        }
        if (!json_is_object(fo)) {
            set_err(err, errlen, "%s: $.factors.%s: expected an object of value -> vector",
                    name, fname);
            return false;
        }
        const char *key;
        json_t *vec;
        json_object_foreach(fo, key, vec) {
            long slot;
            uint32_t raw;
            int cls;
            if (f == PAT_F_PAT3) {
                if (!pat3_from_string(key, &raw) || (cls = pat3_class(raw)) < 0) {
                    set_err(err, errlen, "%s: $.factors.pat3.%s: not a 3x3 pattern", name, key);
                    return false;
                }
                slot = cls + 1;
            } else if (f == PAT_F_LARGE) {
                char *end;
                long sz = strtol(key, &end, 10);
                slot = -1;
                for (int i = 0; i < PAT_LARGE_NSIZES; i++)
                    if (pat_large_sizes[i] == sz && end != key && !*end)
                        slot = i + 1;
                if (slot < 0) {
                    set_err(err, errlen, "%s: $.factors.large.%s: expected a diamond size "
                            "(4..12, 14, 16)", name, key);
                    return false;
                }
            } else if (!parse_uint(key, t->n_slots[f] - 1, &slot)) {
                set_err(err, errlen, "%s: $.factors.%s.%s: value must be an integer 1..%d",
                        name, fname, key, t->n_slots[f] - 1);
                return false;
            }
            if (!json_is_array(vec) || (int)json_array_size(vec) != k) {
                set_err(err, errlen, "%s: $.factors.%s.%s: expected an array of %d numbers",
                        name, fname, key, k);
                return false;
            }
            for (int i = 0; i < k; i++) {
                json_t *x = json_array_get(vec, (size_t)i);
                double d = json_is_number(x) ? json_number_value(x) : NAN;
                if (!isfinite(d) || fabs(d) > 100) {
                    set_err(err, errlen, "%s: $.factors.%s.%s[%d]: expected a number in "
                            "-100..100", name, fname, key, i);
                    return false;
                }
                t->factor[f][(size_t)slot * (size_t)k + (size_t)i] = (float)d;
            }
        }
    }
    return true;
}

static struct pat_gammas *from_json(json_t *root, const char *name, char *err, size_t errlen)
{
    if (!json_is_object(root)) {
        set_err(err, errlen, "%s: $: expected a JSON object", name);
        return NULL;
    }
    json_t *fmt = json_object_get(root, "format");
    if (!json_is_string(fmt) || strcmp(json_string_value(fmt), FORMAT_NAME) != 0) {
        set_err(err, errlen, "%s: $.format: expected \"%s\" (not a hane gamma table)",
                name, FORMAT_NAME);
        return NULL;
    }
    json_t *ver = json_object_get(root, "version");
    if (!json_is_integer(ver) || json_integer_value(ver) < FORMAT_VERSION_PLAIN
        || json_integer_value(ver) > FORMAT_VERSION) {
        set_err(err, errlen, "%s: $.version: this hane reads version %d to %d tables", name,
                FORMAT_VERSION_PLAIN, FORMAT_VERSION);
        return NULL;
    }
    json_t *fac = json_object_get(root, "factors");
    if (fac && json_integer_value(ver) < 2) {
        set_err(err, errlen, "%s: $.factors: factors need a version 2 table", name);
        return NULL;
    }
    char want[17];
    snprintf(want, sizeof want, "%016" PRIx64, pat_large_fingerprint());
    json_t *ph = json_object_get(root, "pattern_hash");
    if (!json_is_string(ph) || strcmp(json_string_value(ph), want) != 0) {
        set_err(err, errlen, "%s: $.pattern_hash: table made with other pattern hash keys "
                "(%s, this hane uses %s): retrain it", name,
                json_is_string(ph) ? json_string_value(ph) : "missing", want);
        return NULL;
    }
    json_t *gam = json_object_get(root, "gammas");
    if (!json_is_object(gam)) {
        set_err(err, errlen, "%s: $.gammas: expected an object", name);
        return NULL;
    }
    struct pat_gammas *t = pat_gammas_new();
    if (!t) {
        set_err(err, errlen, "%s: out of memory", name);
        return NULL;
    }
    const char *key;
    json_t *val;
    json_object_foreach(gam, key, val) {
        int f = -1;
        for (int i = 0; i < PAT_NFEAT; i++)
            if (strcmp(key, pat_feature_name[i]) == 0)
                f = i;
        if (f < 0) {
            set_err(err, errlen, "%s: $.gammas.%s: unknown feature", name, key);
            pat_gammas_free(t);
            return NULL;
        }
        if (!parse_feature(t, f, val, name, err, errlen)) {
            pat_gammas_free(t);
            return NULL;
        }
    }
    if (fac && !parse_factors(t, fac, name, err, errlen)) {
        pat_gammas_free(t);
        return NULL;
    }
    json_t *meta = json_object_get(root, "meta");
    if (meta) {
        if (!json_is_object(meta)) {
            set_err(err, errlen, "%s: $.meta: expected an object", name);
            pat_gammas_free(t);
            return NULL;
        }
        json_decref(t->meta);
        t->meta = json_deep_copy(meta);
    }
    return t;
}

struct pat_gammas *pat_gammas_parse(const char *buf, size_t len, const char *name,
                                    char *err, size_t errlen)
{
    pat_init();
    json_t *root = json_read_bounded(buf, len, JSON_REJECT_DUPLICATES, name, err, errlen);
    if (!root)
        return NULL;
    struct pat_gammas *t = from_json(root, name, err, errlen);
    json_decref(root);
    return t;
}

struct pat_gammas *pat_gammas_load(const char *path, char *err, size_t errlen)
{
    char *buf;
    size_t len;
    if (file_read(path, PAT_GAMMAS_MAX_INPUT, &buf, &len, err, errlen) != FILE_OK)
        return NULL;
    struct pat_gammas *t = pat_gammas_parse(buf, len, path, err, errlen);
    free(buf);
    return t;
}

static json_t *factors_json(const struct pat_gammas *t)
{
    int k = t->n_factors;
    json_t *root = json_object();
    json_object_set_new(root, "k", json_integer(k));
    for (int f = 0; f < PAT_NFEAT; f++) {
        json_t *o = json_object();
        char key[40];
        for (int slot = 1; slot < t->n_slots[f]; slot++) {
            const float *u = t->factor[f] + (size_t)slot * (size_t)k;
            bool zero = true;
            for (int i = 0; i < k; i++)
                zero = zero && u[i] == 0.0f;
            if (zero)
                continue;
            if (f == PAT_F_PAT3)
                pat3_to_string(pat3_class_code(slot - 1), key);
            else if (f == PAT_F_LARGE)
                snprintf(key, sizeof key, "%d", pat_large_sizes[slot - 1]);
            else
                snprintf(key, sizeof key, "%d", slot);
            json_t *a = json_array();
            for (int i = 0; i < k; i++)
                json_array_append_new(a, json_real(u[i]));
            json_object_set_new(o, key, a);
        }
        json_object_set_new(root, pat_feature_name[f], o);
    }
    return root;
}

static json_t *to_json(const struct pat_gammas *t)
{
    json_t *root = json_object();
    json_t *gam = json_object();
    char fp[17];
    snprintf(fp, sizeof fp, "%016" PRIx64, pat_large_fingerprint());
    json_object_set_new(root, "format", json_string(FORMAT_NAME));
    json_object_set_new(root, "version",
                        json_integer(uses_features(t, PAT_F_REACH, PAT_F_STAGE) ? FORMAT_VERSION
                                     : uses_features(t, PAT_F_DIST3, PAT_F_WEAK) ? FORMAT_VERSION_V3
                                     : t->n_factors ? FORMAT_VERSION_FACTORS
                                     : FORMAT_VERSION_PLAIN));
    json_object_set_new(root, "pattern_hash", json_string(fp));
    json_object_set(root, "meta", t->meta);
    json_object_set_new(root, "gammas", gam);
    for (int f = 0; f < PAT_NFEAT; f++) {
        json_t *o = json_object();
        char key[40];
        for (int v = 1; v < t->n_values[f]; v++) {
            float g = t->gamma[f][v];
            /* Large patterns are a dictionary as well as gammas: every entry is
             * kept, so the chain of sizes that matching walks stays whole. */
            if (g == 1.0f && f != PAT_F_LARGE)
                continue;
            if (f == PAT_F_PAT3)
                pat3_to_string(pat3_class_code(v - 1), key);
            else if (f == PAT_F_LARGE)
                snprintf(key, sizeof key, "%d:%016" PRIx64,
                         pat_large_sizes[t->large_size[v - 1]], t->large_hash[v - 1]);
            else
                snprintf(key, sizeof key, "%d", v);
            json_object_set_new(o, key, json_real(g));
        }
        json_object_set_new(gam, pat_feature_name[f], o);
    }
    if (t->n_factors)
        json_object_set_new(root, "factors", factors_json(t));
    return root;
}

char *pat_gammas_dump(const struct pat_gammas *t)
{
    return pat_gammas_dump_digits(t, 6);
}

char *pat_gammas_dump_digits(const struct pat_gammas *t, int digits)
{
    json_t *root = to_json(t);
    if (!root)
        return NULL;
    char *s = json_dumps(root, JSON_INDENT(1) | JSON_REAL_PRECISION(digits));
    json_decref(root);
    return s;
}

bool pat_gammas_save(const struct pat_gammas *t, const char *path, char *err, size_t errlen)
{
    return pat_gammas_save_digits(t, path, 6, err, errlen);
}

bool pat_gammas_save_digits(const struct pat_gammas *t, const char *path, int digits,
                            char *err, size_t errlen)
{
    char *s = pat_gammas_dump_digits(t, digits);
    if (!s) {
        set_err(err, errlen, "%s: out of memory", path);
        return false;
    }
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    if (!tmp) {
        free(s);
        set_err(err, errlen, "%s: out of memory", path);
        return false;
    }
    snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    bool ok = f != NULL;
    if (!ok) {
        set_err(err, errlen, "%s: cannot create: %s", tmp, strerror(errno));
    } else {
        size_t len = strlen(s);
        ok = fwrite(s, 1, len, f) == len && fputc('\n', f) != EOF && fflush(f) == 0
             && fsync(fileno(f)) == 0;
        if (fclose(f) != 0)
            ok = false;
        if (!ok)
            set_err(err, errlen, "%s: write error: %s", tmp, strerror(errno));
        else if (rename(tmp, path) != 0) {
            set_err(err, errlen, "%s: cannot rename to %s: %s", tmp, path, strerror(errno));
            ok = false;
        }
        if (!ok)
            remove(tmp);
    }
    free(tmp);
    free(s);
    return ok;
}

static struct pat_gammas *default_table;
static pthread_once_t default_once = PTHREAD_ONCE_INIT;

static void load_default(void)
{
    char err[512];
    default_table = pat_gammas_parse(pat_default_json, pat_default_json_len,
                                     "built-in data/gammas.json", err, sizeof err);
    if (!default_table) {
        fprintf(stderr, "hane: internal error: %s\n", err);
        abort();
    }
}

const struct pat_gammas *pat_gammas_default(void)
{
    pthread_once(&default_once, load_default);
    return default_table;
}
