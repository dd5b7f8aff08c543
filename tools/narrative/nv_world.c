/* nv_world.c — the built-in world, ground action numbering, and the rules of README, The world and its rules. */
#include "tools/narrative/nv_world.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const type_names[NV_NTYPES] = {
    "Move", "PickUp", "Steal", "Kill", "Search", "ShareClue", "OfficerArrest",
    "CitizenArrest", "Earthquake"
};

const char *nv_type_name(int type)
{
    return type >= 0 && type < NV_NTYPES ? type_names[type] : "?";
}

int nv_type_parse(const char *s)
{
    for (int t = 0; t < NV_NTYPES; t++)
        if (strcasecmp(s, type_names[t]) == 0)
            return t;
    return -1;
}

static void set_str(char *dst, const char *src)
{
    snprintf(dst, NV_NAME_LEN, "%s", src);
}

void nv_world_default(nv_world *w)
{
    memset(w, 0, sizeof *w);
    set_str(w->name, "baker-street");
    static const char *const actors[] = { "Alice", "Bob", "Charlie", "Sherlock", "Lestrade" };
    static const char *const pron[] = { "her", "him", "him", "him", "him" };
    static const uint8_t roles[] = { NV_CIVILIAN, NV_CIVILIAN, NV_CIVILIAN, NV_DETECTIVE,
                                     NV_POLICE };
    static const uint8_t start[] = { 0, 1, 2, 3, 5 };
    static const char *const pid[] = { "AliceHouse", "BobHouse", "CharlieHouse", "BakerStreet",
                                       "Downtown", "PoliceStation" };
    static const char *const pname[] = { "Alice's house", "Bob's house", "Charlie's house",
                                         "Baker Street", "downtown", "the police station" };
    static const char *const iid[] = { "Vase", "Rifle", "Bat", "Revolver" };
    static const char *const iname[] = { "the vase", "the rifle", "the baseball bat",
                                         "the revolver" };
    w->n_actors = 5;
    w->n_places = 6;
    w->n_items = 4;
    for (int a = 0; a < 5; a++) {
        set_str(w->actor_id[a], actors[a]);
        snprintf(w->actor_pronoun[a], sizeof w->actor_pronoun[a], "%s", pron[a]);
        w->actor_role[a] = roles[a];
        w->actor_place[a] = start[a];
    }
    for (int p = 0; p < 6; p++) {
        set_str(w->place_id[p], pid[p]);
        set_str(w->place_name[p], pname[p]);
    }
    w->jail = 5;
    for (int i = 0; i < 4; i++) {
        set_str(w->item_id[i], iid[i]);
        set_str(w->item_name[i], iname[i]);
        w->item_weapon[i] = i != 0;
        w->item_valuable[i] = i == 0;
        w->item_holder[i] = -1;
    }
    w->item_place[0] = 0;
    w->item_place[1] = 1;
    w->item_place[2] = 2;
    w->item_holder[3] = 4;              /* Lestrade's revolver */
    w->anger[1][0] = NV_RESENTFUL;      /* Bob resents Alice: the seeded motive */
    w->deaths_at_least = 2;
    w->murderer_arrested = true;
    for (int t = 0; t < NV_NTYPES; t++)
        w->lambda[t] = 1.0;
    w->max_len = 20;
    nv_world_finish(w);
}

static int add_ground(nv_world *w, int type, int a, int b, int i, int p)
{
    nv_action *g = &w->ground[w->n_ground];
    g->type = (uint8_t)type;
    g->a = (int8_t)a;
    g->b = (int8_t)b;
    g->i = (int8_t)i;
    g->p = (int8_t)p;
    return w->n_ground++;
}

void nv_world_finish(nv_world *w)
{
    w->n_ground = 0;
    memset(w->id_kill, 0xff, sizeof w->id_kill);
    for (int a = 0; a < w->n_actors; a++) {
        for (int p = 0; p < w->n_places; p++)
            w->id_move[a][p] = (int16_t)add_ground(w, NV_MOVE, a, -1, -1, p);
        for (int i = 0; i < w->n_items; i++)
            w->id_pickup[a][i] = (int16_t)add_ground(w, NV_PICKUP, a, -1, i, -1);
        for (int b = 0; b < w->n_actors; b++) {
            if (b == a)
                continue;
            for (int i = 0; i < w->n_items; i++)
                w->id_steal[a][b][i] = (int16_t)add_ground(w, NV_STEAL, a, b, i, -1);
            for (int i = 0; i < w->n_items; i++)
                if (w->item_weapon[i])
                    w->id_kill[a][b][i] = (int16_t)add_ground(w, NV_KILL, a, b, i, -1);
            w->id_share[a][b] = (int16_t)add_ground(w, NV_SHARE, a, b, -1, -1);
            int at = w->actor_role[a] == NV_POLICE ? NV_OFFICER_ARREST : NV_CITIZEN_ARREST;
            w->id_arrest[a][b] = (int16_t)add_ground(w, at, a, b, -1, -1);
        }
        for (int p = 0; p < w->n_places; p++)
            w->id_search[a][p] = (int16_t)add_ground(w, NV_SEARCH, a, -1, -1, p);
    }
    for (int p = 0; p < w->n_places; p++)
        w->id_quake[p] = (int16_t)add_ground(w, NV_EARTHQUAKE, -1, -1, -1, p);
}

void nv_state_init(const nv_world *w, nv_state *s)
{
    memset(s, 0, sizeof *s);
    for (int a = 0; a < w->n_actors; a++) {
        s->place[a] = w->actor_place[a];
        for (int b = 0; b < w->n_actors; b++)
            s->anger[a][b] = w->anger[a][b];
    }
    for (int i = 0; i < w->n_items; i++) {
        s->holder[i] = w->item_holder[i];
        s->lies_at[i] = w->item_place[i];
    }
}

static inline bool is_free(const nv_state *s, int a)
{
    return !((s->dead | s->jailed) >> a & 1);
}

static inline bool holds_weapon(const nv_world *w, const nv_state *s, int a)
{
    for (int i = 0; i < w->n_items; i++)
        if (s->holder[i] == a && w->item_weapon[i])
            return true;
    return false;
}

/* Murderers other than a that a culprit of place p is and a does not know of. */
static inline uint32_t unknown_culprits(const nv_state *s, int a, int p)
{
    return s->culprits[p] & ~(1u << a) & ~s->knows[a];
}

/* What a knows that b does not, b itself excluded. */
static inline uint32_t news_for(const nv_state *s, int a, int b)
{
    return s->knows[a] & ~(1u << b) & ~s->knows[b];
}

int nv_legal(const nv_world *w, const nv_state *s, int *out)
{
    int n = 0;
    bool jail_ok = !(s->collapsed >> w->jail & 1);
    for (int a = 0; a < w->n_actors; a++) {
        if (!is_free(s, a))
            continue;
        int here = s->place[a];
        for (int p = 0; p < w->n_places; p++)
            if (p != here && !(s->collapsed >> p & 1))
                out[n++] = w->id_move[a][p];
        for (int i = 0; i < w->n_items; i++)
            if (s->holder[i] < 0 && s->lies_at[i] == here && !(s->stuck >> i & 1))
                out[n++] = w->id_pickup[a][i];
        bool armed = holds_weapon(w, s, a);
        for (int b = 0; b < w->n_actors; b++) {
            if (b == a || !is_free(s, b) || s->place[b] != here)
                continue;
            for (int i = 0; i < w->n_items; i++)
                if (s->holder[i] == b)
                    out[n++] = w->id_steal[a][b][i];
            for (int i = 0; i < w->n_items; i++)
                if (s->holder[i] == a && w->item_weapon[i])
                    out[n++] = w->id_kill[a][b][i];
            if (news_for(s, a, b))
                out[n++] = w->id_share[a][b];
            if (armed && jail_ok)
                out[n++] = w->id_arrest[a][b];
        }
        if (unknown_culprits(s, a, here))
            out[n++] = w->id_search[a][here];
    }
    for (int p = 0; p < w->n_places; p++)
        if (!(s->collapsed >> p & 1))
            out[n++] = w->id_quake[p];
    return n;
}

bool nv_is_legal(const nv_world *w, const nv_state *s, int g)
{
    if (g < 0 || g >= w->n_ground)
        return false;
    const nv_action *x = &w->ground[g];
    if (x->type == NV_EARTHQUAKE)
        return !(s->collapsed >> x->p & 1);
    int a = x->a, b = x->b;
    if (!is_free(s, a))
        return false;
    int here = s->place[a];
    if (b >= 0 && (!is_free(s, b) || s->place[b] != here))
        return false;
    switch (x->type) {
    case NV_MOVE:
        return x->p != here && !(s->collapsed >> x->p & 1);
    case NV_PICKUP:
        return s->holder[x->i] < 0 && s->lies_at[x->i] == here && !(s->stuck >> x->i & 1);
    case NV_STEAL:
        return s->holder[x->i] == b;
    case NV_KILL:
        return s->holder[x->i] == a && w->item_weapon[x->i];
    case NV_SEARCH:
        return x->p == here && unknown_culprits(s, a, here) != 0;
    case NV_SHARE:
        return news_for(s, a, b) != 0;
    default: /* arrests */
        return holds_weapon(w, s, a) && !(s->collapsed >> w->jail & 1);
    }
}

static double raw_believe(const nv_world *w, const nv_state *s, const nv_action *x)
{
    int a = x->a, b = x->b;
    switch (x->type) {
    case NV_MOVE:
    case NV_PICKUP:
        return 1.0;
    case NV_STEAL:
        if (s->anger[a][b] == NV_FURIOUS || ((s->knows[a] >> b & 1) && w->item_weapon[x->i]))
            return 1.0;
        if (w->item_valuable[x->i] || s->anger[a][b] == NV_RESENTFUL)
            return 0.9;
        return 0.2;
    case NV_KILL:
        if (s->anger[a][b] == NV_FURIOUS || ((s->murderers >> a & 1) && (s->knows[b] >> a & 1)))
            return 1.0;
        if (s->anger[a][b] == NV_RESENTFUL)
            return 0.9;
        return 0.05;
    case NV_SEARCH:
        return w->actor_role[a] == NV_CIVILIAN ? 0.3 : 1.0;
    case NV_SHARE:
        return w->actor_role[b] == NV_POLICE ? 1.0 : 0.6;
    case NV_OFFICER_ARREST:
    case NV_CITIZEN_ARREST:
        return (s->knows[a] >> b & 1) ? 1.0 : 0.02;
    default:
        return 0.1;
    }
}

double nv_believe(const nv_world *w, const nv_state *s, int g)
{
    const nv_action *x = &w->ground[g];
    double b = w->lambda[x->type] * raw_believe(w, s, x);
    return b < 1.0 ? b : 1.0;
}

void nv_apply(const nv_world *w, nv_state *s, int g)
{
    const nv_action *x = &w->ground[g];
    int a = x->a, b = x->b;
    s->len++;
    switch (x->type) {
    case NV_MOVE:
        s->place[a] = (uint8_t)x->p;
        break;
    case NV_PICKUP:
        s->holder[x->i] = (int8_t)a;
        break;
    case NV_STEAL:
        s->holder[x->i] = (int8_t)a;
        s->anger[b][a] = NV_FURIOUS;
        break;
    case NV_KILL: {
        int here = s->place[a];
        s->dead |= 1u << b;
        for (int i = 0; i < w->n_items; i++)
            if (s->holder[i] == b) {
                s->holder[i] = -1;
                s->lies_at[i] = (uint8_t)here;
            }
        s->murderers |= 1u << a;
        s->culprits[here] |= 1u << a;
        break;
    }
    case NV_SEARCH:
        s->knows[a] |= s->culprits[x->p] & ~(1u << a);
        break;
    case NV_SHARE:
        s->knows[b] |= s->knows[a] & ~(1u << b);
        break;
    case NV_OFFICER_ARREST:
    case NV_CITIZEN_ARREST:
        s->jailed |= 1u << b;
        for (int i = 0; i < w->n_items; i++)
            if (s->holder[i] == b)
                s->holder[i] = (int8_t)a;
        s->place[a] = s->place[b] = (uint8_t)w->jail;
        break;
    case NV_EARTHQUAKE: {
        int p = x->p;
        uint32_t victims = 0;
        for (int c = 0; c < w->n_actors; c++)
            if (!(s->dead >> c & 1) && s->place[c] == p)
                victims |= 1u << c;
        for (int i = 0; i < w->n_items; i++) {
            bool lies_here = s->holder[i] < 0 && s->lies_at[i] == p;
            bool held_by_dead = s->holder[i] >= 0 && (victims >> s->holder[i] & 1);
            if (lies_here || held_by_dead) {
                s->holder[i] = -1;
                s->lies_at[i] = (uint8_t)p;
                s->stuck |= 1u << i;
            }
        }
        s->dead |= victims;
        s->collapsed |= 1u << p;
        break;
    }
    default:
        break;
    }
}

int nv_goal_count(const nv_world *w)
{
    return (w->deaths_at_least > 0) + (w->murderer_arrested ? 1 : 0);
}

int nv_goals_met(const nv_world *w, const nv_state *s, bool *g1, bool *g2)
{
    bool m1 = w->deaths_at_least > 0 && __builtin_popcount(s->dead) >= w->deaths_at_least;
    /* G2: some murderer was arrested and no murderer is still free (a dead one is not) */
    uint32_t free_set = ~(s->dead | s->jailed);
    bool m2 = w->murderer_arrested && (s->murderers & s->jailed) != 0 &&
              (s->murderers & free_set) == 0;
    if (g1)
        *g1 = m1;
    if (g2)
        *g2 = m2;
    return m1 + m2;
}

double nv_goal_fraction(const nv_world *w, const nv_state *s)
{
    int n = nv_goal_count(w);
    return n == 0 ? 1.0 : (double)nv_goals_met(w, s, NULL, NULL) / n;
}

bool nv_story_score(const nv_world *w, const int *acts, int n, nv_score *sc, double *b_out,
                    int *bad)
{
    nv_state s;
    nv_state_init(w, &s);
    double B = 1.0;
    for (int k = 0; k < n; k++) {
        if (!nv_is_legal(w, &s, acts[k])) {
            if (bad)
                *bad = k;
            return false;
        }
        double b = nv_believe(w, &s, acts[k]);
        if (b_out)
            b_out[k] = b;
        B *= b;
        nv_apply(w, &s, acts[k]);
    }
    sc->B = B;
    nv_goals_met(w, &s, &sc->g1, &sc->g2);
    sc->G = nv_goal_fraction(w, &s);
    sc->E = B * sc->G;
    return true;
}
