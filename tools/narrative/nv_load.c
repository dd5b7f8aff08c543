/* nv_load.c — JSON world reader.  Format (see data/narrative/baker-street.json):
 *   { "name": s, "max_len": n?,
 *     "places":  [{"id": s, "name": s, "jail": bool?}],
 *     "actors":  [{"id": s, "role": "civilian"|"detective"|"police", "place": placeId,
 *                  "pronoun": s?}],
 *     "items":   [{"id": s, "name": s, "kind": "weapon"|"valuable"|"plain",
 *                  "at": placeId | "holder": actorId}],
 *     "anger":   [{"from": actorId, "to": actorId, "level": "resentful"|"furious"}]?,
 *     "goals":   {"deaths_at_least": n?, "murderer_arrested": bool?} }
 * Exactly one place has "jail": true. */
#include "tools/narrative/nv_load.h"

#include "engine/board/file_read.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ctx {
    char *err;
    size_t cap;
    const char *label;
} ctx;

static int fail(ctx *c, const char *path, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(c->err, c->cap, "%s: %s: %s", c->label, path, msg);
    return -1;
}

static void sub(char *out, size_t cap, const char *base, const char *key, int index)
{
    int n = key ? snprintf(out, cap, "%s.%s", base, key) : snprintf(out, cap, "%s[%d]", base, index);
    /* Today's paths (a short base, a fixed key) always fit; should one not,
     * mark the cut so the error message does not name a wrong field. */
    if (n >= 0 && (size_t)n >= cap && cap > 4)
        memcpy(out + cap - 4, "...", 4);
}

/* Required (or optional: def != NULL) string field copied into dst. */
static int get_str(ctx *c, json_t *obj, const char *path, const char *key, char *dst,
                   size_t cap, const char *def)
{
    char p[160];
    sub(p, sizeof p, path, key, 0);
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (def) {
            snprintf(dst, cap, "%s", def);
            return 0;
        }
        return fail(c, p, "missing");
    }
    if (!json_is_string(v))
        return fail(c, p, "must be a string");
    const char *s = json_string_value(v);
    if (s[0] == 0 || strlen(s) >= cap)
        return fail(c, p, "must be 1..%zu characters", cap - 1);
    snprintf(dst, cap, "%s", s);
    return 0;
}

static int is_word(const char *s)
{
    for (; *s; s++)
        if (*s == ' ' || *s == '\t' || *s == '#' || *s == '\n' || *s == '\r')
            return 0;
    return 1;
}

static int lookup(const char (*ids)[NV_NAME_LEN], int n, const char *s)
{
    for (int k = 0; k < n; k++)
        if (strcmp(ids[k], s) == 0)
            return k;
    return -1;
}

static int get_ref(ctx *c, json_t *obj, const char *path, const char *key,
                   const char (*ids)[NV_NAME_LEN], int n, const char *what, int *out)
{
    char name[NV_NAME_LEN], p[160];
    if (get_str(c, obj, path, key, name, sizeof name, NULL))
        return -1;
    *out = lookup(ids, n, name);
    sub(p, sizeof p, path, key, 0);
    if (*out < 0)
        return fail(c, p, "unknown %s \"%s\"", what, name);
    return 0;
}

static json_t *get_array(ctx *c, json_t *root, const char *key, int max, bool required)
{
    char p[64];
    snprintf(p, sizeof p, "$.%s", key);
    json_t *a = json_object_get(root, key);
    if (!a) {
        if (required)
            fail(c, p, "missing");
        return NULL;
    }
    if (!json_is_array(a)) {
        fail(c, p, "must be an array");
        return NULL;
    }
    if (json_array_size(a) > (size_t)max || (required && json_array_size(a) == 0)) {
        fail(c, p, "must hold 1..%d entries", max);
        return NULL;
    }
    return a;
}

static int check_unique(ctx *c, const char (*ids)[NV_NAME_LEN], int n, const char *arr)
{
    char p[160];
    for (int k = 0; k < n; k++) {
        snprintf(p, sizeof p, "$.%s[%d].id", arr, k);
        if (!is_word(ids[k]))
            return fail(c, p, "ids are single words");
        if (lookup(ids, k, ids[k]) >= 0)
            return fail(c, p, "duplicate id \"%s\"", ids[k]);
    }
    return 0;
}

static int parse_root(nv_world *w, json_t *root, ctx *c)
{
    char p[160];
    if (!json_is_object(root))
        return fail(c, "$", "must be an object");
    if (get_str(c, root, "$", "name", w->name, sizeof w->name, "custom"))
        return -1;
    json_t *ml = json_object_get(root, "max_len");
    if (ml) {
        if (!json_is_integer(ml) || json_integer_value(ml) < 1 ||
            json_integer_value(ml) > NV_MAX_LEN)
            return fail(c, "$.max_len", "must be an integer in 1..%d", NV_MAX_LEN);
        w->max_len = (int)json_integer_value(ml);
    }
    json_t *places = get_array(c, root, "places", NV_MAX_PLACES, true);
    if (!places)
        return -1;
    w->n_places = (int)json_array_size(places);
    w->jail = -1;
    for (int k = 0; k < w->n_places; k++) {
        json_t *o = json_array_get(places, (size_t)k);
        snprintf(p, sizeof p, "$.places[%d]", k);
        if (!json_is_object(o))
            return fail(c, p, "must be an object");
        if (get_str(c, o, p, "id", w->place_id[k], NV_NAME_LEN, NULL) ||
            get_str(c, o, p, "name", w->place_name[k], NV_NAME_LEN, w->place_id[k]))
            return -1;
        json_t *j = json_object_get(o, "jail");
        if (j && !json_is_boolean(j))
            return fail(c, p, "jail must be true or false");
        if (j && json_is_true(j)) {
            if (w->jail >= 0)
                return fail(c, p, "a second jail (only one place may have \"jail\": true)");
            w->jail = k;
        }
    }
    if (w->jail < 0)
        return fail(c, "$.places", "no place has \"jail\": true");
    if (check_unique(c, w->place_id, w->n_places, "places"))
        return -1;

    json_t *actors = get_array(c, root, "actors", NV_MAX_ACTORS, true);
    if (!actors)
        return -1;
    w->n_actors = (int)json_array_size(actors);
    for (int k = 0; k < w->n_actors; k++) {
        json_t *o = json_array_get(actors, (size_t)k);
        snprintf(p, sizeof p, "$.actors[%d]", k);
        if (!json_is_object(o))
            return fail(c, p, "must be an object");
        char role[16], pron[NV_NAME_LEN];
        int place;
        if (get_str(c, o, p, "id", w->actor_id[k], NV_NAME_LEN, NULL) ||
            get_str(c, o, p, "role", role, sizeof role, "civilian") ||
            get_str(c, o, p, "pronoun", pron, sizeof pron, "them") ||
            get_ref(c, o, p, "place", w->place_id, w->n_places, "place", &place))
            return -1;
        if (strlen(pron) >= sizeof w->actor_pronoun[k]) {
            snprintf(p, sizeof p, "$.actors[%d].pronoun", k);
            return fail(c, p, "too long");
        }
        memcpy(w->actor_pronoun[k], pron, strlen(pron) + 1);   /* length checked above */
        if (strcmp(role, "civilian") == 0)
            w->actor_role[k] = NV_CIVILIAN;
        else if (strcmp(role, "detective") == 0)
            w->actor_role[k] = NV_DETECTIVE;
        else if (strcmp(role, "police") == 0)
            w->actor_role[k] = NV_POLICE;
        else {
            snprintf(p, sizeof p, "$.actors[%d].role", k);
            return fail(c, p, "must be \"civilian\", \"detective\" or \"police\"");
        }
        w->actor_place[k] = (uint8_t)place;
    }
    if (check_unique(c, w->actor_id, w->n_actors, "actors"))
        return -1;

    json_t *items = get_array(c, root, "items", NV_MAX_ITEMS, false);
    if (c->err[0])
        return -1;
    w->n_items = items ? (int)json_array_size(items) : 0;
    for (int k = 0; k < w->n_items; k++) {
        json_t *o = json_array_get(items, (size_t)k);
        snprintf(p, sizeof p, "$.items[%d]", k);
        if (!json_is_object(o))
            return fail(c, p, "must be an object");
        char kind[16];
        if (get_str(c, o, p, "id", w->item_id[k], NV_NAME_LEN, NULL) ||
            get_str(c, o, p, "name", w->item_name[k], NV_NAME_LEN, w->item_id[k]) ||
            get_str(c, o, p, "kind", kind, sizeof kind, "plain"))
            return -1;
        w->item_weapon[k] = strcmp(kind, "weapon") == 0;
        w->item_valuable[k] = strcmp(kind, "valuable") == 0;
        if (!w->item_weapon[k] && !w->item_valuable[k] && strcmp(kind, "plain") != 0) {
            snprintf(p, sizeof p, "$.items[%d].kind", k);
            return fail(c, p, "must be \"weapon\", \"valuable\" or \"plain\"");
        }
        bool at = json_object_get(o, "at") != NULL, held = json_object_get(o, "holder") != NULL;
        if (at == held)
            return fail(c, p, "needs exactly one of \"at\" (a place) and \"holder\" (an actor)");
        int v;
        if (at) {
            if (get_ref(c, o, p, "at", w->place_id, w->n_places, "place", &v))
                return -1;
            w->item_holder[k] = -1;
            w->item_place[k] = (uint8_t)v;
        } else {
            if (get_ref(c, o, p, "holder", w->actor_id, w->n_actors, "actor", &v))
                return -1;
            w->item_holder[k] = (int8_t)v;
        }
    }
    if (check_unique(c, w->item_id, w->n_items, "items"))
        return -1;

    json_t *anger = get_array(c, root, "anger", NV_MAX_ACTORS * NV_MAX_ACTORS, false);
    if (c->err[0])
        return -1;
    for (int k = 0; anger && k < (int)json_array_size(anger); k++) {
        json_t *o = json_array_get(anger, (size_t)k);
        snprintf(p, sizeof p, "$.anger[%d]", k);
        if (!json_is_object(o))
            return fail(c, p, "must be an object");
        int from, to;
        char level[16];
        if (get_ref(c, o, p, "from", w->actor_id, w->n_actors, "actor", &from) ||
            get_ref(c, o, p, "to", w->actor_id, w->n_actors, "actor", &to) ||
            get_str(c, o, p, "level", level, sizeof level, NULL))
            return -1;
        if (from == to)
            return fail(c, p, "an actor cannot be angry at itself");
        int lv = strcmp(level, "resentful") == 0 ? NV_RESENTFUL
               : strcmp(level, "furious") == 0 ? NV_FURIOUS
               : strcmp(level, "none") == 0 ? NV_CALM : -1;
        if (lv < 0) {
            snprintf(p, sizeof p, "$.anger[%d].level", k);
            return fail(c, p, "must be \"none\", \"resentful\" or \"furious\"");
        }
        w->anger[from][to] = (uint8_t)lv;
    }

    json_t *goals = json_object_get(root, "goals");
    if (!goals || !json_is_object(goals))
        return fail(c, "$.goals", "missing or not an object");
    json_t *d = json_object_get(goals, "deaths_at_least");
    if (d) {
        if (!json_is_integer(d) || json_integer_value(d) < 0 ||
            json_integer_value(d) > w->n_actors)
            return fail(c, "$.goals.deaths_at_least", "must be an integer in 0..%d",
                        w->n_actors);
        w->deaths_at_least = (int)json_integer_value(d);
    }
    json_t *ma = json_object_get(goals, "murderer_arrested");
    if (ma) {
        if (!json_is_boolean(ma))
            return fail(c, "$.goals.murderer_arrested", "must be true or false");
        w->murderer_arrested = json_is_true(ma);
    }
    const char *key;
    json_t *val;
    json_object_foreach(goals, key, val) {
        if (strcmp(key, "deaths_at_least") != 0 && strcmp(key, "murderer_arrested") != 0) {
            snprintf(p, sizeof p, "$.goals.%.60s", key);
            return fail(c, p, "unknown goal (known: deaths_at_least, murderer_arrested)");
        }
    }
    return 0;
}

int nv_world_parse(nv_world *w, const char *text, const char *label, char *err, size_t cap)
{
    ctx c = { err, cap, label };
    err[0] = 0;
    memset(w, 0, sizeof *w);
    for (int t = 0; t < NV_NTYPES; t++)
        w->lambda[t] = 1.0;
    w->max_len = 20;
    json_t *root = json_read_bounded(text, strlen(text), 0, label, err, cap);
    if (!root)
        return -1;
    int rc = parse_root(w, root, &c);
    json_decref(root);
    if (rc == 0)
        nv_world_finish(w);
    return rc;
}

int nv_world_load(nv_world *w, const char *path, char *err, size_t cap)
{
    char *buf;
    size_t len;
    if (file_read(path, NV_WORLD_MAX_BYTES, &buf, &len, err, cap) != FILE_OK)
        return -1;
    if (!file_check_text(buf, len, 0, path, err, cap)) {
        free(buf);
        return -1;
    }
    int rc = nv_world_parse(w, buf, path, err, cap);
    free(buf);
    return rc;
}
