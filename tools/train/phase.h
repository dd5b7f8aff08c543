/* phase — where the predictions hit and miss: the evaluation split by game
 * phase (moves 1-30, 31-100, 101 and later) and over the played passes (all of
 * them, and the first pass of each game), so a change that helps the opening
 * and hurts the endgame, or a pass the model never believes, shows. */
#ifndef HANE_TRAIN_PHASE_H
#define HANE_TRAIN_PHASE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "tools/train/eval.h"

/* Adds one ranked move to a cumulative curve: the played move's rank is
 * uniform on greater + 1 .. greater + equal + 1 (ties in expectation). */
void eval_cum_add(double cum[EVAL_MAXK + 1], int greater, int equal);

/* The parts a position counts in: its phase by move number (1-based, as in
 * the record), and the pass parts when the played move is a pass (`first`:
 * the game's first pass). Returns how many indices it wrote to out[]. */
int eval_parts_of(int move_no, bool pass, bool first, int out[EVAL_NPARTS]);

/* Name of part i in the JSON and the text table. */
extern const char *const eval_part_name[EVAL_NPARTS];

/* {"moves_1_30": {"positions", "top1".."top20", "log_evidence"}, ...} */
json_t *eval_parts_json(const struct eval_result *r);
/* The same as a text table. */
void eval_parts_print(FILE *f, const struct eval_result *r);

#endif
