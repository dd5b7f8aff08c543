/* nv_text.c — sentences and story-file lines for ground actions. */
#include "tools/narrative/nv_text.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* "Bob", "Bob and Charlie", "Alice, Bob and Charlie" */
static void list_actors(const nv_world *w, uint32_t set, char *out, size_t cap)
{
    int n = __builtin_popcount(set), k = 0;
    size_t len = 0;
    out[0] = 0;
    for (int a = 0; a < w->n_actors && len < cap; a++) {
        if (!(set >> a & 1))
            continue;
        const char *sep = k == 0 ? "" : k == n - 1 ? " and " : ", ";
        len += (size_t)snprintf(out + len, cap - len, "%s%s", sep, w->actor_id[a]);
        k++;
    }
}

void nv_sentence(const nv_world *w, const nv_state *s, int g, char *out, size_t cap)
{
    const nv_action *x = &w->ground[g];
    const char *A = x->a >= 0 ? w->actor_id[x->a] : "";
    const char *Bn = x->b >= 0 ? w->actor_id[x->b] : "";
    const char *I = x->i >= 0 ? w->item_name[x->i] : "";
    const char *P = x->p >= 0 ? w->place_name[x->p] : "";
    char who[256];
    nv_state after = *s;
    switch (x->type) {
    case NV_MOVE:
        snprintf(out, cap, "%s %s to %s.", A, (s->murderers >> x->a & 1) ? "fled" : "went", P);
        break;
    case NV_PICKUP:
        snprintf(out, cap, "%s picked up %s.", A, I);
        break;
    case NV_STEAL:
        if (s->anger[x->a][x->b] != NV_FURIOUS && (s->knows[x->a] >> x->b & 1) &&
            w->item_weapon[x->i])
            snprintf(out, cap, "%s wrestled %s away from %s.", A, I, Bn);
        else
            snprintf(out, cap, "%s stole %s from %s. %s was furious.", A, I, Bn, Bn);
        break;
    case NV_KILL:
        snprintf(out, cap, "%s killed %s with %s.", A, Bn, I);
        break;
    case NV_SEARCH: {
        uint32_t found = s->culprits[x->p] & ~(1u << x->a);
        list_actors(w, found, who, sizeof who);
        snprintf(out, cap, "%s searched %s and found a clue: %s %s.", A, P, who,
                 __builtin_popcount(found) > 1 ? "are the killers" : "is the killer");
        break;
    }
    case NV_SHARE: {
        uint32_t told = s->knows[x->a] & ~(1u << x->b);
        list_actors(w, told, who, sizeof who);
        snprintf(out, cap, "%s told %s that %s %s.", A, Bn, who,
                 __builtin_popcount(told) > 1 ? "are murderers" : "is a murderer");
        break;
    }
    case NV_OFFICER_ARREST:
        snprintf(out, cap, "%s arrested %s and took %s to jail.", A, Bn,
                 w->actor_pronoun[x->b]);
        break;
    case NV_CITIZEN_ARREST:
        snprintf(out, cap, "%s made a citizen's arrest of %s and took %s to jail.", A, Bn,
                 w->actor_pronoun[x->b]);
        break;
    default: {
        nv_apply(w, &after, g);
        uint32_t died = after.dead & ~s->dead;
        list_actors(w, died, who, sizeof who);
        char pl[NV_NAME_LEN];
        snprintf(pl, sizeof pl, "%s", P);
        if (died)
            snprintf(out, cap, "An earthquake struck %s! %s died.", pl, who);
        else
            snprintf(out, cap, "An earthquake struck %s! No one was there.", pl);
        break;
    }
    }
}

void nv_action_str(const nv_world *w, int g, char *out, size_t cap)
{
    const nv_action *x = &w->ground[g];
    size_t len = (size_t)snprintf(out, cap, "%s", nv_type_name(x->type));
    if (x->a >= 0 && len < cap)
        len += (size_t)snprintf(out + len, cap - len, " %s", w->actor_id[x->a]);
    if (x->b >= 0 && len < cap)
        len += (size_t)snprintf(out + len, cap - len, " %s", w->actor_id[x->b]);
    if (x->p >= 0 && len < cap)
        len += (size_t)snprintf(out + len, cap - len, " %s", w->place_id[x->p]);
    if (x->i >= 0 && len < cap)
        snprintf(out + len, cap - len, " %s", w->item_id[x->i]);
}

static int find_id(const char (*ids)[NV_NAME_LEN], int n, const char *tok)
{
    for (int k = 0; k < n; k++)
        if (strcasecmp(ids[k], tok) == 0)
            return k;
    return -1;
}

int nv_action_parse(const nv_world *w, const char *line, char *err, size_t cap)
{
    char buf[256];
    char *tok[6];
    int nt = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *save = NULL, *t = strtok_r(buf, " \t\r\n", &save); t;
         t = strtok_r(NULL, " \t\r\n", &save)) {
        if (nt == 6) {
            snprintf(err, cap, "too many words");
            return -1;
        }
        tok[nt++] = t;
    }
    if (nt == 0) {
        snprintf(err, cap, "empty action");
        return -1;
    }
    int type = nv_type_parse(tok[0]);
    if (type < 0) {
        snprintf(err, cap, "unknown action type \"%s\"", tok[0]);
        return -1;
    }
    /* argument kinds per type: A actor, B actor, P place, I item */
    static const char *const sig[NV_NTYPES] = { "AP", "AI", "ABI", "ABI", "AP", "AB", "AB",
                                                "AB", "P" };
    const char *k = sig[type];
    if (nt - 1 != (int)strlen(k)) {
        snprintf(err, cap, "%s takes %zu arguments, got %d", tok[0], strlen(k), nt - 1);
        return -1;
    }
    int arg[4] = { -1, -1, -1, -1 }; /* a, b, p, i */
    for (int j = 0; k[j]; j++) {
        const char *t = tok[j + 1];
        int v;
        const char *what;
        if (k[j] == 'A' || k[j] == 'B') {
            v = find_id(w->actor_id, w->n_actors, t);
            what = "actor";
        } else if (k[j] == 'P') {
            v = find_id(w->place_id, w->n_places, t);
            what = "place";
        } else {
            v = find_id(w->item_id, w->n_items, t);
            what = "item";
        }
        if (v < 0) {
            snprintf(err, cap, "unknown %s \"%s\"", what, t);
            return -1;
        }
        arg[k[j] == 'A' ? 0 : k[j] == 'B' ? 1 : k[j] == 'P' ? 2 : 3] = v;
    }
    int a = arg[0], b = arg[1], p = arg[2], i = arg[3];
    if (b >= 0 && a == b) {
        snprintf(err, cap, "an actor cannot %s itself", tok[0]);
        return -1;
    }
    int g = -1;
    switch (type) {
    case NV_MOVE: g = w->id_move[a][p]; break;
    case NV_PICKUP: g = w->id_pickup[a][i]; break;
    case NV_STEAL: g = w->id_steal[a][b][i]; break;
    case NV_KILL:
        g = w->id_kill[a][b][i];
        if (g < 0) {
            snprintf(err, cap, "%s is not a weapon", w->item_id[i]);
            return -1;
        }
        break;
    case NV_SEARCH: g = w->id_search[a][p]; break;
    case NV_SHARE: g = w->id_share[a][b]; break;
    case NV_OFFICER_ARREST:
    case NV_CITIZEN_ARREST:
        g = w->id_arrest[a][b];
        if (w->ground[g].type != type) {
            snprintf(err, cap, "%s is %s: use %s", w->actor_id[a],
                     type == NV_OFFICER_ARREST ? "not police" : "police",
                     nv_type_name(w->ground[g].type));
            return -1;
        }
        break;
    default: g = w->id_quake[p]; break;
    }
    return g;
}

int nv_story_parse(const nv_world *w, const char *text, int *acts, int max, char *err,
                   size_t cap)
{
    int n = 0, lineno = 0;
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        lineno++;
        char line[256];
        if (len >= sizeof line) {
            snprintf(err, cap, "line %d: too long", lineno);
            return -1;
        }
        memcpy(line, p, len);
        line[len] = 0;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char *q = line;
        while (isspace((unsigned char)*q))
            q++;
        if (*q) {
            char e2[160];
            int g = nv_action_parse(w, q, e2, sizeof e2);
            if (g < 0) {
                snprintf(err, cap, "line %d: %s", lineno, e2);
                return -1;
            }
            if (n == max) {
                snprintf(err, cap, "line %d: story longer than %d actions", lineno, max);
                return -1;
            }
            acts[n++] = g;
        }
        p += len + (e ? 1 : 0);
    }
    return n;
}
