/* pathlist — a list file's paths and the command line's, in that order. */
#include "tools/common/pathlist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

bool pathlist_gather(struct pathlist *pl, const char *list_file, char *const *args, int n_args,
                     char *err, int err_len)
{
    if (list_file) {
        FILE *f = fopen(list_file, "r");
        if (!f) {
            snprintf(err, err_len, "cannot read %s", list_file);
            return false;
        }
        char buf[4096];
        int line = 0;
        while (fgets(buf, sizeof buf, f)) {
            line++;
            size_t len = strcspn(buf, "\r\n");
            if (buf[len] == 0 && !feof(f)) {
                snprintf(err, err_len, "%s:%d: line too long", list_file, line);
                fclose(f);
                return false;
            }
            buf[len] = 0;
            if (buf[0] && !push(pl, buf)) {
                snprintf(err, err_len, "out of memory");
                fclose(f);
                return false;
            }
        }
        fclose(f);
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
