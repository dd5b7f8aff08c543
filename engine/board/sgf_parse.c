/* sgf_parse — the SGF reader: bytes to a tree. One pass, no recursion: open
 * game trees are kept on an explicit stack, so nesting depth costs heap, not C
 * stack, and is capped by SGF_MAX_DEPTH.
 *
 * Grammar (FF[4]):  Collection = GameTree+     GameTree = "(" Sequence GameTree* ")"
 *                   Sequence = Node+           Node = ";" Property*
 *                   Property = PropIdent PropValue+   PropValue = "[" ValueText "]"
 */
#include "engine/board/sgf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/file_read.h"
#include "engine/board/sgf_internal.h"

void sgf_set_error(struct sgf_error *err, const char *name, int line, int col,
                   const char *reason, const char *buf, size_t len, size_t pos,
                   const char *fmt, ...)
{
    if (!err)
        return;
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);

    /* The token: a few bytes from pos, up to the end of the line, with
     * unprintable bytes shown as '?' so the message stays one clean line. */
    char tok[24];
    size_t k = 0;
    for (size_t i = pos; buf && i < len && k < sizeof tok - 1; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (c == '\n' || c == '\r')
            break;
        tok[k++] = (c < ' ' || c == 0x7f) ? '?' : (char)c;
    }
    tok[k] = '\0';

    err->line = line;
    err->col = col;
    err->reason = reason;
    if (!buf || pos >= len)
        snprintf(err->text, sizeof err->text, "%s:%d:%d: %s near end of input",
                 name, line, col, msg);
    else
        snprintf(err->text, sizeof err->text, "%s:%d:%d: %s near '%s'",
                 name, line, col, msg, tok);
}

struct lexer {
    const char *buf;
    size_t len, pos;
    int line;
    size_t line_start;      /* offset of the first byte of the current line */
    const char *name;
    struct sgf_error *err;
};

static int lx_peek(const struct lexer *lx)
{
    return lx->pos < lx->len ? (unsigned char)lx->buf[lx->pos] : -1;
}

static int lx_col(const struct lexer *lx, size_t pos)
{
    size_t c = pos - lx->line_start + 1;
    return c > 1000000000 ? 1000000000 : (int)c;
}

/* Consumes one byte, counting "\n", "\r\n" and a lone "\r" as one line break. */
static void lx_advance(struct lexer *lx)
{
    char c = lx->buf[lx->pos++];
    if (c == '\n' || (c == '\r' && (lx->pos >= lx->len || lx->buf[lx->pos] != '\n'))) {
        if (lx->line < 1000000000)
            lx->line++;
        lx->line_start = lx->pos;
    }
}

static void lx_skip_space(struct lexer *lx)
{
    while (lx->pos < lx->len && (unsigned char)lx->buf[lx->pos] <= ' ')
        lx_advance(lx);
}

/* Every reader error goes through here: the current position, a category and
 * a message. */
static void lx_error(struct lexer *lx, int line, int col, size_t pos,
                     const char *reason, const char *msg)
{
    sgf_set_error(lx->err, lx->name, line, col, reason, lx->buf, lx->len, pos, "%s", msg);
}

static void lx_error_here(struct lexer *lx, const char *reason, const char *msg)
{
    lx_error(lx, lx->line, lx_col(lx, lx->pos), lx->pos, reason, msg);
}

/* An allocation failed at the current position: over the reader's budget
 * (a limit of the input) or out of memory (a limit of the machine). */
static void lx_error_memory(struct lexer *lx, const struct sgf_tree *t)
{
    if (sgf_over_budget(t)) {
        char msg[120];
        snprintf(msg, sizeof msg, "too much to hold for a file of this size (more than %u "
                 "bytes per byte of input)", SGF_BUILD_PER_BYTE);
        lx_error_here(lx, "limit", msg);
    } else {
        lx_error_here(lx, "memory", "out of memory");
    }
}

static bool is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static bool is_lower(int c) { return c >= 'a' && c <= 'z'; }

/* One property: identifier and values. The lexer is at its first letter. */
static bool parse_prop(struct lexer *lx, struct sgf_tree *t, struct sgf_node *n)
{
    size_t start = lx->pos;
    int line = lx->line, col = lx_col(lx, start);
    char id[SGF_MAX_ID + 1];
    size_t k = 0;
    while (is_upper(lx_peek(lx)) || is_lower(lx_peek(lx))) {
        int c = lx_peek(lx);
        if (is_upper(c)) {
            if (k == SGF_MAX_ID) {
                lx_error(lx, line, col, start, "syntax", "property identifier too long");
                return false;
            }
            id[k++] = (char)c;
        }
        lx_advance(lx);
    }
    id[k] = '\0';
    if (k == 0) {
        lx_error(lx, line, col, start, "syntax",
                 "property identifier without an upper-case letter");
        return false;
    }
    lx_skip_space(lx);
    if (lx_peek(lx) != '[') {
        char msg[80];
        snprintf(msg, sizeof msg, "property %s has no value (expected '[')", id);
        lx_error_here(lx, "syntax", msg);
        return false;
    }
    struct sgf_prop *p = sgf_new_prop(t, n, id);
    if (!p) {
        lx_error_memory(lx, t);
        return false;
    }
    p->line = line;
    p->col = col;
    while (lx_peek(lx) == '[') {
        size_t open = lx->pos;
        int vline = lx->line, vcol = lx_col(lx, open);
        if (p->n_values == SGF_MAX_VALUES) {
            lx_error_here(lx, "limit", "too many values for one property");
            return false;
        }
        lx_advance(lx);
        size_t vstart = lx->pos;
        for (;;) {
            int c = lx_peek(lx);
            if (c < 0) {
                lx_error(lx, vline, vcol, open, "syntax", "value not closed by ']'");
                return false;
            }
            if (c == ']')
                break;
            lx_advance(lx);
            if (c == '\\' && lx->pos < lx->len)
                lx_advance(lx);   /* the escaped byte, whatever it is */
        }
        sgf_prop_add_raw(t, p, lx->buf + vstart, lx->pos - vstart);
        if (t->out_of_memory) {
            lx_error_memory(lx, t);
            return false;
        }
        p->last_value->line = vline;
        p->last_value->col = vcol;
        lx_advance(lx);   /* ']' */
        lx_skip_space(lx);
    }
    return true;
}

/* An open game tree: where its first node attaches, and where it began. */
struct open_tree {
    struct sgf_node *attach;   /* last node of the enclosing sequence; NULL at top */
    int line, col;
    size_t pos;
};

static bool parse_collection(struct lexer *lx, struct sgf_tree *t)
{
    struct open_tree *stack = NULL;
    int depth = 0, cap = 0;
    struct sgf_node *cur = NULL;   /* last node of the current sequence */
    bool seq_started = false;      /* current game tree has its first node */
    bool after_var = false;        /* a sub-tree was closed: only '(' or ')' may follow */
    bool ok = false;

    /* Leniency: anything before the first '(' is ignored (mail headers, BOMs). */
    while (lx->pos < lx->len && lx->buf[lx->pos] != '(')
        lx_advance(lx);
    if (lx->pos >= lx->len) {
        lx_error_here(lx, "syntax", "no game tree (no '(' found)");
        return false;
    }

    for (;;) {
        lx_skip_space(lx);
        int c = lx_peek(lx);
        if (depth == 0 && c != '(') {
            /* Leniency: bytes after the last game tree are ignored. */
            ok = true;
            break;
        }
        if (c == '(') {
            if (depth > 0 && !seq_started) {
                lx_error_here(lx, "syntax", "game tree without a node (expected ';')");
                break;
            }
            if (depth == SGF_MAX_DEPTH) {
                lx_error_here(lx, "limit", "variations nested too deeply");
                break;
            }
            if (depth == cap) {
                int ncap = cap ? 2 * cap : 64;
                if (ncap > SGF_MAX_DEPTH)
                    ncap = SGF_MAX_DEPTH;
                struct open_tree *s = realloc(stack, (size_t)ncap * sizeof *s);
                if (!s) {
                    lx_error_here(lx, "memory", "out of memory");
                    break;
                }
                stack = s;
                cap = ncap;
            }
            stack[depth].attach = cur;
            stack[depth].line = lx->line;
            stack[depth].col = lx_col(lx, lx->pos);
            stack[depth].pos = lx->pos;
            depth++;
            seq_started = false;
            after_var = false;
            lx_advance(lx);
        } else if (c == ';') {
            if (after_var) {
                lx_error_here(lx, "syntax", "node after a variation (expected '(' or ')')");
                break;
            }
            if (t->n_nodes >= SGF_MAX_NODES) {
                lx_error_here(lx, "limit", "too many nodes");
                break;
            }
            struct sgf_node *parent = seq_started ? cur : stack[depth - 1].attach;
            struct sgf_node *n = sgf_new_node(t, parent);
            if (!n) {
                lx_error_memory(lx, t);
                break;
            }
            n->line = lx->line;
            n->col = lx_col(lx, lx->pos);
            cur = n;
            seq_started = true;
            lx_advance(lx);
            lx_skip_space(lx);
            bool prop_ok = true;
            while (prop_ok && (is_upper(lx_peek(lx)) || is_lower(lx_peek(lx))))
                prop_ok = parse_prop(lx, t, n);
            if (!prop_ok)
                break;
        } else if (c == ')') {
            if (!seq_started) {
                lx_error_here(lx, "syntax", "empty game tree (expected ';')");
                break;
            }
            depth--;
            cur = stack[depth].attach;
            seq_started = depth > 0;
            after_var = depth > 0;
            lx_advance(lx);
        } else if (c < 0) {
            char msg[120];
            snprintf(msg, sizeof msg, "missing ')': game tree opened at %d:%d is not closed",
                     stack[depth - 1].line, stack[depth - 1].col);
            lx_error_here(lx, "syntax", msg);
            break;
        } else if (is_upper(c) || is_lower(c)) {
            lx_error_here(lx, "syntax", "property outside a node (expected ';')");
            break;
        } else {
            lx_error_here(lx, "syntax", "unexpected character (expected ';', '(' or ')')");
            break;
        }
    }
    free(stack);
    return ok;
}

struct sgf_tree *sgf_parse(const char *buf, size_t len, const char *name,
                           struct sgf_error *err)
{
    struct lexer lx = { .buf = buf, .len = len, .pos = 0, .line = 1, .line_start = 0,
                        .name = name ? name : "<input>", .err = err };
    if (len > SGF_MAX_INPUT) {
        lx_error(&lx, 1, 1, 0, "limit", "input too large");
        return NULL;
    }
    struct sgf_tree *t = sgf_new_tree();
    if (!t) {
        lx_error(&lx, 1, 1, 0, "memory", "out of memory");
        return NULL;
    }
    sgf_set_budget(t, (size_t)len * SGF_BUILD_PER_BYTE + SGF_BUILD_SLACK);
    if (!parse_collection(&lx, t)) {
        sgf_free(t);
        return NULL;
    }
    return t;
}

struct sgf_tree *sgf_read_file(const char *path, struct sgf_error *err)
{
    char *buf;
    size_t len;
    char msg[sizeof err->text];
    enum file_status st = file_read(path, SGF_MAX_INPUT, &buf, &len, msg, sizeof msg);
    if (st != FILE_OK) {
        /* No position to give for a file that cannot be read. */
        if (err) {
            err->line = err->col = 0;
            err->reason = st == FILE_TOO_LARGE ? "limit" : st == FILE_NO_MEMORY ? "memory" : "file";
            snprintf(err->text, sizeof err->text, "%s", msg);
        }
        return NULL;
    }
    struct sgf_tree *t = sgf_parse(buf, len, path, err);
    free(buf);
    return t;
}
