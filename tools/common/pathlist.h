/* pathlist — the files a tool is to read: the lines of a list file (one path
 * a line, blank lines skipped, CR LF accepted) followed by the paths given on
 * the command line, as hane-calibrate and hane-balance take their records. */
#ifndef HANE_TOOLS_COMMON_PATHLIST_H
#define HANE_TOOLS_COMMON_PATHLIST_H

#include <stdbool.h>

struct pathlist {
    char **path;
    int n, cap;
};

#define PATHLIST_MAX_BYTES (256u << 20)   /* bytes in one list file */

/* Appends the lines of `list_file` (unless NULL) then `args[0..n_args)`.
 * False with a message in err (naming the file, with line:col where there is
 * one) if the list is not a regular file or cannot be read, is larger than
 * PATHLIST_MAX_BYTES, holds a NUL byte or a line longer than 4,095 bytes, or
 * memory runs out. */
bool pathlist_gather(struct pathlist *pl, const char *list_file, char *const *args, int n_args,
                     char *err, int err_len);

void pathlist_free(struct pathlist *pl);

#endif
