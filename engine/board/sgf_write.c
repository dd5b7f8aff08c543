/* sgf_write — the SGF writer: a tree to text. Iterative, like the reader, so a
 * long main line or deep variations cost no C stack. Values are written raw
 * (as read, or as encoded by sgf_prop_add_text), so parse -> write -> parse
 * gives the same tree. */
#include "engine/board/sgf.h"

#include <stdlib.h>
#include <string.h>

#include "engine/board/sgf_internal.h"

struct outbuf {
    char *s;
    size_t len, cap;
    size_t line_len;    /* bytes since the last newline */
    bool oom;
};

static void out_bytes(struct outbuf *o, const char *p, size_t n)
{
    if (o->oom)
        return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 4096;
        while (o->len + n + 1 > cap)
            cap *= 2;
        char *s = realloc(o->s, cap);
        if (!s) {
            o->oom = true;
            return;
        }
        o->s = s;
        o->cap = cap;
    }
    memcpy(o->s + o->len, p, n);
    o->len += n;
    o->s[o->len] = '\0';
    const char *nl = memchr(p, '\n', n);
    if (nl) {
        /* Count from the last newline in p. */
        const char *last = nl;
        while ((nl = memchr(last + 1, '\n', (size_t)(p + n - last - 1))) != NULL)
            last = nl;
        o->line_len = (size_t)(p + n - last - 1);
    } else {
        o->line_len += n;
    }
}

static void out_str(struct outbuf *o, const char *s) { out_bytes(o, s, strlen(s)); }

/* Starts a new line unless the current one is empty. */
static void out_newline(struct outbuf *o)
{
    if (o->line_len > 0)
        out_str(o, "\n");
}

static size_t node_size(const struct sgf_node *n)
{
    size_t size = 1;
    for (const struct sgf_prop *p = n->props; p; p = p->next) {
        size += strlen(p->id);
        for (const struct sgf_value *v = p->values; v; v = v->next)
            size += v->len + 2;
    }
    return size;
}

#define LINE_WIDTH 72

static void out_node(struct outbuf *o, const struct sgf_node *n, bool root)
{
    /* Game roots carry the game info: a line of their own. Other nodes are
     * packed, a line break before one that would overflow. */
    if (!root && o->line_len > 1 && o->line_len + node_size(n) > LINE_WIDTH)
        out_newline(o);
    out_str(o, ";");
    for (const struct sgf_prop *p = n->props; p; p = p->next) {
        out_str(o, p->id);
        for (const struct sgf_value *v = p->values; v; v = v->next) {
            out_str(o, "[");
            out_bytes(o, v->raw, v->len);
            out_str(o, "]");
        }
    }
    if (root)
        out_newline(o);
}

/* Writes one game tree. `stack` holds the first node of every open variation,
 * so that closing it can move on to its next sibling. */
static void out_game(struct outbuf *o, const struct sgf_node *root,
                     const struct sgf_node ***stack, size_t *cap)
{
    size_t depth = 0;
    const struct sgf_node *cur = root;
    out_newline(o);
    out_str(o, "(");
    for (;;) {
        /* The sequence from cur: nodes with a single child. */
        out_node(o, cur, cur == root);
        while (cur->child && !cur->child->sibling) {
            cur = cur->child;
            out_node(o, cur, false);
        }
        if (cur->child) {
            /* Two or more children: each is a game tree of its own. */
            if (depth == *cap) {
                size_t ncap = *cap ? 2 * *cap : 64;
                const struct sgf_node **s = realloc(*stack, ncap * sizeof *s);
                if (!s) {
                    o->oom = true;
                    return;
                }
                *stack = s;
                *cap = ncap;
            }
            (*stack)[depth++] = cur->child;
            cur = cur->child;
            out_newline(o);
            out_str(o, "(");
            continue;
        }
        /* A leaf: close game trees until one has a next sibling. */
        for (;;) {
            out_str(o, ")");
            if (depth == 0)
                return;
            const struct sgf_node *done = (*stack)[--depth];
            if (done->sibling) {
                (*stack)[depth++] = done->sibling;
                cur = done->sibling;
                out_newline(o);
                out_str(o, "(");
                break;
            }
        }
    }
}

char *sgf_write(const struct sgf_tree *t, size_t *len)
{
    if (t->out_of_memory)
        return NULL;   /* an incomplete tree must not pass for the game */
    struct outbuf o = {0};
    const struct sgf_node **stack = NULL;
    size_t cap = 0;
    for (const struct sgf_node *g = t->games; g; g = g->sibling)
        out_game(&o, g, &stack, &cap);
    out_str(&o, "\n");
    free(stack);
    if (o.oom) {
        free(o.s);
        return NULL;
    }
    if (len)
        *len = o.len;
    return o.s;
}
