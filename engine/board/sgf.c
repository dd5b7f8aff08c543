/* sgf — the tree: arena allocation, building, lookup, value decoding, equality.
 * The reader is in sgf_parse.c, the writer in sgf_write.c. */
#include "engine/board/sgf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/sgf_internal.h"

/* All of a tree lives in a chain of blocks freed at once: freeing a deep or
 * long tree needs no walk (hence no recursion), and parsing allocates fast. */
struct sgf_block {
    struct sgf_block *next;
    size_t used, size;
    max_align_t data[];
};

struct sgf_arena {
    struct sgf_block *head;
};

#define SGF_BLOCK_BYTES ((size_t)64 << 10)

static void *sgf_die_oom(size_t n)
{
    /* Out of memory is not bad input; there is no sane way on. */
    (void)n;
    abort();
}

void *sgf_alloc(struct sgf_tree *t, size_t n)
{
    struct sgf_arena *a = t->arena;
    const size_t align = sizeof(max_align_t);
    n = (n + align - 1) / align * align;
    struct sgf_block *b = a->head;
    if (!b || b->size - b->used < n) {
        size_t size = n > SGF_BLOCK_BYTES / 2 ? n : SGF_BLOCK_BYTES;
        b = malloc(sizeof *b + size);
        if (!b)
            return sgf_die_oom(n);
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
    }
    void *p = (char *)b->data + b->used;
    b->used += n;
    return p;
}

struct sgf_tree *sgf_new_tree(void)
{
    struct sgf_tree *t = calloc(1, sizeof *t);
    if (!t)
        return sgf_die_oom(sizeof *t);
    t->arena = calloc(1, sizeof *t->arena);
    if (!t->arena)
        return sgf_die_oom(sizeof *t->arena);
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

struct sgf_node *sgf_new_node(struct sgf_tree *t, struct sgf_node *parent)
{
    struct sgf_node *n = sgf_alloc(t, sizeof *n);
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

struct sgf_prop *sgf_new_prop(struct sgf_tree *t, struct sgf_node *n, const char *id)
{
    struct sgf_prop *p = sgf_alloc(t, sizeof *p);
    memset(p, 0, sizeof *p);
    size_t len = strlen(id);
    if (len > SGF_MAX_ID)
        len = SGF_MAX_ID;
    memcpy(p->id, id, len);
    p->id[len] = '\0';
    if (n->last_prop)
        n->last_prop->next = p;
    else
        n->props = p;
    n->last_prop = p;
    return p;
}

struct sgf_prop *sgf_add_prop(struct sgf_tree *t, struct sgf_node *n, const char *id)
{
    for (struct sgf_prop *p = n->props; p; p = p->next)
        if (strcmp(p->id, id) == 0)
            return p;
    return sgf_new_prop(t, n, id);
}

void sgf_prop_add_raw(struct sgf_tree *t, struct sgf_prop *p, const char *raw, size_t len)
{
    struct sgf_value *v = sgf_alloc(t, sizeof *v);
    v->raw = sgf_alloc(t, len + 1);
    memcpy(v->raw, raw, len);
    v->raw[len] = '\0';
    v->len = len;
    v->next = NULL;
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
    char *buf = malloc(2 * len + 1);
    if (!buf) {
        sgf_die_oom(2 * len + 1);
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
