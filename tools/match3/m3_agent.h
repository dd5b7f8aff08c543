/* m3_agent: the players of Mugrai et al. 2019 — Random, Vanilla MCTS and Formula MCTS — and the
 * driver that plays one 20-move game with any of them. */
#ifndef M3_AGENT_H
#define M3_AGENT_H

#include "engine/board/rng.h"
#include "tools/match3/m3_board.h"
#include "tools/match3/m3_expr.h"

#define M3_DEFAULT_GOAL 3294.3275
#define M3_DEFAULT_ITERS 250

typedef enum { M3_AGENT_RANDOM, M3_AGENT_VANILLA, M3_AGENT_FORMULA } m3_agent_kind;

typedef struct {
    m3_agent_kind kind;
    const m3_expr *formula;   /* M3_AGENT_FORMULA: the selection and final-move formula */
    int iters;                /* MCTS iterations (= root visits) per real move */
    double goal;              /* a rollout wins iff the game's final score >= goal */
    int game_moves;           /* moves in a game (20) */
} m3_agent;

/* Sets the paper's defaults for `kind` (250 iterations, goal 3294.3275, 20 moves). */
void m3_agent_init(m3_agent *a, m3_agent_kind kind, const m3_expr *formula);
const char *m3_agent_name(m3_agent_kind kind);

/* What the last search saw (tests, --show). */
typedef struct {
    int root_visits;
    int nodes;                /* tree nodes at the end of the search */
    int root_children;
} m3_search_stats;

/* One MCTS search from `b` on tools/plan (m3_mcts.c): a fresh tree, `a->iters` iterations,
 * the final move by the formula.  `b` must not be terminal.  The search's generator is seeded
 * from one draw of `rng`.  Writes the chosen move (the first legal one if tools/plan refused
 * the search: then returns -1 with a message on stderr, else 0); `st` may be NULL. */
int m3_mcts_search(const m3_agent *a, const m3_board *b, struct rng *rng, m3_move *out,
                   m3_search_stats *st);

/* The agent's move in `b` (Random: uniform over legal swaps). */
m3_move m3_agent_move(const m3_agent *a, const m3_board *b, struct rng *rng);

/* Called after every real move of m3_play_game (for --show and --json). */
typedef void (*m3_move_cb)(void *ud, int t, const m3_board *before, m3_move mv,
                           const m3_move_report *rep, const m3_board *after);

typedef struct {
    int score;
    double mean_available;    /* (1/moves) sum over moves of legal moves after resolution */
    int regenerations;
} m3_game_result;

/* Plays a.game_moves moves from `start` (a dead start board is regenerated first). */
m3_game_result m3_play_game(const m3_agent *a, const m3_board *start, struct rng *rng,
                            m3_move_cb cb, void *ud);

/* The RNG of an agent in a game (README, Rules: Seeds): keyed by the game seed and the agent's index
 * (population index, or M3_INDEX_VANILLA / M3_INDEX_RANDOM). */
#define M3_INDEX_VANILLA 1000001u
#define M3_INDEX_RANDOM 1000002u
void m3_agent_rng(struct rng *r, uint64_t game_seed, uint32_t index);

#endif
