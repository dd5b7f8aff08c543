/* sgf — the tree: arena allocation, building, lookup, value decoding, equality.
 * The reader is in sgf_parse.c, the writer in sgf_write.c. */
#include "engine/board/sgf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/sgf_internal.h"

/* All of a tree lives in a chain of blocks freed at once: freeing a deep or
 * long tree needs no walk (hence no recursion), and parsing allocates fast.
 * Structures are aligned for pointers, strings not at all, so a small value
 * costs its bytes and no padding. `bytes` counts every block, which is what
 * the reader's budget (SGF_BUILD_PER_BYTE) is held against. */
struct sgf_block {
    struct sgf_block *next;
    size_t used, size;
    max_align_t data[];
};

struct sgf_arena {
    struct sgf_block *head;
    size_t bytes, budget;      /* budget 0: none */
    bool over_budget;
};

#define SGF_BLOCK_BYTES ((size_t)64 << 10)

void *sgf_alloc(struct sgf_tree *t, size_t n, size_t align)
{
    if (t->out_of_memory)
        return NULL;
    struct sgf_arena *a = t->arena;
    struct sgf_block *b = a->head;
    size_t at = b ? (b->used + align - 1) / align * align : 0;
    if (!b || at > b->size || b->size - at < n) {
        size_t size = n > SGF_BLOCK_BYTES / 2 ? n : SGF_BLOCK_BYTES;
        if (a->budget && (size > a->budget || a->bytes > a->budget - size)) {
            a->over_budget = true;
            t->out_of_memory = true;
            return NULL;
        }
        b = malloc(sizeof *b + size);
        if (!b) {
            t->out_of_memory = true;
            return NULL;
        }
        a->bytes += size;
        b->size = size;
        b->used = 0;
        if (n > SGF_BLOCK_BYTES / 2 && a->head) {
            /* A big one-off block goes behind the current one so the current
             * block's free space is still used. */
            b->next = a->head->next;
            a->head->next = b;
            b->used = n;
            return b->data;
        }
        b->next = a->head;
        a->head = b;
        at = 0;
    }
    void *p = (char *)b->data + at;
    b->used = at + n;
    return p;
}

void sgf_set_budget(struct sgf_tree *t, size_t bytes)
{
    t->arena->budget = bytes;
}

bool sgf_over_budget(const struct sgf_tree *t)
{
    return t->arena->over_budget;
}

struct sgf_tree *sgf_new_tree(void)
{
    struct sgf_tree *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->arena = calloc(1, sizeof *t->arena);
    if (!t->arena) {
        free(t);
        return NULL;
    }
    return t;
}

void sgf_free(struct sgf_tree *t)
{
    if (!t)
        return;
    struct sgf_block *b = t->arena->head;
    while (b) {
        struct sgf_block *next = b->next;
        free(b);
        b = next;
    }
    free(t->arena);
    free(t);
}

#define SGF_NEW(t, type) ((type *)sgf_alloc((t), sizeof(type), _Alignof(type)))

struct sgf_node *sgf_new_node(struct sgf_tree *t, struct sgf_node *parent)
{
    struct sgf_node *n = SGF_NEW(t, struct sgf_node);
    if (!n)
        return NULL;
    memset(n, 0, sizeof *n);
    n->parent = parent;
    if (parent) {
        if (parent->last_child)
            parent->last_child->sibling = n;
        else
            parent->child = n;
        parent->last_child = n;
    } else {
        if (t->last_game)
            t->last_game->sibling = n;
        else
            t->games = n;
        t->last_game = n;
        t->n_games++;
    }
    t->n_nodes++;
    return n;
}

/* The identifiers nearly every property has point to these, so a game
 * record's properties cost no copy of their names. */
static const char *const common_ids[] = {"B", "W", "C", "AB", "AW", "AE", "N", "BL", "WL",
                                         "OB", "OW", "LB", "TR", "SQ", "MA", "CR"};

struct sgf_prop *sgf_new_prop(struct sgf_tree *t, struct sgf_node *n, const char *id)
{
    if (!n)
        return NULL;
    struct sgf_prop *p = SGF_NEW(t, struct sgf_prop);
    if (!p)
        return NULL;
    memset(p, 0, sizeof *p);
    for (size_t i = 0; i < sizeof common_ids / sizeof common_ids[0] && !p->id; i++)
        if (strcmp(id, common_ids[i]) == 0)
            p->id = common_ids[i];
    if (!p->id) {
        size_t len = strlen(id);
        if (len > SGF_MAX_ID)
            len = SGF_MAX_ID;
        char *copy = sgf_alloc(t, len + 1, 1);
        if (!copy)
            return NULL;
        memcpy(copy, id, len);
        copy[len] = '\0';
        p->id = copy;
    }
    if (n->last_prop)
        n->last_prop->next = p;
    else
        n->props = p;
    n->last_prop = p;
    return p;
}

struct sgf_prop *sgf_add_prop(struct sgf_tree *t, struct sgf_node *n, const char *id)
{
    if (!n)
        return NULL;
    for (struct sgf_prop *p = n->props; p; p = p->next)
        if (strcmp(p->id, id) == 0)
            return p;
    return sgf_new_prop(t, n, id);
}

void sgf_prop_add_raw(struct sgf_tree *t, struct sgf_prop *p, const char *raw, size_t len)
{
    if (!p)
        return;
    struct sgf_value *v = SGF_NEW(t, struct sgf_value);
    char *copy = sgf_alloc(t, len + 1, 1);
    if (!v || !copy)
        return;
    v->raw = copy;
    memcpy(v->raw, raw, len);
    v->raw[len] = '\0';
    v->len = len;
    v->next = NULL;
    v->line = v->col = 0;
    if (p->last_value)
        p->last_value->next = v;
    else
        p->values = v;
    p->last_value = v;
    p->n_values++;
}

void sgf_prop_add_text(struct sgf_tree *t, struct sgf_prop *p, const char *text, size_t len)
{
    /* Worst case every byte is escaped. */
    if (!p)
        return;
    char *buf = malloc(2 * len + 1);
    if (!buf) {
        t->out_of_memory = true;
        return;
    }
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == ']' || text[i] == '\\' || text[i] == ':')
            buf[k++] = '\\';
        buf[k++] = text[i];
    }
    sgf_prop_add_raw(t, p, buf, k);
    free(buf);
}

const struct sgf_prop *sgf_find(const struct sgf_node *n, const char *id)
{
    for (const struct sgf_prop *p = n->props; p; p = p->next)
        if (strcmp(p->id, id) == 0)
            return p;
    return NULL;
}

size_t sgf_text(const struct sgf_value *v, char *out, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < v->len; i++) {
        char c = v->raw[i];
        if (c == '\\' && i + 1 < v->len) {
            c = v->raw[++i];
            if (c == '\n' || c == '\r') {
                /* Soft line break: "\\" + newline, where a newline may be
                 * "\n", "\r", "\r\n" or "\n\r". */
                char d = i + 1 < v->len ? v->raw[i + 1] : 0;
                if ((d == '\n' || d == '\r') && d != c)
                    i++;
                continue;
            }
        }
        if (size && k < size - 1)
            out[k] = c;
        k++;
    }
    if (size)
        out[k < size - 1 ? k : size - 1] = '\0';
    return k;
}

bool sgf_compose(const struct sgf_value *v, size_t *first_len, size_t *second_off)
{
    for (size_t i = 0; i < v->len; i++) {
        if (v->raw[i] == '\\') {
            i++;
            continue;
        }
        if (v->raw[i] == ':') {
            *first_len = i;
            *second_off = i + 1;
            return true;
        }
    }
    return false;
}

static bool sgf_node_equal(const struct sgf_node *a, const struct sgf_node *b)
{
    const struct sgf_prop *p = a->props, *q = b->props;
    for (; p && q; p = p->next, q = q->next) {
        if (strcmp(p->id, q->id) != 0 || p->n_values != q->n_values)
            return false;
        const struct sgf_value *v = p->values, *w = q->values;
        for (; v && w; v = v->next, w = w->next)
            if (v->len != w->len || memcmp(v->raw, w->raw, v->len) != 0)
                return false;
    }
    return !p && !q;
}

const struct sgf_node *sgf_preorder_next(const struct sgf_node *n)
{
    if (n->child)
        return n->child;
    while (n && !n->sibling)
        n = n->parent;
    return n ? n->sibling : NULL;
}

bool sgf_equal(const struct sgf_tree *a, const struct sgf_tree *b)
{
    if (a->n_games != b->n_games || a->n_nodes != b->n_nodes)
        return false;
    /* Walk both in pre-order; same shape means the same child/sibling pattern
     * at every step. Game roots are siblings of each other (parent NULL), so the
     * walk runs across all games. */
    const struct sgf_node *x = a->games, *y = b->games;
    while (x && y) {
        if (!sgf_node_equal(x, y) || !x->child != !y->child || !x->sibling != !y->sibling)
            return false;
        x = sgf_preorder_next(x);
        y = sgf_preorder_next(y);
    }
    return !x && !y;
}
