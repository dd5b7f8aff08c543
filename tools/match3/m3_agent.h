/* m3_agent: the players of spec §3 — Random, Vanilla MCTS and Formula MCTS — and the
 * driver that plays one 20-move game with any of them. */
#ifndef M3_AGENT_H
#define M3_AGENT_H

#include "tools/match3/m3_board.h"
#include "tools/match3/m3_expr.h"
#include "tools/match3/m3_rng.h"

#define M3_DEFAULT_GOAL 3294.3275
#define M3_DEFAULT_ITERS 250

typedef enum { M3_AGENT_RANDOM, M3_AGENT_VANILLA, M3_AGENT_FORMULA } m3_agent_kind;

/* Which MCTS implementation runs the search: the tree of this module (default; it ran the
 * reported experiment) or tools/search's search_mcts (m3_searchmcts.h). Both follow spec §3;
 * their random streams differ, so single games differ. */
typedef enum { M3_BACKEND_NATIVE, M3_BACKEND_SEARCH } m3_backend;

typedef struct {
    m3_agent_kind kind;
    const m3_expr *formula;   /* M3_AGENT_FORMULA: the selection and final-move formula */
    int iters;                /* MCTS iterations (= root visits) per real move */
    double goal;              /* a rollout wins iff the game's final score >= goal */
    int game_moves;           /* moves in a game (20) */
    m3_backend backend;
} m3_agent;

/* Sets the defaults of spec §3 for `kind`. */
void m3_agent_init(m3_agent *a, m3_agent_kind kind, const m3_expr *formula);
const char *m3_agent_name(m3_agent_kind kind);

/* Per-thread search scratch (the node pool, reused across searches). */
typedef struct m3_mcts m3_mcts;
m3_mcts *m3_mcts_new(void);
void m3_mcts_free(m3_mcts *m);

/* What the last search saw (tests, --show). */
typedef struct {
    int root_visits;
    int nodes;
    int max_rollout;          /* longest rollout (moves) of the search */
    int root_children;
} m3_search_stats;

/* One MCTS search from `b` (spec §3): a fresh tree, `a->iters` iterations, the final move
 * by the formula. `b` must not be terminal. Writes the chosen move; `st` may be NULL. */
void m3_mcts_search(m3_mcts *m, const m3_agent *a, const m3_board *b, m3_rng *rng,
                    m3_move *out, m3_search_stats *st);

/* The agent's move in `b` (Random: uniform over legal swaps). `m` may be NULL for Random. */
m3_move m3_agent_move(const m3_agent *a, m3_mcts *m, const m3_board *b, m3_rng *rng);

/* Called after every real move of m3_play_game (for --show and --json). */
typedef void (*m3_move_cb)(void *ud, int t, const m3_board *before, m3_move mv,
                           const m3_move_report *rep, const m3_board *after);

typedef struct {
    int score;
    double mean_available;    /* (1/moves) sum over moves of legal moves after resolution */
    int regenerations;
} m3_game_result;

/* Plays a.game_moves moves from `start` (a dead start board is regenerated first). */
m3_game_result m3_play_game(const m3_agent *a, m3_mcts *m, const m3_board *start, m3_rng *rng,
                            m3_move_cb cb, void *ud);

/* The RNG of an agent in a game (spec §5): keyed by the game seed and the agent's index
 * (population index, or M3_INDEX_VANILLA / M3_INDEX_RANDOM). */
#define M3_INDEX_VANILLA 1000001u
#define M3_INDEX_RANDOM 1000002u
void m3_agent_rng(m3_rng *r, uint64_t game_seed, uint32_t index);

#endif
