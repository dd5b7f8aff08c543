/* nv_report.h — printing search results: the console story (README, Build, run, test) and the JSON form. */
#ifndef HANE_NV_REPORT_H
#define HANE_NV_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "tools/narrative/nv_search.h"

/* Numbered sentences with each action's b, then B, goals met and E. */
void nv_print_story(FILE *f, const nv_world *w, const nv_story *st);
/* {E, B, G, goals:{G1,G2}, actions:[{type, args, b}], text:[...]} */
json_t *nv_story_json(const nv_world *w, const nv_story *st);
/* The result object of one run (README, Build, run, test). */
json_t *nv_result_json(const nv_world *w, const nv_params *p, const nv_result *r);

#endif
