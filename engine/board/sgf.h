/* sgf — Smart Game Format (FF[4]) collections as trees: reader, writer, and
 * helpers for values. Knows nothing of Go rules; engine/board/sgf_game.h turns a main
 * line into a struct game and back.
 *
 * Tree shape. A collection holds one or more games; each game is a tree of
 * nodes. A node's children are `child`, `child->sibling`, ...; the first child
 * is the main line, later siblings are variations. In the file
 *
 *      (;FF[4]SZ[9];B[ee](;W[cc];B[gg])(;W[gc]))
 *
 * the root has one child B[ee], which has two: W[cc] (main line, whose child is
 * B[gg]) and W[gc] (a variation).
 *
 * Values are kept as they were written (raw, escapes and all), so writing a
 * parsed tree reproduces every value byte for byte and unknown properties
 * survive a round trip. sgf_text() decodes a value; sgf_prop_add_text() encodes.
 *
 * Every list keeps its tail, so building is linear however wide a node, a
 * property or a collection is.
 *
 * The reader works on a buffer with an explicit length (NUL bytes are data, not
 * the end), never aborts, and is iterative (nesting depth costs no C stack).
 * Every error goes through one function and reads
 *
 *      name:line:col: message near 'token'
 *
 * Documented leniency for files in the wild: bytes before the first '(' and
 * after the last game tree are ignored; property identifiers may contain
 * lower-case letters (FF[1-3] style, e.g. "CoPyright"), which are dropped.
 */
#ifndef HANE_SGF_H
#define HANE_SGF_H

#include <stdbool.h>
#include <stddef.h>

/* The reader's limits, all in one place (docs/notes/sgf.md explains them).
 * Beyond any of them the input is refused with a "limit" error at the
 * position where it was crossed.
 *
 * Memory: what the reader builds (nodes, properties, values, the copies of
 * the values) may take at most SGF_BUILD_PER_BYTE bytes per byte of input,
 * plus SGF_BUILD_SLACK, whatever the input; with the file itself this bounds
 * reading a file at (SGF_BUILD_PER_BYTE + 1) times its size, and any file
 * within SGF_MAX_INPUT at about 530 MB. A move node (";B[pd]") costs 139
 * bytes, 23 per byte of input; files of nothing but passes or empty
 * properties, which cost more per byte, are refused. */
#define SGF_MAX_INPUT      (16u << 20)  /* bytes in one file */
#define SGF_MAX_DEPTH      10000        /* nesting of '(' */
#define SGF_MAX_NODES      2000000      /* nodes in one collection */
#define SGF_MAX_VALUES     100000       /* values of one property */
#define SGF_MAX_ID         32           /* letters in a property identifier */
#define SGF_BUILD_PER_BYTE 32u          /* bytes built per byte of input */
#define SGF_BUILD_SLACK    (128u << 10) /* ... plus this much for any input */

/* Where and why reading failed. `reason` is a short fixed category for
 * statistics ("syntax", "illegal move", ...); `text` is the full message. */
struct sgf_error {
    int line, col;          /* 1-based; col counts bytes */
    const char *reason;
    char text[400];
};

struct sgf_value {
    char *raw;              /* as written between [ and ], NUL-terminated copy */
    size_t len;             /* bytes in raw (raw may contain NUL bytes) */
    struct sgf_value *next;
    int line, col;          /* of the '[' in the source, 0 if built */
};

struct sgf_prop {
    const char *id;           /* 1..SGF_MAX_ID upper-case letters */
    struct sgf_value *values; /* at least one */
    struct sgf_value *last_value;
    int n_values;
    int line, col;            /* of the identifier in the source, 0 if built */
    struct sgf_prop *next;
};

struct sgf_node {
    struct sgf_prop *props;   /* in file order */
    struct sgf_prop *last_prop;
    struct sgf_node *parent;  /* NULL for a game's root */
    struct sgf_node *child;   /* first child = main line */
    struct sgf_node *last_child;
    struct sgf_node *sibling; /* next variation / next game */
    int line, col;            /* of the ';' in the source, 0 if built */
};

struct sgf_arena;

struct sgf_tree {
    struct sgf_node *games;   /* first game's root; further games are siblings */
    struct sgf_node *last_game;
    int n_games;
    int n_nodes;
    bool out_of_memory;       /* an allocation failed: the tree is incomplete */
    struct sgf_arena *arena;  /* owns every node, property and value */
};

/* Parses `len` bytes of `buf`. `name` is used in messages (a file name, or
 * "<input>"). On success returns a tree (free with sgf_free); on failure returns
 * NULL and fills *err (reason "memory" when an allocation failed). */
struct sgf_tree *sgf_parse(const char *buf, size_t len, const char *name,
                           struct sgf_error *err);

/* Reads and parses a file; a missing or unreadable file, or one that is not a
 * regular file, is an error too. */
struct sgf_tree *sgf_read_file(const char *path, struct sgf_error *err);

void sgf_free(struct sgf_tree *t);

/* An empty tree, for building one by hand; add a game with sgf_new_node(t, NULL).
 * NULL if memory runs out. When an allocation fails while building, the tree
 * is marked out_of_memory, the builder returns NULL (or does nothing), every
 * later builder call does nothing, and sgf_write() returns NULL. */
struct sgf_tree *sgf_new_tree(void);
/* A new node appended as the last child of `parent`, or as a new game if
 * `parent` is NULL. */
struct sgf_node *sgf_new_node(struct sgf_tree *t, struct sgf_node *parent);
/* Appends a property with no values yet (or returns the node's existing one
 * with that id); `id` must be 1..SGF_MAX_ID upper-case letters. */
struct sgf_prop *sgf_add_prop(struct sgf_tree *t, struct sgf_node *n, const char *id);
/* Appends a value given as plain text: ']', '\\' and ':' are escaped. */
void sgf_prop_add_text(struct sgf_tree *t, struct sgf_prop *p, const char *text, size_t len);
/* Appends a value given already in SGF form (e.g. a point "dd", "aa:cc"). */
void sgf_prop_add_raw(struct sgf_tree *t, struct sgf_prop *p, const char *raw, size_t len);

/* First property of `n` with this identifier, or NULL. */
const struct sgf_prop *sgf_find(const struct sgf_node *n, const char *id);

/* Decodes a raw value as SGF Text: "\\" + newline is a soft line break (removed),
 * "\\" + any other byte is that byte. Writes at most `size` - 1 bytes and a NUL;
 * returns the decoded length (which may exceed size - 1: then it was cut). */
size_t sgf_text(const struct sgf_value *v, char *out, size_t size);

/* Splits a decoded compose value "a:b" at its first unescaped ':'. Returns false
 * if there is none. The halves are raw (still escaped) byte ranges of v->raw. */
bool sgf_compose(const struct sgf_value *v, size_t *first_len, size_t *second_off);

/* Writes the whole collection as SGF text: a malloc'ed, NUL-terminated string
 * (free with free()), its length in *len if len is not NULL. Never contains an
 * empty line unless a value does. Returns NULL only if memory runs out. */
char *sgf_write(const struct sgf_tree *t, size_t *len);

/* Are two trees the same (shape, identifiers, raw values)? Line/col ignored. */
bool sgf_equal(const struct sgf_tree *a, const struct sgf_tree *b);

#endif
