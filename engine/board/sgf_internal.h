/* sgf_internal — helpers shared by the sgf_*.c files; not part of the contract. */
#ifndef HANE_SGF_INTERNAL_H
#define HANE_SGF_INTERNAL_H

#include "engine/board/sgf.h"

/* `n` bytes aligned to `align` from the tree's arena (freed with the tree).
 * NULL, with t->out_of_memory set, when malloc fails or the budget would be
 * exceeded; every later call then returns NULL too. */
void *sgf_alloc(struct sgf_tree *t, size_t n, size_t align);
/* Caps what the arena may take from malloc, in bytes (0: no cap). */
void sgf_set_budget(struct sgf_tree *t, size_t bytes);
/* Did an allocation fail because of that cap (rather than malloc)? */
bool sgf_over_budget(const struct sgf_tree *t);
/* Appends a property even if the node has one with that id already. */
struct sgf_prop *sgf_new_prop(struct sgf_tree *t, struct sgf_node *n, const char *id);
/* Next node in pre-order across the whole collection, or NULL. */
const struct sgf_node *sgf_preorder_next(const struct sgf_node *n);
/* Fills *err: "name:line:col: message near 'token'", token taken from
 * buf[pos..] (len bytes in all), or "near end of input" if pos == len. */
void sgf_set_error(struct sgf_error *err, const char *name, int line, int col,
                   const char *reason, const char *buf, size_t len, size_t pos,
                   const char *fmt, ...) __attribute__((format(printf, 9, 10)));

#endif
