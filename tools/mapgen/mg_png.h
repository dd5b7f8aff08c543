/* mg_png.h — PNG images of maps: a built-in writer (uncompressed deflate "stored" blocks,
 * own CRC-32 and Adler-32, no zlib) and 16-px-tile renderings with a flat palette. */
#ifndef HANE_MAPGEN_PNG_H
#define HANE_MAPGEN_PNG_H

#include <stddef.h>
#include <stdint.h>

#include "tools/mapgen/mg_problem.h"

#define MG_TILE_PX 16

/* Write an 8-bit RGB image (w·h·3 bytes, row-major).  Returns 0 or −1 (errno set). */
int mg_png_write(const char *path, const uint8_t *rgb, int w, int h);
/* CRC-32 (PNG / zlib polynomial) of n bytes, continuing from crc (start with 0). */
uint32_t mg_crc32(uint32_t crc, const uint8_t *p, size_t n);
/* Adler-32 of n bytes, continuing from a (start with 1). */
uint32_t mg_adler32(uint32_t a, const uint8_t *p, size_t n);

/* Canvas helpers for renderings and contact sheets. */
typedef struct mg_canvas {
    int w, h;
    uint8_t *rgb;
} mg_canvas;

int mg_canvas_init(mg_canvas *c, int w, int h, uint32_t fill);   /* 0 or −1 */
void mg_canvas_free(mg_canvas *c);
void mg_canvas_rect(mg_canvas *c, int x, int y, int w, int h, uint32_t rgb);
/* Draw the map with its border at (x, y); cursor (cx, cy) (inner coords, −1 = none) as a
 * 2-px red frame. */
void mg_canvas_map(mg_canvas *c, int x, int y, const mg_problem *p, const uint8_t *map,
                   int cx, int cy);
/* Pixel size of a map drawing, border included. */
int mg_map_px_w(const mg_problem *p);
int mg_map_px_h(const mg_problem *p);

/* One map to a PNG file. */
int mg_png_map(const char *path, const mg_problem *p, const uint8_t *map, int cx, int cy);

#endif
