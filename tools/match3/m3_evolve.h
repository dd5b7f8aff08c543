/* m3_evolve: the evolution of a persona (Mugrai et al. 2019) — per-generation seeds, parallel
 * evaluation of the population and of the Vanilla and Random baselines on the same games,
 * JSON Lines log, population files, CSV and gnuplot script, resumption — and Table II. */
#ifndef M3_EVOLVE_H
#define M3_EVOLVE_H

#include <stdint.h>

#include "tools/match3/m3_agent.h"

typedef enum { M3_MAXS, M3_MINS, M3_MAXM, M3_MINM, M3_NPERSONAS } m3_persona;

const char *m3_persona_name(m3_persona p);
/* Returns -1 for an unknown name. */
int m3_persona_parse(const char *name);

typedef struct {
    m3_persona persona;
    int pop, gens, games, iters, jobs;
    uint64_t seed;
    int goal_update_paper;      /* MaxS: raise the goal to the best mean fitness so far */
    int with_minus;
    double goal;                /* initial goal */
    const char *out;            /* output directory */
    int quiet;
} m3_evolve_config;

void m3_evolve_defaults(m3_evolve_config *c);

/* Fitness of one game for a persona (Mugrai et al. 2019). */
double m3_persona_fitness(m3_persona p, const m3_game_result *g);

/* Seeds (README, Rules: Seeds): master seed -> generation seed -> game seeds. */
uint64_t m3_generation_seed(uint64_t master, int gen);
uint64_t m3_game_seed(uint64_t gen_seed, int game);

/* Runs (or resumes) the evolution; returns 0, or -1 with a message on stderr. */
int m3_evolve_run(const m3_evolve_config *c);

/* Table II: the final top individual of each persona found under `from`/<persona>/, Vanilla
 * and Random, each playing every board file once. Prints text to stdout and writes
 * `from`/table2.json. Returns 0, or -1 with a message on stderr. */
int m3_table2(const char *from, const char *const *boards, int nboards, int iters,
              int json_stdout);

#endif
