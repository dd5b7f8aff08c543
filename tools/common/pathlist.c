/* pathlist — a list file's paths and the command line's, in that order. */
#include "tools/common/pathlist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/file_read.h"

static bool push(struct pathlist *pl, const char *p)
{
    if (pl->n == pl->cap) {
        int cap = pl->cap ? 2 * pl->cap : 64;
        char **v = realloc(pl->path, (size_t)cap * sizeof *v);
        if (!v)
            return false;
        pl->path = v;
        pl->cap = cap;
    }
    if (!(pl->path[pl->n] = strdup(p)))
        return false;
    pl->n++;
    return true;
}

struct gather_ctx {
    struct pathlist *pl;
    const char *name;
    char *err;
    int err_len;
};

static bool gather_line(char *line, size_t number, void *ctx)
{
    struct gather_ctx *g = ctx;
    if (line[0] && !push(g->pl, line)) {
        snprintf(g->err, (size_t)g->err_len, "%s:%zu: out of memory", g->name, number);
        return false;
    }
    return true;
}

bool pathlist_gather(struct pathlist *pl, const char *list_file, char *const *args, int n_args,
                     char *err, int err_len)
{
    if (list_file) {
        struct gather_ctx g = { pl, list_file, err, err_len };
        if (!file_read_lines(list_file, PATHLIST_MAX_BYTES, 4095, gather_line, &g, err,
                             (size_t)err_len))
            return false;
    }
    for (int i = 0; i < n_args; i++)
        if (!push(pl, args[i])) {
            snprintf(err, err_len, "out of memory");
            return false;
        }
    return true;
}

void pathlist_free(struct pathlist *pl)
{
    for (int i = 0; i < pl->n; i++)
        free(pl->path[i]);
    free(pl->path);
    *pl = (struct pathlist){ 0 };
}
