/* fuzz_tools — libFuzzer harness for the files the ports of tools/ read from
 * a user: story worlds of hane-narrative (`--world FILE`, JSON) and maps of
 * hane-mapgen (`--maps FILE`, ASCII, one reader per problem). The first byte
 * picks the reader (0: world; 1, 2, 3: binary, zelda, sokoban map), the rest
 * is the file. Besides no crash and no sanitizer report: a refusal has a
 * message, and an accepted map holds only the problem's tiles and gives
 * statistics. Build and run: make fuzz FUZZ_RUNS=1000000 FUZZ_TARGETS=fuzz_tools. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/mapgen/mg_problem.h"
#include "tools/narrative/nv_load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_tools: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

static void check_world(const char *text)
{
    static nv_world w;   /* large: not on the stack */
    char err[300] = "";
    if (nv_world_parse(&w, text, "fuzz", err, sizeof err) != 0 && !err[0])
        fail("world refused without a message", NULL);
}

static void check_map(mg_problem_id id, const char *text)
{
    const mg_problem *p = mg_problem_get(id);
    uint8_t map[MG_MAX_CELLS];
    char err[300] = "";
    if (!mg_map_parse(p, text, map, err, sizeof err)) {
        if (!err[0])
            fail("map refused without a message", p->name);
        return;
    }
    for (int i = 0; i < p->w * p->h; i++)
        if (map[i] >= p->ntiles)
            fail("accepted map holds a tile the problem does not have", p->name);
    mg_stats st;
    mg_stats_compute(p, map, &st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    /* Both readers take NUL-terminated text. */
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    unsigned pick = data[0] % 4;
    if (pick == 0)
        check_world(text);
    else
        check_map((mg_problem_id)(pick - 1), text);
    free(text);
    return 0;
}
