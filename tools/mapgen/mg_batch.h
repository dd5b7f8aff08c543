/* mg_batch.h — many runs of one configuration: threads, console lines, resumable JSON
 * results (README, Command line and Experiment) and per-run ASCII / PNG maps. */
#ifndef HANE_MAPGEN_BATCH_H
#define HANE_MAPGEN_BATCH_H

#include <stdio.h>

#include <jansson.h>

#include "tools/mapgen/mg_run.h"

/* Largest results file read back (resume, table): a run record is a few hundred
 * bytes, so this holds far more runs than a batch makes. */
#define MG_RESULTS_MAX_BYTES (64u << 20)

typedef struct mg_batch_opts {
    const char *out_path;   /* JSON results (resumed if it exists); NULL = none */
    const char *maps_dir;   /* ASCII maps (and PNGs with png) per run; NULL = none */
    bool png;
    FILE *log;              /* console lines; NULL = quiet */
} mg_batch_opts;

/* Run the missing runs of c (all of them without out_path), `jobs` threads.  Returns 0,
 * or 1 with a message on stderr (e.g. out_path holds another configuration). */
int mg_batch_run(const mg_config *c, const mg_batch_opts *o);

/* The config object of the JSON results. */
json_t *mg_config_json(const mg_config *c);
/* One run record. */
json_t *mg_outcome_json(const mg_config *c, int index, const mg_outcome *o);
/* Summary of an array of run records: playability, time and max-depth mean/sd, ... */
json_t *mg_summary_json(const json_t *runs);

#endif
