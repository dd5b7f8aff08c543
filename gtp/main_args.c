/* main_args — the command line of bin/hane and bin/hane-mpi: parameters as
 * KEY=VALUE and config=FILE, applied in order so later ones win. */
#include <stdio.h>
#include <string.h>

#include "gtp/gtp_internal.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: hane [config=FILE] [KEY=VALUE]...\n"
            "       hane --help | --version\n"
            "\n"
            "hane speaks GTP version 2 on standard input and output. Parameters are\n"
            "applied left to right: config=FILE reads a JSON object {\"key\": value, ...},\n"
            "KEY=VALUE sets one; at run time `hane-param KEY VALUE` does the same.\n"
            "\n"
            "Parameters (name, default, meaning):\n");
    params_help(f);
}

int gtp_main_args(const char *prog, int argc, char **argv, struct params *p,
                  void (*help)(FILE *f))
{
    params_default(p);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            (help ? help : usage)(stdout);
            return 0;
        }
        if (!strcmp(a, "--version")) {
            printf("%s %s\n", HANE_NAME, HANE_VERSION);
            return 0;
        }
        const char *eq = strchr(a, '=');
        if (!eq || eq == a) {
            fprintf(stderr, "%s: argument %d: expected KEY=VALUE, config=FILE, --help or --version, got '%s'\n",
                    prog, i, a);
            return 2;
        }
        char key[64];
        size_t klen = (size_t)(eq - a);
        if (klen >= sizeof key) {
            fprintf(stderr, "%s: argument %d: unknown parameter '%.*s'\n", prog, i, (int)klen, a);
            return 2;
        }
        memcpy(key, a, klen);
        key[klen] = '\0';
        char err[600];
        bool ok = !strcmp(key, "config") ? params_load_json(p, eq + 1, err, sizeof err)
                                         : params_set(p, key, eq + 1, err, sizeof err);
        if (!ok) {
            fprintf(stderr, "%s: argument %d: %s\n", prog, i, err);
            return 2;
        }
    }
    return -1;
}
