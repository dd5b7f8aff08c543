/* playout_bt — the Bradley–Terry playout policy ("playout=bt"): each move is
 * drawn with probability proportional to the product of the gammas of its fast
 * features (Coulom 2007; Ikeda & Viennot 2013).
 *
 * Fast features: the 3x3 pattern with atari marks, capture (with its kinds:
 * saves an own string in atari, re-captures the previous move, next to the
 * previous move), extension of a string in atari, atari, self-atari, and the
 * distance to the previous move (dist1). No ladder reading, no large patterns,
 * no liberty, edge, "near" or dist2 features. Atari while a ko is on the board
 * counts as a plain atari (the ko status is global and would dirty every point).
 * Gammas come from a table (patterns/gammas.h): by default one trained on these
 * features alone (playout_bt_default_gammas), since gammas learnt beside the
 * features the playouts leave out lean on those features and misjudge moves
 * without them.
 *
 * Incremental weights. For each colour and each empty point the policy keeps
 * w = (pat3 gamma) x (tactical gammas), or 0 for an illegal move or an own eye
 * (as the light policy, it never fills one). After a move only the points whose
 * weight may have changed are recomputed: the 3x3 neighbourhoods of the move and
 * of captured stones, the liberties of the strings whose liberty count changed
 * across 1, 2 or 3 (the values the features tell apart), the liberty of enemy
 * strings in atari next to a string that entered or left atari (the "capture
 * saves" kind), and the points that depended on the previous move. Per-row sums
 * give sampling in O(rows + row length). dist1 is applied at choice time to the
 * points within distance 8 of the previous move (48 at most) as an extra mass
 * w·(f - 1) drawn from a short list, so weights never depend on the last move.
 *
 * Simple ko is checked at choice time, and so is the seki rule of the light
 * seki-safe policy (playout.h): a draw that would be a self-atari no nakade
 * needs is set aside and the draw repeated, so a seki's shared liberties
 * stay empty and its stones alive, as in the ownership search. PASS only
 * when no point is left.
 */
#ifndef HANE_PLAYOUT_BT_H
#define HANE_PLAYOUT_BT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/playout.h"

struct pat_gammas;

/* The compiled-in playout table, data/playout-gammas.json: gammas trained
 * (hane-train --disable dist2,edge,libs,near,large) on the fast features
 * alone, so they do not lean on features the playouts leave out. Parsed once,
 * thread-safe, shared: do not free. Aborts with a message if the built-in
 * table is broken (a build error the unit tests catch). */
const struct pat_gammas *playout_bt_default_gammas(void);

/* The built-in JSON text of that table. */
extern const char pat_playout_json[];
extern const size_t pat_playout_json_len;

/* A BT policy using gammas `g` (kept by pointer: it must outlive the policy).
 * Only the fast features' gammas are used (no factor interactions). False if
 * memory runs out. The policy's release frees its data. */
bool playout_bt_new(struct playout_policy *out, const struct pat_gammas *g);

/* Records the state around `p` before `c` plays it (choose does this for its
 * own moves): callers that play other moves on a board they keep the policy
 * in step with must call this before board_play and `played` after it. A
 * `played` call without it rebuilds every weight. */
void playout_bt_prepare(struct playout_policy *pp, const struct board *b, enum color c, point p);

/* Gives every capture a gamma of at least `floor` (0: the table's own). The
 * table learnt its capture gammas from professional games, where a capture
 * that can wait is left for later; in a playout nobody comes back for it,
 * and a string in atari left alone escapes and wins races it should lose. */
void playout_bt_set_capture_floor(struct playout_policy *pp, double floor);

/* Answers a move next to a small eye space of a killable shape at its vital
 * point (playout_nakade.h) in a share `rate` of the cases (0: never, the
 * default; 1: always), ahead of the draw. */
void playout_bt_set_nakade(struct playout_policy *pp, double rate);

/* Answers a move next to a string with two liberties with a race move
 * (playout_races.h: an atari that string cannot escape, or for one's own
 * string a capture or an extension to three liberties) in a share `rate` of
 * the cases (0: never, the default; 1: always), ahead of the draw and after
 * the nakade answer. */
void playout_bt_set_races(struct playout_policy *pp, double rate);

/* Answers a move that put a string in atari next to it (playout_races.h:
 * the capture of a neighbouring string in atari that saves it, or an
 * extension to three liberties) in a share `rate` of the cases (0: never,
 * the default; 1: always), ahead of the draw and of the race moves. */
void playout_bt_set_atari(struct playout_policy *pp, double rate);

/* With `on`, that answer also extends to two liberties when the ladder does
 * not capture the string (playout_atari_moves_ladder); off by default. */
void playout_bt_set_atari_ladder(struct playout_policy *pp, bool on);

/* ---- simulation balancing (Silver & Tesauro 2009; Huang, Coulom & Lin 2010) ----
 *
 * The parameters are the logs of the tactical gammas and of the near-move
 * factors: capture kinds 1-4, extend 1-5, atari 1-3, self-atari 1-2, and the
 * dist1 factor of Coulom distances 2..8 (relative to the far points; below 1
 * it is not applied, as sampling only adds mass). The 3x3 patterns keep the
 * table's gammas. */
#define PLAYOUT_BT_PARAMS 21

/* "capture 1", "dist1 d=2", ... for parameter k. */
const char *playout_bt_param_name(int k);

/* The policy's parameters now (capture floor included). */
void playout_bt_get_params(const struct playout_policy *pp, double theta[PLAYOUT_BT_PARAMS]);

/* Sets them (every weight is rebuilt before the next draw). */
void playout_bt_set_params(struct playout_policy *pp, const double theta[PLAYOUT_BT_PARAMS]);

/* With `acc` set, every draw adds to acc[k] the score function of the move it
 * drew, d log pi(move) / d theta_k = phi_k(move) - E_pi[phi_k], a playout's
 * sum of which, weighted by its outcome, estimates the gradient of the
 * expected outcome. NULL turns it off. Costs a pass over the board a draw. */
void playout_bt_set_grad(struct playout_policy *pp, double *acc);

/* Writes parameters into a playout table (the tactical gammas, and the
 * dist1 gammas of distances 2..8 relative to the table's far points), so
 * that a policy made from it with no capture floor has them. False if the
 * table lacks one of these features' values. */
bool playout_bt_params_to_table(const double theta[PLAYOUT_BT_PARAMS], struct pat_gammas *t);

/* The probability with which the policy draws `p` for `c` on `b` now (the
 * weights must be up to date with `b`: after begin or played). */
double playout_bt_prob(const struct playout_policy *pp, const struct board *b, enum color c,
                       point p);

/* ---- for tests and tools ---- */

/* Whether the policy has `c` at the empty point `p` as a self-atari that
 * joins a friendly string (kept with the weights; read where the weight
 * is positive). */
bool playout_bt_joining_self_atari(const struct playout_policy *pp, enum color c, point p);

/* The incremental weight of `c` at `p` (0 for occupied, illegal, own eye). */
double playout_bt_weight(const struct playout_policy *pp, enum color c, point p);

/* The same weight computed from scratch with the trainer's feature code
 * (pat_move_features restricted to the fast features, no ladders, the plain
 * product of their gammas): the reference the incremental weights must equal. */
double playout_bt_weight_ref(const struct pat_gammas *g, const struct board *b, enum color c,
                             point p);

/* The dist1 factor the policy applies to `p` for the position's last move
 * (1 beyond distance 8, after a pass or with no previous move). */
double playout_bt_dist_factor(const struct playout_policy *pp, const struct board *b, point p);

/* Number of points whose weights were recomputed since the policy was made
 * (full rebuilds included): a cost figure for benches. */
long playout_bt_recomputed(const struct playout_policy *pp);

#endif
