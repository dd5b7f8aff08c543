/* fuzz_tools — libFuzzer harness for the files the ports of tools/ read from
 * a user: story worlds of hane-narrative (`--world FILE`, JSON), maps of
 * hane-mapgen (`--maps FILE`, ASCII, one reader per problem) and board files
 * of hane-match3. The first byte picks the reader (0: world; 1, 2, 3:
 * binary, zelda, sokoban map; 4: Match-3 board file), the rest is the file.
 * Besides no crash and no sanitizer report: a refusal has a message, an
 * accepted map holds only the problem's tiles and gives statistics, and an
 * accepted Match-3 board has no run and plays its legal moves. Build and run:
 * make fuzz FUZZ_RUNS=1000000 FUZZ_TARGETS=fuzz_tools. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "tools/mapgen/mg_problem.h"
#include "tools/match3/m3_board.h"
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

/* m3_board_load reads a path: the input goes through a file of this process,
 * removed when it exits. */
static char m3_path[64];

static void remove_m3_file(void)
{
    unlink(m3_path);
}

static void check_match3(const char *text, size_t len)
{
    const char *path = m3_path;
    if (!m3_path[0]) {
        snprintf(m3_path, sizeof m3_path, "/tmp/fuzz_tools_%d.txt", (int)getpid());
        atexit(remove_m3_file);
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        return;
    fwrite(text, 1, len, f);
    fclose(f);
    static m3_source src;   /* large: not on the stack */
    m3_board b;
    char err[300] = "";
    if (m3_board_load(path, &src, &b, err, sizeof err) != 0) {
        if (!err[0])
            fail("Match-3 board refused without a message", NULL);
        return;
    }
    if (m3_has_run(&b))
        fail("accepted Match-3 board has a run", NULL);
    m3_move moves[M3_MAX_MOVES];
    int n = m3_legal_moves(&b, moves);
    for (int i = 0; i < n && i < 4; i++) {
        m3_board c = b;
        m3_play(&c, moves[i], NULL);
    }
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
    unsigned pick = data[0] % 5;
    if (pick == 0)
        check_world(text);
    else if (pick == 4)
        check_match3(text, size - 1);
    else
        check_map((mg_problem_id)(pick - 1), text);
    free(text);
    return 0;
}
