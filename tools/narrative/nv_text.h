/* nv_text.h — stories as text: English sentences and the one-action-per-line story files
 * of `hane-narrative eval` ("Kill Bob Alice Rifle"). */
#ifndef HANE_NV_TEXT_H
#define HANE_NV_TEXT_H

#include <stddef.h>

#include "tools/narrative/nv_world.h"

/* The sentence for legal action g done in state s (the state before it). */
void nv_sentence(const nv_world *w, const nv_state *s, int g, char *out, size_t cap);
/* The action in the story-file form: type then argument ids, e.g. "Kill Bob Alice Rifle". */
void nv_action_str(const nv_world *w, int g, char *out, size_t cap);
/* Parse one line in that form into a ground action; returns it, or -1 with err filled. */
int nv_action_parse(const nv_world *w, const char *line, char *err, size_t cap);
/* Parse a story file's text (blank lines and '#' comments skipped) into acts[0..max).
 * Returns the number of actions, or -1 with err "line N: ..." filled. */
int nv_story_parse(const nv_world *w, const char *text, int *acts, int max, char *err,
                   size_t cap);

#endif
