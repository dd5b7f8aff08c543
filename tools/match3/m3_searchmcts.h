/* m3_searchmcts: the MCTS of spec §3 run on tools/search (search_mcts with
 * SEARCH_EXPAND_ALL, the formula as its selection function) — the second backend of
 * m3_mcts_search, selected with m3_agent.backend = M3_BACKEND_SEARCH. */
#ifndef M3_SEARCHMCTS_H
#define M3_SEARCHMCTS_H

#include "tools/match3/m3_agent.h"

/* Same contract as m3_mcts_search. The search RNG is seeded from one draw of `rng`.
 * Returns 0, or -1 if tools/search refused (message on stderr; `out` is then the first
 * legal move). */
int m3_searchmcts_search(const m3_agent *a, const m3_board *b, m3_rng *rng, m3_move *out,
                         m3_search_stats *st);

#endif
