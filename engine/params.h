/* params — every tunable of the engine in one struct, filled alike from
 * defaults, a JSON config (config=FILE), key=value arguments and the GTP
 * extension hane-param. One table (name, type, default, range, help) in
 * params.c drives all four, so they cannot disagree.
 */
#ifndef HANE_PARAMS_H
#define HANE_PARAMS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct params {
    /* search */
    int threads;            /* worker threads; 0 = all cores */
    int memory_mb;          /* tree node pool budget */
    int64_t playouts;       /* playouts per move when no clock is set (0 = use time) */
    double time_per_move;   /* seconds per move when no clock is set (0 = use playouts) */
    uint64_t seed;          /* 0 = from the clock */
    double uct_c;           /* exploration constant C of C sqrt(ln n / n_j) (UCT) */
    int rave;               /* 0 UCB only, 1 MC-RAVE blend, 2 RAVE only */
    double rave_equiv;      /* MC-RAVE equivalence parameter k (Gelly & Silver 2011) */
    double resign;          /* resign below this win rate; 0 = never */
    int ponder;             /* think on the opponent's time */
    int reuse_tree;
    int early_stop;         /* end a search once its most visited move cannot change:
                             * 0 never, 1 always, 2 when the time saved is banked */
    char playout[16];       /* "light" or "bt" */
    double playout_capture; /* least gamma of a capture in bt playouts; 0 = the table's */
    double playout_nakade;  /* share of eye-space vital points answered in bt playouts */
    double playout_races;   /* share of two-liberty race moves answered in bt playouts */
    double playout_atari;   /* share of ataris next to the last move answered in bt playouts */
    int playout_atari_ladder; /* that answer also extends to two liberties out of a failing ladder */
    double fpu;             /* value assumed for a child with no visits (first-play urgency) */
    double prior_visits;    /* weight (virtual playouts) of the tactical move hints; 0 = off */
    int tree_ladder;        /* the tree leaves out escapes into a working ladder */
    double pattern_wins;    /* virtual wins of a child: this times sqrt(P(m)); 0 = off */
    int expand_visits;      /* a leaf is expanded once it has this many visits */
    int virtual_loss;       /* visits a thread adds to each node it descends through */
    double time_margin;     /* seconds kept back on every clock (lag, start-up) */
    int resign_playouts;    /* resign only after this many playouts in the move */
    double overturn_share;  /* least share of the most visited move's visits with which a
                             * move better by win rate is played instead */
    double dead_threshold;  /* a stone is dead if the other colour owns its point this often */
    int verbose;            /* 0 quiet, 1 one line per move on stderr, 2 more */
    /* knowledge: the pattern model's priors in the tree (search_prior.h) */
    double pw_mu;           /* progressive widening; 0 = off */
    double pw_rave;         /* AMAF margin that lets a move past the window in; 0 = off */
    int pw_libs;            /* moves touching a string with at most this many liberties pass
                             * the window; 0 = off, -1 = by size (search job's pw_libs) */
    int pw_eyes;            /* moves in a one-colour empty region of at most this many
                             * points pass the window; 0 = off */
    bool pw_nakade;         /* vital points of small eye spaces pass the window */
    double bt_c, bt_k;      /* knowledge bias C_BT and K (K may be INFINITY) */
    double score_weight;    /* share of a playout's value given by its margin; 0 = off */
    double score_scale;     /* margin (points) of tanh's unit; 0 = the board's side */
    char patterns[512];     /* gamma table file; "" = compiled-in default */
    char playout_patterns[512]; /* bt playouts' table file; "" = compiled-in playout table */
};

void params_default(struct params *p);

/* Are the knowledge terms on (progressive widening or the bias)? Then every
 * expansion ranks its children by the pattern model's P(m). */
static inline bool params_knowledge(const struct params *p)
{
    return p->pw_mu > 1.0 || p->bt_c > 0;
}

/* Sets one parameter from text; false with a message naming the key and the
 * accepted range if the key is unknown or the value bad (p unchanged then). */
bool params_set(struct params *p, const char *key, const char *value, char *err, int err_len);

/* Current value of `key` as text; false if unknown. */
bool params_get(const struct params *p, const char *key, char *out, int out_len);

/* Applies a JSON object {"key": value, ...}; errors name the file and key
 * (file:line:column for bad JSON), and leave p unchanged. */
bool params_load_json(struct params *p, const char *path, char *err, int err_len);
/* The same from `len` bytes of text; `name` stands for the file in messages. */
bool params_parse_json(struct params *p, const char *text, size_t len, const char *name,
                       char *err, int err_len);

/* Names of all parameters, for listing (NULL-terminated). */
const char *const *params_names(void);

/* Writes one line per parameter: name, default, meaning (for --help). */
void params_help(FILE *f);

#endif
