/* m3_expr: selection formulas of Formula MCTS (Mugrai et al. 2019) — expression trees over W (child
 * wins), n (child visits), N (parent visits), M (legal moves in the child's state):
 * parsing, canonical printing, safe evaluation, constant folding and equivalence. */
#ifndef M3_EXPR_H
#define M3_EXPR_H

#include <stddef.h>

typedef enum {
    M3_CONST, M3_VAR_W, M3_VAR_n, M3_VAR_N, M3_VAR_M,      /* terminals */
    M3_SQRT,                                              /* unary */
    M3_ADD, M3_SUB, M3_MUL, M3_DIV                        /* binary */
} m3_op;

typedef struct m3_expr {
    m3_op op;
    double value;                /* M3_CONST only */
    struct m3_expr *a, *b;       /* operands: a for sqrt, a and b for binary operators */
} m3_expr;

/* Variables of an evaluation, in this order. */
enum { M3_W, M3_n, M3_N, M3_M, M3_NVARS };

/* Number of equivalence probes (64 random points plus the n = 0 and W = 0 corners). */
#define M3_PROBES 66

m3_expr *m3_expr_const(double v);
m3_expr *m3_expr_var(m3_op var);
m3_expr *m3_expr_node(m3_op op, m3_expr *a, m3_expr *b);
m3_expr *m3_expr_copy(const m3_expr *e);
void m3_expr_free(m3_expr *e);

int m3_expr_is_terminal(const m3_expr *e);
int m3_expr_arity(m3_op op);
int m3_expr_size(const m3_expr *e);
/* Height: a terminal has height 0. */
int m3_expr_height(const m3_expr *e);

/* Infix parser: numbers, W n N M, + - * /, sqrt(...), parentheses; a leading '-' on a number.
 * Returns NULL with "column C: message" in err. Input longer than 64 KiB or nested deeper
 * than 200 is refused. */
m3_expr *m3_expr_parse(const char *text, char *err, size_t errlen);

/* Canonical infix: minimal parentheses (a right operand of equal precedence keeps them, so the
 * text parses back to the same tree), " + " and " - " spaced, "*" and "/" not, numbers in the
 * shortest form that reads back exactly. Returns the length that was needed (as snprintf). */
size_t m3_expr_print(const m3_expr *e, char *out, size_t outlen);
/* The same in a malloc'ed string. */
char *m3_expr_string(const m3_expr *e);

/* Safe evaluation (README, Rules: Formulas): any division by zero or square root of a negative makes the
 * result +inf; a NaN result is -inf. */
double m3_expr_eval(const m3_expr *e, const double *vars);

/* The vanilla UCB1 value used by the engine: w/n + 1.414 sqrt(2 ln N / n), +inf at n = 0. */
double m3_ucb1(double w, double n, double parent_n);

/* Folds every operator whose operands are all constants into a constant, to a fixpoint
 * (README, Rules: Formulas). An operation that is invalid (x/0, sqrt(negative)) or gives a
 * non-finite value is left unfolded. Returns the (possibly new) root; `e` is consumed. */
m3_expr *m3_expr_fold(m3_expr *e);

/* Equivalence (README, Rules: Equivalence probes): values at M3_PROBES fixed probe points. */
void m3_expr_signature(const m3_expr *e, double *sig);
int m3_signature_equiv(const double *a, const double *b);
int m3_expr_equiv(const m3_expr *a, const m3_expr *b);
/* The probe points (vars[M3_PROBES][M3_NVARS]); the same on every call and platform. */
const double (*m3_expr_probes(void))[M3_NVARS];

/* Slots (pointers to the child pointers, the root's slot first) in preorder; for GP. Returns
 * the number of nodes; writes at most `max` slots. */
int m3_expr_slots(m3_expr **root, m3_expr ***slots, int max);

#endif
