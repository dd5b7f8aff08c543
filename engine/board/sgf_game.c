/* sgf_game — between an SGF main line and a struct game. */
#include "engine/board/sgf_game.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/sgf_internal.h"

void sgf_point_str(int size, int x, int y, char out[2])
{
    /* SGF counts rows from the top, hane from the bottom. */
    out[0] = (char)('a' + x);
    out[1] = (char)('a' + (size - 1 - y));
}

bool sgf_point_parse(int size, const char *s, size_t len, int *x, int *y)
{
    if (len != 2 || s[0] < 'a' || s[0] > 'z' || s[1] < 'a' || s[1] > 'z')
        return false;
    int col = s[0] - 'a', row = s[1] - 'a';
    if (col >= size || row >= size)
        return false;
    *x = col;
    *y = size - 1 - row;
    return true;
}

/* The loader's error at value `v` of property `p` (its first value if `v` is
 * NULL): the position and a token rebuilt from it ("B[dd]"), through the
 * reader's one error function. */
static bool load_error_at(struct sgf_error *err, const char *name, const struct sgf_prop *p,
                          const struct sgf_value *v, const char *reason, const char *msg)
{
    char tok[48];
    if (!v)
        v = p->values;
    snprintf(tok, sizeof tok, "%s[%.*s]", p->id, v ? (int)(v->len < 24 ? v->len : 24) : 0,
             v ? v->raw : "");
    int line = p->line, col = p->col;
    if (v && v != p->values && v->line) {
        /* Not the first value: its own position, and the token from there. */
        snprintf(tok, sizeof tok, "[%.*s]", (int)(v->len < 24 ? v->len : 24), v->raw);
        line = v->line;
        col = v->col;
    }
    sgf_set_error(err, name, line, col, reason, tok, strlen(tok), 0, "%s", msg);
    return false;
}

/* The loader's error at property `p` (or node `n` if `p` is NULL). */
static bool load_error(struct sgf_error *err, const char *name, const struct sgf_prop *p,
                       const struct sgf_node *n, const char *reason, const char *msg)
{
    char tok[48] = "";
    int line = 0, col = 0;
    if (p) {
        return load_error_at(err, name, p, NULL, reason, msg);
    } else if (n) {
        line = n->line;
        col = n->col;
        snprintf(tok, sizeof tok, ";");
    }
    sgf_set_error(err, name, line, col, reason, tok, strlen(tok), 0, "%s", msg);
    return false;
}

/* Decoded text of the first value, surrounding blanks trimmed. */
static void prop_text(const struct sgf_prop *p, char *out, size_t size)
{
    sgf_text(p->values, out, size);
    size_t n = strlen(out);
    while (n > 0 && (unsigned char)out[n - 1] <= ' ')
        out[--n] = '\0';
    size_t i = 0;
    while (out[i] && (unsigned char)out[i] <= ' ')
        i++;
    memmove(out, out + i, n - i + 1);
}

static bool parse_int(const char *s, long lo, long hi, int *out)
{
    char *end;
    if (!*s)
        return false;
    long v = strtol(s, &end, 10);
    if (*end || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

struct loader {
    const char *name;
    struct sgf_error *err;
    int size;
    /* Setup before the first move: the colour wanted on each point and the
     * property that asked for it (for error positions). */
    uint8_t setup[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    const struct sgf_prop *setup_src[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    const struct sgf_value *setup_val[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    bool any_setup;
    enum color pl;      /* PL in the setup nodes, EMPTY if none */
};

static bool read_info(struct loader *ld, const struct sgf_node *root, struct sgf_game_info *info)
{
    char buf[128];
    const struct sgf_prop *p;
    memset(info, 0, sizeof *info);
    info->size = 19;   /* FF[4] default for Go */
    if ((p = sgf_find(root, "GM"))) {
        int gm;
        prop_text(p, buf, sizeof buf);
        if (!parse_int(buf, 0, 1000, &gm) || gm != 1)
            return load_error(ld->err, ld->name, p, root, "not go", "not a game of Go (GM must be 1)");
    }
    if ((p = sgf_find(root, "SZ"))) {
        size_t a_len, b_off;
        int w, h;
        if (sgf_compose(p->values, &a_len, &b_off)) {
            char a[32], b[32];
            struct sgf_value va = { p->values->raw, a_len, NULL, 0, 0 };
            struct sgf_value vb = { p->values->raw + b_off, p->values->len - b_off, NULL, 0, 0 };
            sgf_text(&va, a, sizeof a);
            sgf_text(&vb, b, sizeof b);
            if (!parse_int(a, 1, 52, &w) || !parse_int(b, 1, 52, &h))
                return load_error(ld->err, ld->name, p, root, "bad size", "bad board size");
            if (w != h) {
                snprintf(buf, sizeof buf, "non-square board %dx%d is not supported", w, h);
                return load_error(ld->err, ld->name, p, root, "non-square board", buf);
            }
        } else {
            prop_text(p, buf, sizeof buf);
            if (!parse_int(buf, 1, 52, &w))
                return load_error(ld->err, ld->name, p, root, "bad size", "bad board size");
        }
        if (w < BOARD_MIN_SIZE || w > BOARD_MAX_SIZE) {
            snprintf(buf, sizeof buf, "board size %d outside %d..%d", w, BOARD_MIN_SIZE,
                     BOARD_MAX_SIZE);
            return load_error(ld->err, ld->name, p, root, "unsupported size", buf);
        }
        info->size = w;
    }
    if ((p = sgf_find(root, "KM"))) {
        prop_text(p, buf, sizeof buf);
        if (*buf) {
            char *end;
            double k = strtod(buf, &end);
            if (*end || !isfinite(k) || fabs(k) > 1000)
                return load_error(ld->err, ld->name, p, root, "bad komi", "bad komi");
            info->komi = k;
            info->has_komi = true;
        }
    }
    if ((p = sgf_find(root, "HA"))) {
        prop_text(p, buf, sizeof buf);
        if (*buf && !parse_int(buf, 0, info->size * info->size, &info->handicap))
            return load_error(ld->err, ld->name, p, root, "bad handicap", "bad handicap");
    }
    static const struct { const char *id; size_t off, size; } texts[] = {
        { "RE", offsetof(struct sgf_game_info, result), sizeof info->result },
        { "RU", offsetof(struct sgf_game_info, rules), sizeof info->rules },
        { "PB", offsetof(struct sgf_game_info, black), sizeof info->black },
        { "PW", offsetof(struct sgf_game_info, white), sizeof info->white },
        { "DT", offsetof(struct sgf_game_info, date), sizeof info->date },
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if ((p = sgf_find(root, texts[i].id)))
            prop_text(p, (char *)info + texts[i].off, texts[i].size);
    return true;
}

/* AB, AW or AE: points or rectangles "aa:cc" into ld->setup. */
static bool read_setup(struct loader *ld, const struct sgf_node *n, const struct sgf_prop *p,
                       enum color c)
{
    for (const struct sgf_value *v = p->values; v; v = v->next) {
        int x0, y0, x1, y1;
        size_t a_len, b_off;
        bool ok;
        if (sgf_compose(v, &a_len, &b_off))
            ok = sgf_point_parse(ld->size, v->raw, a_len, &x0, &y0)
                 && sgf_point_parse(ld->size, v->raw + b_off, v->len - b_off, &x1, &y1);
        else
            ok = sgf_point_parse(ld->size, v->raw, v->len, &x0, &y0) && (x1 = x0, y1 = y0, true);
        if (!ok) {
            char msg[80];
            snprintf(msg, sizeof msg, "bad point [%.*s] in %s on a %dx%d board",
                     (int)(v->len < 16 ? v->len : 16), v->raw, p->id, ld->size, ld->size);
            return load_error_at(ld->err, ld->name, p, v, "bad point", msg);
        }
        /* Either corner order is accepted. */
        if (x0 > x1) { int s = x0; x0 = x1; x1 = s; }
        if (y0 > y1) { int s = y0; y0 = y1; y1 = s; }
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                ld->setup[y][x] = (uint8_t)c;
                ld->setup_src[y][x] = p;
                ld->setup_val[y][x] = v;
            }
        ld->any_setup = true;
    }
    return true;
}

/* Places the collected setup stones on the fresh game. */
static bool apply_setup(struct loader *ld, struct game *g)
{
    for (int y = 0; y < ld->size; y++)
        for (int x = 0; x < ld->size; x++) {
            enum color c = (enum color)ld->setup[y][x];
            if (c == EMPTY)
                continue;
            enum game_err e = game_setup(g, c, board_point(&g->board, x, y));
            if (e != GAME_OK) {
                char msg[120];
                snprintf(msg, sizeof msg, "setup stone refused: %s", game_err_str(e));
                return load_error_at(ld->err, ld->name, ld->setup_src[y][x], ld->setup_val[y][x],
                                     "bad setup", msg);
            }
        }
    return true;
}

/* Is this node's move property well-formed? Sets *c and *p (PASS for a pass);
 * *c = EMPTY if the node has no move. */
static bool read_move(struct loader *ld, const struct sgf_node *n, enum color *c, int *x,
                      int *y, const struct sgf_prop **src)
{
    *c = EMPTY;
    *src = NULL;
    for (const struct sgf_prop *p = n->props; p; p = p->next) {
        enum color pc = strcmp(p->id, "B") == 0 ? BLACK : strcmp(p->id, "W") == 0 ? WHITE : EMPTY;
        if (pc == EMPTY)
            continue;
        if (*c != EMPTY)
            return load_error(ld->err, ld->name, p, n, "bad move", "two moves in one node");
        if (p->n_values != 1)
            return load_error(ld->err, ld->name, p, n, "bad move", "a move has one value");
        const struct sgf_value *v = p->values;
        *c = pc;
        *src = p;
        if (v->len == 0 || (ld->size <= 19 && v->len == 2 && memcmp(v->raw, "tt", 2) == 0)) {
            *x = *y = -1;   /* pass */
        } else if (!sgf_point_parse(ld->size, v->raw, v->len, x, y)) {
            char msg[80];
            snprintf(msg, sizeof msg, "bad point for a move on a %dx%d board", ld->size, ld->size);
            return load_error(ld->err, ld->name, p, n, "bad point", msg);
        }
    }
    return true;
}

bool sgf_game_load(const struct sgf_tree *t, const char *name, int move_limit,
                   struct game *g, struct sgf_game_info *info_out, struct sgf_error *err)
{
    struct sgf_game_info info_local;
    struct sgf_game_info *info = info_out ? info_out : &info_local;
    struct loader *ld = calloc(1, sizeof *ld);
    if (!ld) {
        sgf_set_error(err, name ? name : "<input>", 0, 0, "memory", NULL, 0, 0, "out of memory");
        return false;
    }
    ld->name = name ? name : "<input>";
    ld->err = err;
    const struct sgf_node *root = t->games;
    if (!root) {
        load_error(err, ld->name, NULL, NULL, "syntax", "no game in the collection");
        free(ld);
        return false;
    }
    if (!read_info(ld, root, info)) {
        free(ld);
        return false;
    }
    ld->size = info->size;

    /* First pass over the main line: setup nodes, then check every move's
     * syntax and count them, before touching a game. */
    const struct sgf_node *n = root, *first_move = NULL;
    for (; n; n = n->child) {
        enum color c;
        int x, y;
        const struct sgf_prop *src;
        if (!read_move(ld, n, &c, &x, &y, &src))
            goto fail;
        for (const struct sgf_prop *p = n->props; p; p = p->next) {
            bool is_setup = !strcmp(p->id, "AB") || !strcmp(p->id, "AW") || !strcmp(p->id, "AE");
            if (is_setup && first_move) {
                load_error(err, ld->name, p, n, "setup after moves",
                           "setup stones after the first move are not supported");
                goto fail;
            }
            if (first_move)
                continue;
            if (!strcmp(p->id, "AB") && !read_setup(ld, n, p, BLACK))
                goto fail;
            if (!strcmp(p->id, "AW") && !read_setup(ld, n, p, WHITE))
                goto fail;
            if (!strcmp(p->id, "AE") && !read_setup(ld, n, p, EMPTY))
                goto fail;
            if (!strcmp(p->id, "PL")) {
                char buf[8];
                prop_text(p, buf, sizeof buf);
                if (!strcmp(buf, "B") || !strcmp(buf, "b"))
                    ld->pl = BLACK;
                else if (!strcmp(buf, "W") || !strcmp(buf, "w"))
                    ld->pl = WHITE;
                else {
                    load_error(err, ld->name, p, n, "bad colour", "PL must be B or W");
                    goto fail;
                }
            }
        }
        if (c != EMPTY) {
            if (!first_move)
                first_move = n;
            info->n_moves++;
        }
    }

    game_init(g, ld->size, info->komi);
    if (!game_reserve(g, info->n_moves)) {
        load_error(err, ld->name, NULL, root, "memory", "out of memory for the move record");
        game_free(g);
        goto fail;
    }
    if (!apply_setup(ld, g)) {
        game_free(g);
        goto fail;
    }
    if (info->handicap >= 2 && ld->any_setup)
        g->handicap = info->handicap;
    enum color first = ld->pl != EMPTY ? ld->pl
                     : (info->handicap >= 2 && ld->any_setup) ? WHITE : BLACK;
    g->board.to_move = first;
    g->start.to_move = first;

    /* Second pass: play the moves. Superko is off for the replay (see header). */
    bool superko = g->superko;
    g->superko = false;
    int number = 0;
    for (n = first_move; n; n = n->child) {
        enum color c;
        int x, y;
        const struct sgf_prop *src;
        read_move(ld, n, &c, &x, &y, &src);   /* checked in the first pass */
        if (c == EMPTY)
            continue;
        number++;
        if (move_limit > 0 && number >= move_limit) {
            g->board.to_move = c;   /* the cut move's colour plays next */
            break;
        }
        point p = x < 0 ? PASS : board_point(&g->board, x, y);
        enum game_err e = game_play(g, c, p);
        if (e != GAME_OK) {
            char msg[120];
            snprintf(msg, sizeof msg, "%s (move %d)", game_err_str(e), number);
            load_error(err, ld->name, src, n, game_err_str(e), msg);
            game_free(g);
            goto fail;
        }
    }
    g->superko = superko;
    free(ld);
    return true;
fail:
    free(ld);
    return false;
}

bool sgf_game_load_file(const char *path, int move_limit, struct game *g,
                        struct sgf_game_info *info, struct sgf_error *err)
{
    struct sgf_tree *t = sgf_read_file(path, err);
    if (!t)
        return false;
    bool ok = sgf_game_load(t, path, move_limit, g, info, err);
    sgf_free(t);
    return ok;
}

static void add_fmt(struct sgf_tree *t, struct sgf_node *n, const char *id, const char *fmt,
                    double v)
{
    char buf[48];
    snprintf(buf, sizeof buf, fmt, v);
    sgf_prop_add_raw(t, sgf_add_prop(t, n, id), buf, strlen(buf));
}

struct sgf_tree *sgf_game_tree(const struct game *g, const char *result)
{
    struct sgf_tree *t = sgf_new_tree();
    if (!t)
        return NULL;
    struct sgf_node *n = sgf_new_node(t, NULL);
    int size = g->board.size;
    sgf_prop_add_raw(t, sgf_add_prop(t, n, "FF"), "4", 1);
    sgf_prop_add_raw(t, sgf_add_prop(t, n, "GM"), "1", 1);
    sgf_prop_add_raw(t, sgf_add_prop(t, n, "CA"), "UTF-8", 5);
    sgf_prop_add_raw(t, sgf_add_prop(t, n, "AP"), "hane", 4);
    add_fmt(t, n, "SZ", "%.0f", size);
    /* The shortest form that reads back as the same double. */
    char km[48];
    snprintf(km, sizeof km, "%.15g", g->komi);
    if (strtod(km, NULL) != g->komi)
        snprintf(km, sizeof km, "%.17g", g->komi);
    sgf_prop_add_raw(t, sgf_add_prop(t, n, "KM"), km, strlen(km));
    if (g->handicap > 0)
        add_fmt(t, n, "HA", "%.0f", g->handicap);
    if (result && *result)
        sgf_prop_add_text(t, sgf_add_prop(t, n, "RE"), result, strlen(result));
    /* Setup: the stones of the start position, top row first. */
    for (int c = BLACK; c <= WHITE; c++) {
        struct sgf_prop *p = NULL;
        for (int y = size - 1; y >= 0; y--)
            for (int x = 0; x < size; x++)
                if (g->start.color[board_point(&g->start, x, y)] == c) {
                    char s[2];
                    if (!p)
                        p = sgf_add_prop(t, n, c == BLACK ? "AB" : "AW");
                    sgf_point_str(size, x, y, s);
                    sgf_prop_add_raw(t, p, s, 2);
                }
    }
    /* PL whenever a reader could guess wrong: White first, or any setup (a
     * reader assumes White after handicap stones). */
    bool setup = sgf_find(n, "AB") || sgf_find(n, "AW");
    if (g->start.to_move == WHITE || setup)
        sgf_prop_add_raw(t, sgf_add_prop(t, n, "PL"), g->start.to_move == WHITE ? "W" : "B", 1);
    for (int i = 0; i < g->n_moves; i++) {
        const struct game_move *m = &g->moves[i];
        if (m->color != BLACK && m->color != WHITE)
            continue;
        if (m->p != PASS && !board_on(&g->start, m->p))
            continue;   /* resign is the result, not a move */
        n = sgf_new_node(t, n);
        if (!n)
            break;   /* out of memory: t says so */
        struct sgf_prop *p = sgf_add_prop(t, n, m->color == BLACK ? "B" : "W");
        if (m->p == PASS) {
            sgf_prop_add_raw(t, p, "", 0);
        } else {
            char s[2];
            sgf_point_str(size, board_x(&g->start, m->p), board_y(&g->start, m->p), s);
            sgf_prop_add_raw(t, p, s, 2);
        }
    }
    return t;
}

char *sgf_game_write(const struct game *g, const char *result, size_t *len)
{
    struct sgf_tree *t = sgf_game_tree(g, result);
    if (!t)
        return NULL;
    char *s = sgf_write(t, len);
    sgf_free(t);
    return s;
}
