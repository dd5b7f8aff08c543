/* m3_expr: selection formulas — parse, print, evaluate, fold, compare. */
#include "tools/match3/m3_expr.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board/rng.h"

#define M3_PARSE_MAX_LEN 65536
#define M3_PARSE_MAX_DEPTH 200

static m3_expr *alloc_node(void)
{
    m3_expr *e = calloc(1, sizeof *e);
    if (!e) {
        fprintf(stderr, "hane-match3: out of memory\n");
        exit(2);
    }
    return e;
}

m3_expr *m3_expr_const(double v)
{
    m3_expr *e = alloc_node();
    e->op = M3_CONST;
    e->value = v;
    return e;
}

m3_expr *m3_expr_var(m3_op var)
{
    m3_expr *e = alloc_node();
    e->op = var;
    return e;
}

m3_expr *m3_expr_node(m3_op op, m3_expr *a, m3_expr *b)
{
    m3_expr *e = alloc_node();
    e->op = op;
    e->a = a;
    e->b = b;
    return e;
}

m3_expr *m3_expr_copy(const m3_expr *e)
{
    if (!e)
        return NULL;
    m3_expr *c = alloc_node();
    *c = *e;
    c->a = m3_expr_copy(e->a);
    c->b = m3_expr_copy(e->b);
    return c;
}

void m3_expr_free(m3_expr *e)
{
    if (!e)
        return;
    m3_expr_free(e->a);
    m3_expr_free(e->b);
    free(e);
}

int m3_expr_arity(m3_op op)
{
    return op == M3_SQRT ? 1 : op >= M3_ADD ? 2 : 0;
}

int m3_expr_is_terminal(const m3_expr *e)
{
    return m3_expr_arity(e->op) == 0;
}

int m3_expr_size(const m3_expr *e)
{
    return e ? 1 + m3_expr_size(e->a) + m3_expr_size(e->b) : 0;
}

int m3_expr_height(const m3_expr *e)
{
    if (!e || m3_expr_is_terminal(e))
        return 0;
    int ha = m3_expr_height(e->a), hb = e->b ? m3_expr_height(e->b) : 0;
    return 1 + (ha > hb ? ha : hb);
}

/* ---- parser: expr := term (('+'|'-') term)*, term := factor (('*'|'/') factor)*,
 *      factor := number | '-' number | W | n | N | M | sqrt '(' expr ')' | '(' expr ')' ---- */

typedef struct {
    const char *s;
    size_t pos;
    int depth;
    char *err;
    size_t errlen;
    int failed;
} parser;

static void perr(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void perr(parser *p, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = 1;
    if (!p->err || !p->errlen)
        return;
    int k = snprintf(p->err, p->errlen, "column %zu: ", p->pos + 1);
    if (k < 0 || (size_t)k >= p->errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err + k, p->errlen - (size_t)k, fmt, ap);
    va_end(ap);
}

static void skip_ws(parser *p)
{
    while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t')
        p->pos++;
}

static m3_expr *parse_expr(parser *p);

static m3_expr *parse_number(parser *p, int negative)
{
    const char *s = p->s + p->pos;
    size_t n = 0;
    int digits = 0;
    while (s[n] >= '0' && s[n] <= '9') n++, digits++;
    if (s[n] == '.') {
        n++;
        while (s[n] >= '0' && s[n] <= '9') n++, digits++;
    }
    if (!digits) {
        perr(p, "expected a number");
        return NULL;
    }
    if (s[n] == 'e' || s[n] == 'E') {
        size_t m = n + 1;
        if (s[m] == '+' || s[m] == '-') m++;
        if (s[m] < '0' || s[m] > '9') {
            perr(p, "malformed exponent in number");
            return NULL;
        }
        while (s[m] >= '0' && s[m] <= '9') m++;
        n = m;
    }
    char buf[64];
    if (n >= sizeof buf) {
        perr(p, "number too long");
        return NULL;
    }
    memcpy(buf, s, n);
    buf[n] = 0;
    double v = strtod(buf, NULL);
    if (!isfinite(v)) {
        perr(p, "number out of range");
        return NULL;
    }
    p->pos += n;
    return m3_expr_const(negative ? -v : v);
}

static m3_expr *parse_factor(parser *p)
{
    skip_ws(p);
    const char *s = p->s + p->pos;
    if (++p->depth > M3_PARSE_MAX_DEPTH) {
        perr(p, "formula nested deeper than %d", M3_PARSE_MAX_DEPTH);
        return NULL;
    }
    m3_expr *e = NULL;
    if ((*s >= '0' && *s <= '9') || *s == '.') {
        e = parse_number(p, 0);
    } else if (*s == '-') {
        p->pos++;
        skip_ws(p);
        e = parse_number(p, 1);
    } else if (strncmp(s, "sqrt", 4) == 0) {
        p->pos += 4;
        skip_ws(p);
        if (p->s[p->pos] != '(') {
            perr(p, "expected '(' after sqrt");
        } else {
            p->pos++;
            m3_expr *a = parse_expr(p);
            skip_ws(p);
            if (a && p->s[p->pos] == ')') {
                p->pos++;
                e = m3_expr_node(M3_SQRT, a, NULL);
            } else {
                perr(p, "expected ')' to close sqrt(");
                m3_expr_free(a);
            }
        }
    } else if (*s == '(') {
        p->pos++;
        e = parse_expr(p);
        skip_ws(p);
        if (e && p->s[p->pos] == ')') {
            p->pos++;
        } else {
            perr(p, "expected ')'");
            m3_expr_free(e);
            e = NULL;
        }
    } else if (*s == 'W' || *s == 'n' || *s == 'N' || *s == 'M') {
        char nx = s[1];
        if ((nx >= 'a' && nx <= 'z') || (nx >= 'A' && nx <= 'Z') || (nx >= '0' && nx <= '9') ||
            nx == '_') {
            perr(p, "unknown name (variables are W, n, N, M)");
        } else {
            p->pos++;
            e = m3_expr_var(*s == 'W' ? M3_VAR_W : *s == 'n' ? M3_VAR_n
                            : *s == 'N' ? M3_VAR_N : M3_VAR_M);
        }
    } else if (*s == 0) {
        perr(p, "unexpected end of formula");
    } else {
        perr(p, "unexpected '%c' (expected a number, W, n, N, M, sqrt or '(')", *s);
    }
    p->depth--;
    return e;
}

static m3_expr *parse_binary(parser *p, int level)
{
    m3_expr *e = level == 0 ? parse_binary(p, 1) : parse_factor(p);
    while (e) {
        skip_ws(p);
        char c = p->s[p->pos];
        m3_op op;
        if (level == 0 && (c == '+' || c == '-'))
            op = c == '+' ? M3_ADD : M3_SUB;
        else if (level == 1 && (c == '*' || c == '/'))
            op = c == '*' ? M3_MUL : M3_DIV;
        else
            break;
        p->pos++;
        m3_expr *r = level == 0 ? parse_binary(p, 1) : parse_factor(p);
        if (!r) {
            m3_expr_free(e);
            return NULL;
        }
        e = m3_expr_node(op, e, r);
    }
    return e;
}

static m3_expr *parse_expr(parser *p)
{
    if (++p->depth > M3_PARSE_MAX_DEPTH) {
        perr(p, "formula nested deeper than %d", M3_PARSE_MAX_DEPTH);
        return NULL;
    }
    m3_expr *e = parse_binary(p, 0);
    p->depth--;
    return e;
}

m3_expr *m3_expr_parse(const char *text, char *err, size_t errlen)
{
    parser p = {text, 0, 0, err, errlen, 0};
    if (strlen(text) > M3_PARSE_MAX_LEN) {
        perr(&p, "formula longer than %d characters", M3_PARSE_MAX_LEN);
        return NULL;
    }
    m3_expr *e = parse_expr(&p);
    if (e) {
        skip_ws(&p);
        if (p.s[p.pos] != 0) {
            perr(&p, "unexpected '%c' after the formula", p.s[p.pos]);
            m3_expr_free(e);
            return NULL;
        }
    }
    if (!e)
        perr(&p, "invalid formula");
    return e;
}

/* ---- printing ---- */

typedef struct {
    char *out;
    size_t len, cap;
} sbuf;

static void put(sbuf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len < b->cap) {
        size_t room = b->cap - b->len - 1;
        memcpy(b->out + b->len, s, n < room ? n : room);
        b->out[b->len + (n < room ? n : room)] = 0;
    }
    b->len += n;
}

static int prec(const m3_expr *e)
{
    switch (e->op) {
    case M3_ADD: case M3_SUB: return 1;
    case M3_MUL: case M3_DIV: return 2;
    default: return 3;
    }
}

static void print_number(double v, char *buf, size_t len)
{
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, len, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

static void print_rec(const m3_expr *e, sbuf *b)
{
    static const char *var[] = {"", "W", "n", "N", "M"};
    char num[48];
    switch (e->op) {
    case M3_CONST:
        print_number(fabs(e->value), num, sizeof num);
        if (signbit(e->value)) {
            put(b, "(-");
            put(b, num);
            put(b, ")");
        } else {
            put(b, num);
        }
        return;
    case M3_VAR_W: case M3_VAR_n: case M3_VAR_N: case M3_VAR_M:
        put(b, var[e->op]);
        return;
    case M3_SQRT:
        put(b, "sqrt(");
        print_rec(e->a, b);
        put(b, ")");
        return;
    default:
        break;
    }
    int pl = prec(e->a) < prec(e), pr = prec(e->b) <= prec(e);
    if (pl) put(b, "(");
    print_rec(e->a, b);
    if (pl) put(b, ")");
    put(b, e->op == M3_ADD ? " + " : e->op == M3_SUB ? " - " : e->op == M3_MUL ? "*" : "/");
    if (pr) put(b, "(");
    print_rec(e->b, b);
    if (pr) put(b, ")");
}

size_t m3_expr_print(const m3_expr *e, char *out, size_t outlen)
{
    sbuf b = {out, 0, outlen};
    if (outlen)
        out[0] = 0;
    print_rec(e, &b);
    return b.len;
}

char *m3_expr_string(const m3_expr *e)
{
    size_t n = m3_expr_print(e, NULL, 0);
    char *s = malloc(n + 1);
    if (!s) {
        fprintf(stderr, "hane-match3: out of memory\n");
        exit(2);
    }
    m3_expr_print(e, s, n + 1);
    return s;
}

/* ---- evaluation ---- */

static double eval_rec(const m3_expr *e, const double *v, int *bad)
{
    double x, y;
    switch (e->op) {
    case M3_CONST: return e->value;
    case M3_VAR_W: return v[M3_W];
    case M3_VAR_n: return v[M3_n];
    case M3_VAR_N: return v[M3_N];
    case M3_VAR_M: return v[M3_M];
    case M3_SQRT:
        x = eval_rec(e->a, v, bad);
        if (x < 0) {
            *bad = 1;
            return 0;
        }
        return sqrt(x);
    case M3_ADD: return eval_rec(e->a, v, bad) + eval_rec(e->b, v, bad);
    case M3_SUB: return eval_rec(e->a, v, bad) - eval_rec(e->b, v, bad);
    case M3_MUL: return eval_rec(e->a, v, bad) * eval_rec(e->b, v, bad);
    case M3_DIV:
        x = eval_rec(e->a, v, bad);
        y = eval_rec(e->b, v, bad);
        if (y == 0) {
            *bad = 1;
            return 0;
        }
        return x / y;
    }
    return NAN;
}

double m3_expr_eval(const m3_expr *e, const double *vars)
{
    int bad = 0;
    double r = eval_rec(e, vars, &bad);
    if (bad)
        return INFINITY;
    return isnan(r) ? -INFINITY : r;
}

double m3_ucb1(double w, double n, double parent_n)
{
    if (n == 0)
        return INFINITY;
    return w / n + 1.414 * sqrt(2.0 * log(parent_n) / n);
}

/* ---- folding ---- */

m3_expr *m3_expr_fold(m3_expr *e)
{
    if (m3_expr_is_terminal(e))
        return e;
    e->a = m3_expr_fold(e->a);
    if (e->b)
        e->b = m3_expr_fold(e->b);
    if (e->a->op != M3_CONST || (e->b && e->b->op != M3_CONST))
        return e;
    double no_vars[M3_NVARS] = {0, 0, 0, 0};
    int bad = 0;
    double v = eval_rec(e, no_vars, &bad);
    if (bad || !isfinite(v))
        return e;
    m3_expr_free(e);
    return m3_expr_const(v);
}

/* ---- equivalence ---- */

static double probes[M3_PROBES][M3_NVARS];
static pthread_once_t probes_once = PTHREAD_ONCE_INIT;

static void make_probes(void)
{
    struct rng r;
    rng_seed(&r, rng_derive(0x4D4154434833ULL /* "MATCH3" */, 0));
    for (int i = 0; i < M3_PROBES - 2; i++) {
        double n = 1 + 249 * rng_double(&r);
        probes[i][M3_n] = n;
        probes[i][M3_W] = n * rng_double(&r);
        probes[i][M3_N] = n + (250 - n) * rng_double(&r);
        probes[i][M3_M] = 1 + 39 * rng_double(&r);
    }
    /* corners: an unvisited child (W = n = 0), and a visited child that never won */
    double corner[2][M3_NVARS] = {{0, 0, 17, 6}, {0, 9, 41, 11}};
    memcpy(probes[M3_PROBES - 2], corner[0], sizeof corner[0]);
    memcpy(probes[M3_PROBES - 1], corner[1], sizeof corner[1]);
}

const double (*m3_expr_probes(void))[M3_NVARS]
{
    pthread_once(&probes_once, make_probes);
    return (const double (*)[M3_NVARS])probes;
}

void m3_expr_signature(const m3_expr *e, double *sig)
{
    const double (*pt)[M3_NVARS] = m3_expr_probes();
    for (int i = 0; i < M3_PROBES; i++)
        sig[i] = m3_expr_eval(e, pt[i]);
}

int m3_signature_equiv(const double *a, const double *b)
{
    for (int i = 0; i < M3_PROBES; i++) {
        if (!isfinite(a[i]) && !isfinite(b[i]))
            continue;
        if (!isfinite(a[i]) || !isfinite(b[i]))
            return 0;
        double scale = fmax(1.0, fmax(fabs(a[i]), fabs(b[i])));
        if (fabs(a[i] - b[i]) > 1e-9 * scale)
            return 0;
    }
    return 1;
}

int m3_expr_equiv(const m3_expr *a, const m3_expr *b)
{
    double sa[M3_PROBES], sb[M3_PROBES];
    m3_expr_signature(a, sa);
    m3_expr_signature(b, sb);
    return m3_signature_equiv(sa, sb);
}

static void slots_rec(m3_expr **slot, m3_expr ***slots, int max, int *n)
{
    if (*n < max)
        slots[*n] = slot;
    (*n)++;
    if ((*slot)->a)
        slots_rec(&(*slot)->a, slots, max, n);
    if ((*slot)->b)
        slots_rec(&(*slot)->b, slots, max, n);
}

int m3_expr_slots(m3_expr **root, m3_expr ***slots, int max)
{
    int n = 0;
    slots_rec(root, slots, max, &n);
    return n;
}
