/* nv_world.h — the story world of tools/narrative: actors, places, items, goals and the
 * ground actions over them (Kartal, Koenig & Guy 2014; README, The world and its rules),
 * plus the story state and its rules.
 *
 * A world is plain data (built in by nv_world_default or read from JSON by nv_world_load);
 * nv_world_finish numbers its ground actions actor by actor (then by type and arguments),
 * earthquakes last.  A state is a fixed-size value type, copied with plain assignment;
 * nothing here allocates.
 */
#ifndef HANE_NV_WORLD_H
#define HANE_NV_WORLD_H

#include <stdbool.h>
#include <stdint.h>

#define NV_MAX_ACTORS 16
#define NV_MAX_PLACES 16
#define NV_MAX_ITEMS  16
#define NV_NAME_LEN   48
/* per actor: moves, pick-ups, per other actor (steal per item, kill per weapon, share,
 * arrest), searches; then one earthquake per place */
#define NV_MAX_GROUND (NV_MAX_ACTORS * (NV_MAX_PLACES + NV_MAX_ITEMS + \
                       (NV_MAX_ACTORS - 1) * (2 * NV_MAX_ITEMS + 2) + NV_MAX_PLACES) + \
                       NV_MAX_PLACES)
#define NV_MAX_LEN    64   /* longest story (--max-len) */

typedef enum nv_type {
    NV_MOVE, NV_PICKUP, NV_STEAL, NV_KILL, NV_SEARCH, NV_SHARE, NV_OFFICER_ARREST,
    NV_CITIZEN_ARREST, NV_EARTHQUAKE, NV_NTYPES
} nv_type;

typedef enum nv_role { NV_CIVILIAN, NV_DETECTIVE, NV_POLICE } nv_role;
typedef enum nv_anger { NV_CALM, NV_RESENTFUL, NV_FURIOUS } nv_anger;

/* One ground action: type and arguments (-1 where unused).  a = actor, b = other actor,
 * i = item, p = place. */
typedef struct nv_action {
    uint8_t type;
    int8_t a, b, i, p;
} nv_action;

typedef struct nv_world {
    char name[NV_NAME_LEN];
    int n_actors, n_places, n_items;
    /* ids are single words (used on command lines and in story files); names are the
     * English forms used in sentences ("Alice's house", "the rifle") */
    char actor_id[NV_MAX_ACTORS][NV_NAME_LEN];
    char actor_pronoun[NV_MAX_ACTORS][8];    /* object pronoun: "him", "her", "them" */
    uint8_t actor_role[NV_MAX_ACTORS];
    uint8_t actor_place[NV_MAX_ACTORS];      /* initial place */
    char place_id[NV_MAX_PLACES][NV_NAME_LEN];
    char place_name[NV_MAX_PLACES][NV_NAME_LEN];
    int jail;                                /* index of the police station */
    char item_id[NV_MAX_ITEMS][NV_NAME_LEN];
    char item_name[NV_MAX_ITEMS][NV_NAME_LEN];
    bool item_weapon[NV_MAX_ITEMS], item_valuable[NV_MAX_ITEMS];
    int8_t item_holder[NV_MAX_ITEMS];        /* initial holder, -1 = lies at item_place */
    uint8_t item_place[NV_MAX_ITEMS];
    uint8_t anger[NV_MAX_ACTORS][NV_MAX_ACTORS]; /* initial anger(from→to) */
    /* goals: deaths_at_least = 0 means no death goal */
    int deaths_at_least;
    bool murderer_arrested;
    /* user-driven variation (Kartal, Koenig & Guy 2014): b ← min(1, λ·b) */
    double lambda[NV_NTYPES];
    int max_len;                             /* L */

    /* filled by nv_world_finish */
    int n_ground;
    nv_action ground[NV_MAX_GROUND];
    int16_t id_move[NV_MAX_ACTORS][NV_MAX_PLACES];
    int16_t id_pickup[NV_MAX_ACTORS][NV_MAX_ITEMS];
    int16_t id_steal[NV_MAX_ACTORS][NV_MAX_ACTORS][NV_MAX_ITEMS];
    int16_t id_kill[NV_MAX_ACTORS][NV_MAX_ACTORS][NV_MAX_ITEMS];  /* -1 if not a weapon */
    int16_t id_share[NV_MAX_ACTORS][NV_MAX_ACTORS];
    int16_t id_arrest[NV_MAX_ACTORS][NV_MAX_ACTORS];
    int16_t id_search[NV_MAX_ACTORS][NV_MAX_PLACES];
    int16_t id_quake[NV_MAX_PLACES];
} nv_world;

/* The story state.  Actor sets are bit masks over actor indices. */
typedef struct nv_state {
    uint8_t place[NV_MAX_ACTORS];
    uint32_t dead, jailed;
    uint8_t anger[NV_MAX_ACTORS][NV_MAX_ACTORS];
    int8_t holder[NV_MAX_ITEMS];          /* -1 = lies at lies_at */
    uint8_t lies_at[NV_MAX_ITEMS];
    uint32_t stuck;                       /* item mask */
    uint32_t collapsed;                   /* place mask */
    uint32_t culprits[NV_MAX_PLACES];     /* killers at each place */
    uint32_t murderers;
    uint32_t knows[NV_MAX_ACTORS];        /* murderers each actor knows of */
    int len;
} nv_state;

/* Name of an action type as written in story files ("Kill", "CitizenArrest"). */
const char *nv_type_name(int type);
/* Parse a type name (case-insensitive); -1 if unknown. */
int nv_type_parse(const char *s);

/* The Baker Street world, finished. */
void nv_world_default(nv_world *w);
/* Number the ground actions; the world's fields must be valid (nv_world_load checks). */
void nv_world_finish(nv_world *w);

/* Initial state of a world. */
void nv_state_init(const nv_world *w, nv_state *s);
/* Legal ground actions of s, in ground order, into out[]; returns how many. */
int nv_legal(const nv_world *w, const nv_state *s, int *out);
/* Whether ground action g is legal in s (same rules as nv_legal). */
bool nv_is_legal(const nv_world *w, const nv_state *s, int g);
/* Believability of legal action g in s, λ applied. */
double nv_believe(const nv_world *w, const nv_state *s, int g);
/* Apply legal action g to s. */
void nv_apply(const nv_world *w, nv_state *s, int g);
/* Goals met (0..n) and the number of goals; G = met / n (1 if the world has no goals). */
int nv_goals_met(const nv_world *w, const nv_state *s, bool *g1, bool *g2);
int nv_goal_count(const nv_world *w);
double nv_goal_fraction(const nv_world *w, const nv_state *s);

/* Score a story: replays acts[0..n) from the initial state.  Returns false (with *bad set
 * to the first illegal step) if some action is illegal.  b_out (optional) gets each b. */
typedef struct nv_score {
    double B, G, E;
    bool g1, g2;
} nv_score;
bool nv_story_score(const nv_world *w, const int *acts, int n, nv_score *sc, double *b_out,
                    int *bad);

#endif
