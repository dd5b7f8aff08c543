/* fuzz_json — libFuzzer harness for the two JSON inputs a user hands hane:
 * parameter files (config=FILE) and gamma tables (patterns=FILE, hane-train's
 * output). The first byte picks the reader (even: parameters, odd: gammas),
 * the rest is the file. Checked on every input, besides no crash and no
 * sanitizer report:
 *   parameters: a refusal has a message and leaves the parameters as they
 *     were; an accepted file leaves values that read back and set again
 *     unchanged (params_get, params_set);
 *   gammas: a refusal has a message; an accepted table dumps to JSON that
 *     parses again and dumps to the same text.
 * Build and run: make fuzz FUZZ_RUNS=1000000 FUZZ_TARGETS=fuzz_json. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/params.h"
#include "patterns/gammas.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_json: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

static void check_params(const char *text, size_t len)
{
    struct params p, before;
    params_default(&p);
    before = p;
    char err[300] = "";
    if (!params_parse_json(&p, text, len, "fuzz", err, sizeof err)) {
        if (!err[0])
            fail("parameters refused without a message", NULL);
        if (memcmp(&p, &before, sizeof p) != 0)
            fail("refused parameters changed the values", err);
        return;
    }
    struct params again = p;
    for (const char *const *k = params_names(); *k; k++) {
        char v[600], msg[200];
        if (!params_get(&p, *k, v, sizeof v))
            fail("accepted parameter does not read back", *k);
        if (!params_set(&again, *k, v, msg, sizeof msg))
            fail("accepted parameter's value is refused when set again", msg);
    }
    if (memcmp(&p, &again, sizeof p) != 0)
        fail("parameters read back and set again differ", NULL);
}

static void check_gammas(const char *text, size_t len)
{
    char err[300] = "";
    struct pat_gammas *t = pat_gammas_parse(text, len, "fuzz", err, sizeof err);
    if (!t) {
        if (!err[0])
            fail("gamma table refused without a message", NULL);
        return;
    }
    char *d1 = pat_gammas_dump(t);
    pat_gammas_free(t);
    if (!d1)
        return;   /* out of memory */
    struct pat_gammas *t2 = pat_gammas_parse(d1, strlen(d1), "dump", err, sizeof err);
    if (!t2)
        fail("the dump of an accepted table is refused", err);
    char *d2 = pat_gammas_dump(t2);
    pat_gammas_free(t2);
    if (d2 && strcmp(d1, d2) != 0)
        fail("dump, parse, dump changed the table", NULL);
    free(d1);
    free(d2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const char *text = (const char *)data + 1;
    if (data[0] % 2 == 0)
        check_params(text, size - 1);
    else
        check_gammas(text, size - 1);
    return 0;
}
