/* mg_png.c — minimal PNG writer and map renderings. */
#include "tools/mapgen/mg_png.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t mg_crc32(uint32_t crc, const uint8_t *p, size_t n)
{
    /* built per call (2 k operations): no shared state between threads */
    uint32_t table[256];
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    crc = ~crc;
    for (size_t i = 0; i < n; i++)
        crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
    return ~crc;
}

uint32_t mg_adler32(uint32_t a, const uint8_t *p, size_t n)
{
    uint32_t s1 = a & 0xffff, s2 = a >> 16;
    for (size_t i = 0; i < n; i++) {
        s1 = (s1 + p[i]) % 65521;
        s2 = (s2 + s1) % 65521;
    }
    return (s2 << 16) | s1;
}

static void put32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24);
    b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8);
    b[3] = (uint8_t)v;
}

static int chunk(FILE *f, const char *type, const uint8_t *data, size_t n)
{
    uint8_t hdr[8];
    put32(hdr, (uint32_t)n);
    memcpy(hdr + 4, type, 4);
    uint32_t crc = mg_crc32(0, hdr + 4, 4);
    crc = mg_crc32(crc, data, n);
    uint8_t tail[4];
    put32(tail, crc);
    if (fwrite(hdr, 1, 8, f) != 8 || (n && fwrite(data, 1, n, f) != n) ||
        fwrite(tail, 1, 4, f) != 4)
        return -1;
    return 0;
}

int mg_png_write(const char *path, const uint8_t *rgb, int w, int h)
{
    /* raw scanlines: filter byte 0, then the row */
    size_t row = (size_t)w * 3 + 1, raw_n = row * (size_t)h;
    uint8_t *raw = malloc(raw_n);
    if (!raw)
        return -1;
    for (int y = 0; y < h; y++) {
        raw[(size_t)y * row] = 0;
        memcpy(raw + (size_t)y * row + 1, rgb + (size_t)y * (size_t)w * 3, (size_t)w * 3);
    }
    /* zlib stream of stored blocks (≤ 65535 bytes each) */
    size_t nblocks = raw_n / 65535 + 1;
    size_t z_n = 2 + raw_n + nblocks * 5 + 4;
    uint8_t *z = malloc(z_n);
    if (!z) {
        free(raw);
        return -1;
    }
    size_t k = 0;
    z[k++] = 0x78;
    z[k++] = 0x01;
    size_t off = 0;
    do {
        size_t len = raw_n - off > 65535 ? 65535 : raw_n - off;
        z[k++] = off + len == raw_n ? 1 : 0;   /* BFINAL, BTYPE 00 */
        z[k++] = (uint8_t)len;
        z[k++] = (uint8_t)(len >> 8);
        z[k++] = (uint8_t)~len;
        z[k++] = (uint8_t)(~len >> 8);
        memcpy(z + k, raw + off, len);
        k += len;
        off += len;
    } while (off < raw_n);
    put32(z + k, mg_adler32(1, raw, raw_n));
    k += 4;
    uint8_t ihdr[13];
    put32(ihdr, (uint32_t)w);
    put32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8;   /* bit depth */
    ihdr[9] = 2;   /* RGB */
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    FILE *f = fopen(path, "wb");
    int rc = -1;
    if (f) {
        static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        rc = fwrite(sig, 1, 8, f) == 8 && chunk(f, "IHDR", ihdr, 13) == 0 &&
                     chunk(f, "IDAT", z, k) == 0 && chunk(f, "IEND", NULL, 0) == 0
                 ? 0
                 : -1;
        if (fclose(f) != 0)
            rc = -1;
    }
    free(raw);
    free(z);
    return rc;
}

int mg_canvas_init(mg_canvas *c, int w, int h, uint32_t fill)
{
    c->w = w;
    c->h = h;
    c->rgb = malloc((size_t)w * (size_t)h * 3);
    if (!c->rgb)
        return -1;
    mg_canvas_rect(c, 0, 0, w, h, fill);
    return 0;
}

void mg_canvas_free(mg_canvas *c)
{
    free(c->rgb);
    c->rgb = NULL;
}

void mg_canvas_rect(mg_canvas *c, int x, int y, int w, int h, uint32_t rgb)
{
    for (int j = y; j < y + h; j++) {
        if (j < 0 || j >= c->h)
            continue;
        for (int i = x; i < x + w; i++) {
            if (i < 0 || i >= c->w)
                continue;
            uint8_t *p = c->rgb + ((size_t)j * (size_t)c->w + (size_t)i) * 3;
            p[0] = (uint8_t)(rgb >> 16);
            p[1] = (uint8_t)(rgb >> 8);
            p[2] = (uint8_t)rgb;
        }
    }
}

/* flat palettes, tile id order; the border uses the solid colour */
static uint32_t tile_colour(const mg_problem *p, int t)
{
    static const uint32_t binary[] = {0xf0f0e8, 0x303040};
    static const uint32_t zelda[] = {0xe8dcc0, 0x5a4632, 0x2060e0, 0xf0c800,
                                     0xa05a14, 0xd02020, 0x8030c0, 0x20a040};
    static const uint32_t sokoban[] = {0xe8e8e0, 0x404048, 0x2060e0, 0xb07830, 0xe04060};
    switch (p->id) {
    case MG_BINARY: return binary[t & 1];
    case MG_ZELDA: return zelda[t & 7];
    default: return t < 5 ? sokoban[t] : 0;
    }
}

int mg_map_px_w(const mg_problem *p)
{
    return (p->w + 2) * MG_TILE_PX;
}

int mg_map_px_h(const mg_problem *p)
{
    return (p->h + 2) * MG_TILE_PX;
}

void mg_canvas_map(mg_canvas *c, int x0, int y0, const mg_problem *p, const uint8_t *map,
                   int cx, int cy)
{
    const int T = MG_TILE_PX;
    for (int y = -1; y <= p->h; y++)
        for (int x = -1; x <= p->w; x++) {
            bool border = x < 0 || y < 0 || x >= p->w || y >= p->h;
            uint32_t col = border ? tile_colour(p, 1) : tile_colour(p, map[y * p->w + x]);
            mg_canvas_rect(c, x0 + (x + 1) * T, y0 + (y + 1) * T, T, T, col);
            /* a thin grid line keeps equal neighbouring tiles readable */
            if (!border) {
                uint32_t line = (col >> 1) & 0x7f7f7f;
                mg_canvas_rect(c, x0 + (x + 1) * T, y0 + (y + 1) * T, T, 1, line);
                mg_canvas_rect(c, x0 + (x + 1) * T, y0 + (y + 1) * T, 1, T, line);
            }
        }
    if (cx >= 0 && cy >= 0 && cx < p->w && cy < p->h) {
        int px = x0 + (cx + 1) * T, py = y0 + (cy + 1) * T;
        uint32_t red = 0xff0000;
        mg_canvas_rect(c, px, py, T, 2, red);
        mg_canvas_rect(c, px, py + T - 2, T, 2, red);
        mg_canvas_rect(c, px, py, 2, T, red);
        mg_canvas_rect(c, px + T - 2, py, 2, T, red);
    }
}

int mg_png_map(const char *path, const mg_problem *p, const uint8_t *map, int cx, int cy)
{
    mg_canvas c;
    if (mg_canvas_init(&c, mg_map_px_w(p), mg_map_px_h(p), 0) != 0)
        return -1;
    mg_canvas_map(&c, 0, 0, p, map, cx, cy);
    int rc = mg_png_write(path, c.rgb, c.w, c.h);
    mg_canvas_free(&c);
    return rc;
}
