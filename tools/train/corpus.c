/* corpus — finding, sampling and loading SGF game records for the trainer. */
#include "tools/train/corpus.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "engine/board/file_read.h"
#include "engine/board/sgf_game.h"
#include "tools/train/progress.h"

static bool push_path(struct corpus *c, const char *p)
{
    if (c->n_paths == c->cap_paths) {
        size_t cap = c->cap_paths ? c->cap_paths * 2 : 256;
        char **np = realloc(c->paths, sizeof *np * cap);
        if (!np)
            return false;
        c->paths = np;
        c->cap_paths = cap;
    }
    c->paths[c->n_paths] = strdup(p);
    return c->paths[c->n_paths++] != NULL;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcasecmp(s + a - b, suffix) == 0;
}

static bool add_dir(struct corpus *c, const char *dir, int depth)
{
    if (depth > 64) {
        fprintf(stderr, "hane-train: %s: directories nested too deep\n", dir);
        return false;
    }
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "hane-train: %s: %s\n", dir, strerror(errno));
        return false;
    }
    bool ok = true;
    struct dirent *e;
    while (ok && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        char *p = malloc(n);
        if (!p) {
            ok = false;
            break;
        }
        snprintf(p, n, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(p, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                ok = add_dir(c, p, depth + 1);
            else if (S_ISREG(st.st_mode) && ends_with(p, ".sgf"))
                ok = push_path(c, p);
        }
        free(p);
    }
    closedir(d);
    return ok;
}

struct list_ctx {
    struct corpus *c;
    const char *name;
};

static bool add_list_line(char *line, size_t number, void *ctx)
{
    struct list_ctx *lc = ctx;
    size_t n = strcspn(line, "#");
    line[n] = '\0';
    while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
        line[--n] = '\0';
    if (n == 0)
        return true;
    if (!push_path(lc->c, line)) {
        fprintf(stderr, "hane-train: %s:%zu: out of memory\n", lc->name, number);
        return false;
    }
    return true;
}

/* A list of paths: a regular file, one path a line (at most PATH_MAX bytes),
 * no NUL byte; anything else is an error with its position. */
static bool add_list(struct corpus *c, const char *list)
{
    char err[600] = "";
    struct list_ctx lc = { c, list };
    if (!file_read_lines(list, CORPUS_MAX_LIST, 4095, add_list_line, &lc, err, sizeof err)) {
        if (err[0])
            fprintf(stderr, "hane-train: %s\n", err);
        return false;
    }
    return true;
}

bool corpus_add_path(struct corpus *c, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "hane-train: %s: %s\n", path, strerror(errno));
        return false;
    }
    if (S_ISDIR(st.st_mode))
        return add_dir(c, path, 0);
    if (ends_with(path, ".lst") || ends_with(path, ".txt"))
        return add_list(c, path);
    return push_path(c, path);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void corpus_sort(struct corpus *c)
{
    if (c->n_paths == 0)
        return;
    qsort(c->paths, c->n_paths, sizeof *c->paths, cmp_str);
    size_t k = 0;
    for (size_t i = 0; i < c->n_paths; i++) {
        if (k > 0 && strcmp(c->paths[k - 1], c->paths[i]) == 0) {
            free(c->paths[i]);
            continue;
        }
        c->paths[k++] = c->paths[i];
    }
    c->n_paths = k;
}

static uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void shuffle(char **a, size_t n, uint64_t seed)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(next_rand(&seed) % i);
        char *t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

void corpus_sample(struct corpus *c, size_t n, uint64_t seed)
{
    if (n >= c->n_paths)
        return;
    shuffle(c->paths, c->n_paths, seed);
    for (size_t i = n; i < c->n_paths; i++)
        free(c->paths[i]);
    c->n_paths = n;
    corpus_sort(c);
}

void corpus_split(struct corpus *c, struct corpus *out, size_t n, uint64_t seed)
{
    if (n > c->n_paths)
        n = c->n_paths;
    shuffle(c->paths, c->n_paths, seed ^ 0x5eed);
    for (size_t i = 0; i < n; i++)
        push_path(out, c->paths[c->n_paths - 1 - i]);
    for (size_t i = 0; i < n; i++)
        free(c->paths[c->n_paths - 1 - i]);
    c->n_paths -= n;
    corpus_sort(c);
    corpus_sort(out);
}

/* ---- loading ---- */

enum { LOAD_OK, LOAD_BAD, LOAD_SIZE, LOAD_NO_MEMORY };

struct loader {
    struct corpus *c;
    int size;
    atomic_size_t next, done;
    struct tgame *slots;
    uint8_t *status;
    char **why;               /* per path: the error of a skipped one */
    atomic_int reported;
};

static bool convert(const struct game *g, struct tgame *t)
{
    const struct board *s = &g->start;
    t->size = s->size;
    int n_setup = 0;
    for (int y = 0; y < s->size; y++)
        for (int x = 0; x < s->size; x++)
            if (s->color[board_point(s, x, y)] != EMPTY)
                n_setup++;
    t->setup = malloc(sizeof *t->setup * (size_t)(n_setup + 1));
    t->moves = malloc(sizeof *t->moves * (size_t)(g->n_moves + 1));
    t->colors = malloc((size_t)g->n_moves + 1);
    if (!t->setup || !t->moves || !t->colors)
        return false;
    for (int y = 0; y < s->size; y++)
        for (int x = 0; x < s->size; x++) {
            point p = board_point(s, x, y);
            if (s->color[p] != EMPTY)
                t->setup[t->n_setup++] = (int16_t)(s->color[p] == WHITE ? -p : p);
        }
    for (int i = 0; i < g->n_moves; i++) {
        t->moves[i] = (int16_t)(g->moves[i].p >= 0 ? g->moves[i].p : PASS);
        t->colors[i] = (int8_t)g->moves[i].color;
    }
    t->n_moves = g->n_moves;
    return true;
}

static void *load_worker(void *arg)
{
    struct loader *L = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&L->next, 1);
        if (i >= L->c->n_paths)
            break;
        struct game g;
        struct sgf_error err;
        struct sgf_game_info info;
        const char *path = L->c->paths[i];
        if (!sgf_game_load_file(path, 0, &g, &info, &err)) {
            bool oom = err.reason && !strcmp(err.reason, "memory");
            L->status[i] = oom ? LOAD_NO_MEMORY : LOAD_BAD;
            L->why[i] = strdup(err.text);
            if (!oom && atomic_fetch_add(&L->reported, 1) < 5)
                fprintf(stderr, "hane-train: skipped: %s\n", err.text);
        } else {
            if (L->size && g.board.size != L->size) {
                L->status[i] = LOAD_SIZE;
            } else {
                struct tgame *t = &L->slots[i];
                memset(t, 0, sizeof *t);
                L->status[i] = convert(&g, t) ? LOAD_OK : LOAD_NO_MEMORY;
                t->path = L->c->paths[i];
            }
            game_free(&g);
        }
        atomic_fetch_add(&L->done, 1);
    }
    return NULL;
}

void corpus_load(struct corpus *c, int size, int threads, bool quiet, const char *what)
{
    struct loader L = { .c = c, .size = size };
    atomic_init(&L.next, 0);
    atomic_init(&L.done, 0);
    atomic_init(&L.reported, 0);
    L.slots = calloc(c->n_paths + 1, sizeof *L.slots);
    L.status = calloc(c->n_paths + 1, 1);
    L.why = calloc(c->n_paths + 1, sizeof *L.why);
    if (!L.slots || !L.status || !L.why) {
        fprintf(stderr, "hane-train: out of memory\n");
        exit(1);
    }
    if (threads < 1)
        threads = 1;
    if (threads > 64)
        threads = 64;
    pthread_t th[64];
    int started = 0;
    for (int k = 0; k < threads; k++)
        if (pthread_create(&th[started], NULL, load_worker, &L) == 0)
            started++;
    if (started == 0)
        load_worker(&L);
    struct progress pr;
    progress_start(&pr, what, c->n_paths, quiet);
    while (atomic_load(&L.done) < c->n_paths) {
        progress_update(&pr, atomic_load(&L.done));
        nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
    }
    for (int k = 0; k < started; k++)
        pthread_join(th[k], NULL);
    progress_end(&pr, c->n_paths);
    for (size_t i = 0; i < c->n_paths; i++)
        if (L.status[i] == LOAD_NO_MEMORY) {
            fprintf(stderr, "hane-train: %s: out of memory loading it%s%s\n", c->paths[i],
                    L.why[i] ? ": " : "", L.why[i] ? L.why[i] : "");
            exit(1);
        }
    c->games = calloc(c->n_paths + 1, sizeof *c->games);
    if (!c->games) {
        fprintf(stderr, "hane-train: out of memory\n");
        exit(1);
    }
    for (size_t i = 0; i < c->n_paths; i++) {
        if (L.status[i] == LOAD_OK) {
            c->games[c->n_games++] = L.slots[i];
            c->n_positions += (size_t)L.slots[i].n_moves;
        } else {
            free(L.slots[i].setup);
            free(L.slots[i].moves);
            free(L.slots[i].colors);
            if (L.status[i] == LOAD_BAD) {
                if (!c->n_bad++)
                    snprintf(c->first_bad, sizeof c->first_bad, "%s",
                             L.why[i] ? L.why[i] : c->paths[i]);
            } else {
                c->n_other_size++;
            }
        }
        free(L.why[i]);
    }
    free(L.slots);
    free(L.status);
    free(L.why);
}

void corpus_free(struct corpus *c)
{
    for (size_t i = 0; i < c->n_games; i++) {
        free(c->games[i].setup);
        free(c->games[i].moves);
        free(c->games[i].colors);
    }
    for (size_t i = 0; i < c->n_paths; i++)
        free(c->paths[i]);
    free(c->games);
    free(c->paths);
    memset(c, 0, sizeof *c);
}
