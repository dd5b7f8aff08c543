/* main — bin/hane: reads parameters from the command line (key=value and
 * config=FILE, applied in order so later ones win) and speaks GTP on stdin and
 * stdout. stdout carries nothing but GTP replies; diagnostics go to stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/params.h"
#include "gtp/gtp.h"
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

int main(int argc, char **argv)
{
    struct params p;
    params_default(&p);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--version")) {
            printf("%s %s\n", HANE_NAME, HANE_VERSION);
            return 0;
        }
        const char *eq = strchr(a, '=');
        if (!eq || eq == a) {
            fprintf(stderr, "hane: argument %d: expected KEY=VALUE, config=FILE, --help or --version, got '%s'\n",
                    i, a);
            return 2;
        }
        char key[64];
        size_t klen = (size_t)(eq - a);
        if (klen >= sizeof key) {
            fprintf(stderr, "hane: argument %d: unknown parameter '%.*s'\n", i, (int)klen, a);
            return 2;
        }
        memcpy(key, a, klen);
        key[klen] = '\0';
        char err[600];
        bool ok = !strcmp(key, "config") ? params_load_json(&p, eq + 1, err, sizeof err)
                                         : params_set(&p, key, eq + 1, err, sizeof err);
        if (!ok) {
            fprintf(stderr, "hane: argument %d: %s\n", i, err);
            return 2;
        }
    }
    char err[600];
    struct gtp *g = gtp_new(&p, stdout, NULL, err, sizeof err);
    if (!g) {
        fprintf(stderr, "hane: %s\n", err);
        return 1;
    }
    bool ok = gtp_run(g, stdin);
    gtp_free(g);
    return ok ? 0 : 1;
}
