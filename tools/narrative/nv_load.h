/* nv_load.h — story worlds from JSON files (`--world`), checked field by field; every
 * error names the JSON path of the fault, e.g. "$.items[2].holder: unknown actor". */
#ifndef HANE_NV_LOAD_H
#define HANE_NV_LOAD_H

#include <stddef.h>

#include "tools/narrative/nv_world.h"

#define NV_WORLD_MAX_BYTES (16u << 20)   /* bytes in one world file */

/* Load and finish a world from a file / from JSON text.  0 on success; -1 with err filled
 * ("FILE: $.path: message" or "FILE:LINE:COL: parse error"). The file must be a
 * regular file without NUL bytes; the parse is held to json_read_bounded's memory cap. */
int nv_world_load(nv_world *w, const char *path, char *err, size_t cap);
int nv_world_parse(nv_world *w, const char *text, const char *label, char *err, size_t cap);

#endif
