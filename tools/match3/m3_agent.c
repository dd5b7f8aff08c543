/* m3_agent: Random, Vanilla MCTS and Formula MCTS (Mugrai et al. 2019) and the game driver; the
 * MCTS itself is m3_mcts.c. */
#include "tools/match3/m3_agent.h"

#include <stdlib.h>


void m3_agent_init(m3_agent *a, m3_agent_kind kind, const m3_expr *formula)
{
    a->kind = kind;
    a->formula = formula;
    a->iters = M3_DEFAULT_ITERS;
    a->goal = M3_DEFAULT_GOAL;
    a->game_moves = M3_GAME_MOVES;
}

const char *m3_agent_name(m3_agent_kind kind)
{
    return kind == M3_AGENT_RANDOM ? "random" : kind == M3_AGENT_VANILLA ? "vanilla" : "formula";
}

void m3_agent_rng(struct rng *r, uint64_t game_seed, uint32_t index)
{
    rng_seed(r, rng_derive(game_seed, 0x4147454E54000000ULL + index));   /* "AGENT" + index */
}

m3_move m3_agent_move(const m3_agent *a, const m3_board *b, struct rng *rng)
{
    m3_move mv;
    if (a->kind == M3_AGENT_RANDOM || a->iters <= 0) {
        m3_move moves[M3_MAX_MOVES];
        int n = m3_legal_moves(b, moves);
        mv = moves[rng_below(rng, (uint32_t)n)];
    } else if (m3_mcts_search(a, b, rng, &mv, NULL) != 0) {
        exit(2);
    }
    return mv;
}

m3_game_result m3_play_game(const m3_agent *a, const m3_board *start, struct rng *rng,
                            m3_move_cb cb, void *ud)
{
    m3_board b = *start;
    m3_ensure_moves(&b);
    m3_game_result res = {0, 0, 0};
    long avail_sum = 0;
    int t0 = b.moves_made;
    while (b.moves_made < a->game_moves) {
        m3_board before = b;
        m3_move mv = m3_agent_move(a, &b, rng);
        m3_move_report rep;
        m3_play(&b, mv, &rep);
        avail_sum += rep.available;
        if (cb)
            cb(ud, b.moves_made, &before, mv, &rep, &b);
    }
    int played = b.moves_made - t0;
    res.score = b.score;
    res.mean_available = played ? (double)avail_sum / played : 0;
    res.regenerations = b.regenerations;
    return res;
}
