/* proc — GTP engines as child processes; see proc.h. */
#include "tools/match/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A reply longer than this is treated as garbage (no GTP reply we use comes close). */
#define PROC_MAX_REPLY (1 << 20)

double proc_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int proc_split(const char *line, char **argv, int max, char *storage, char *err, size_t err_len)
{
    int n = 0;
    const char *s = line;
    char *out = storage;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
            s++;
        if (!*s)
            break;
        if (n == max) {
            snprintf(err, err_len, "command line has more than %d words", max);
            return -1;
        }
        argv[n++] = out;
        char quote = 0;
        while (*s) {
            char ch = *s;
            if (quote) {
                if (ch == quote) {
                    quote = 0;
                    s++;
                    continue;
                }
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
                s++;
                continue;
            } else if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
                break;
            }
            /* A backslash escapes the next character, except inside single quotes (as in sh). */
            if (ch == '\\' && quote != '\'' && s[1]) {
                s++;
                ch = *s;
            }
            *out++ = ch;
            s++;
        }
        if (quote) {
            snprintf(err, err_len, "unbalanced %c quote in command line \"%s\"", quote, line);
            return -1;
        }
        *out++ = '\0';
    }
    if (n == 0) {
        snprintf(err, err_len, "empty command line");
        return -1;
    }
    argv[n] = NULL;
    return n;
}

/* Finds an executable for argv[0] the way execvp would, but before fork so
 * that the child only calls async-signal-safe functions and a missing program
 * is reported clearly. */
static bool resolve_program(const char *name, char *out, size_t out_len)
{
    if (strchr(name, '/')) {
        if (access(name, X_OK) != 0)
            return false;
        snprintf(out, out_len, "%s", name);
        return true;
    }
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        const char *end = strchr(path, ':');
        size_t len = end ? (size_t)(end - path) : strlen(path);
        if (len == 0)
            snprintf(out, out_len, "./%s", name);
        else
            snprintf(out, out_len, "%.*s/%s", (int)len, path, name);
        struct stat st;
        if (access(out, X_OK) == 0 && stat(out, &st) == 0 && S_ISREG(st.st_mode))
            return true;
        if (!end)
            break;
        path = end + 1;
    }
    return false;
}

bool proc_check_command(const char *cmdline, char *err, size_t err_len)
{
    char *argv[PROC_MAX_ARGS + 1];
    char *storage = malloc(strlen(cmdline) + 1);
    if (!storage) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    bool ok = proc_split(cmdline, argv, PROC_MAX_ARGS, storage, err, err_len) > 0;
    char program[PATH_MAX];
    if (ok && !resolve_program(argv[0], program, sizeof program)) {
        snprintf(err, err_len, "cannot execute \"%s\": not found or not executable", argv[0]);
        ok = false;
    }
    free(storage);
    return ok;
}

bool proc_spawn(struct proc *p, const char *cmdline, const char *stderr_path,
                char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    p->to_fd = p->from_fd = -1;
    char *argv[PROC_MAX_ARGS + 1];
    char *storage = malloc(strlen(cmdline) + 1);
    if (!storage) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    if (proc_split(cmdline, argv, PROC_MAX_ARGS, storage, err, err_len) < 0) {
        free(storage);
        return false;
    }
    char program[PATH_MAX];
    if (!resolve_program(argv[0], program, sizeof program)) {
        snprintf(err, err_len, "cannot execute \"%s\": not found or not executable", argv[0]);
        free(storage);
        return false;
    }
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        snprintf(err, err_len, "pipe: %s", strerror(errno));
        free(storage);
        return false;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        snprintf(err, err_len, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        free(storage);
        return false;
    }
    /* Truncated: the file is this start's (a game played again after a
     * resume would otherwise follow its stopped first attempt). */
    int errfd = open(stderr_path ? stderr_path : "/dev/null",
                     O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (errfd < 0) {
        snprintf(err, err_len, "cannot open %s: %s", stderr_path ? stderr_path : "/dev/null",
                 strerror(errno));
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        free(storage);
        return false;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, err_len, "fork: %s", strerror(errno));
        close(in[0]); close(in[1]); close(out[0]); close(out[1]); close(errfd);
        free(storage);
        return false;
    }
    if (pid == 0) {
        /* Child: async-signal-safe calls only. The referee ignores SIGPIPE and
         * its game threads may block signals; the engine gets the defaults. */
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_DFL;
        sigaction(SIGPIPE, &sa, NULL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || dup2(errfd, 2) < 0)
            _exit(127);
        execv(program, argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(errfd);
    free(storage);
    p->pid = pid;
    p->to_fd = in[1];
    p->from_fd = out[0];
    return true;
}

static void copy_text(char *dst, size_t dst_len, const char *src, size_t n)
{
    if (dst_len == 0)
        return;
    if (n >= dst_len)
        n = dst_len - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

enum proc_rc proc_parse_reply(const char *raw, char *reply, size_t reply_len)
{
    copy_text(reply, reply_len, "", 0);
    const char *s = raw;
    while (*s == '\n' || *s == ' ' || *s == '\t')
        s++;
    if (*s != '=' && *s != '?')
        return PROC_IO;
    enum proc_rc rc = *s == '=' ? PROC_OK : PROC_FAIL;
    s++;
    while (*s >= '0' && *s <= '9')
        s++;
    if (*s && *s != ' ' && *s != '\t' && *s != '\n')
        return PROC_IO;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
        n--;
    copy_text(reply, reply_len, s, n);
    return rc;
}

/* Looks for a complete reply in the buffer: leading blank lines are dropped,
 * and a reply ends at the first empty line. Returns the reply length (the
 * terminator is at buf[len], buf[len + 1]) or -1. */
static long find_reply(struct proc *p)
{
    size_t skip = 0;
    while (skip < p->len && p->buf[skip] == '\n')
        skip++;
    if (skip) {
        memmove(p->buf, p->buf + skip, p->len - skip);
        p->len -= skip;
    }
    for (size_t i = 0; i + 1 < p->len; i++)
        if (p->buf[i] == '\n' && p->buf[i + 1] == '\n')
            return (long)i;
    return -1;
}

/* Appends read bytes, dropping carriage returns (some engines send CRLF). */
static bool append(struct proc *p, const char *data, size_t n)
{
    if (p->len + n + 1 > p->cap) {
        size_t cap = p->cap ? p->cap : 4096;
        while (cap < p->len + n + 1)
            cap *= 2;
        if (cap > PROC_MAX_REPLY)
            return false;
        char *nb = realloc(p->buf, cap);
        if (!nb)
            return false;
        p->buf = nb;
        p->cap = cap;
    }
    for (size_t i = 0; i < n; i++)
        if (data[i] != '\r')
            p->buf[p->len++] = data[i];
    p->buf[p->len] = '\0';
    return true;
}

static bool write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        s += w;
        n -= (size_t)w;
    }
    return true;
}

enum proc_rc proc_command(struct proc *p, const char *cmd, double timeout,
                          char *reply, size_t reply_len, double *elapsed)
{
    copy_text(reply, reply_len, "", 0);
    double start = proc_now();
    double dummy;
    if (!elapsed)
        elapsed = &dummy;
    *elapsed = 0;
    if (p->to_fd < 0 || p->from_fd < 0)
        return PROC_EOF;
    /* Commands never contain newlines of their own: one command, one line. */
    size_t n = strcspn(cmd, "\n");
    if (p->log)
        fprintf(p->log, "%s> %.*s\n", p->tag, (int)n, cmd);
    if (!write_all(p->to_fd, cmd, n) || !write_all(p->to_fd, "\n", 1))
        return errno == EPIPE ? PROC_EOF : PROC_IO;
    for (;;) {
        long len = find_reply(p);
        if (len >= 0) {
            *elapsed = proc_now() - start;
            p->buf[len] = '\0';
            enum proc_rc rc = proc_parse_reply(p->buf, reply, reply_len);
            if (p->log)
                fprintf(p->log, "%s< %s  (%.3f s)\n", p->tag, p->buf, *elapsed);
            size_t used = (size_t)len + 2;
            memmove(p->buf, p->buf + used, p->len - used);
            p->len -= used;
            p->buf[p->len] = '\0';
            return rc;
        }
        int wait_ms = -1;
        if (timeout >= 0) {
            double left = start + timeout - proc_now();
            if (left <= 0) {
                *elapsed = proc_now() - start;
                if (p->log)
                    fprintf(p->log, "%s! no reply after %.3f s\n", p->tag, *elapsed);
                return PROC_TIMEOUT;
            }
            wait_ms = (int)(left * 1000.0) + 1;
        }
        struct pollfd pfd = { .fd = p->from_fd, .events = POLLIN };
        int r = poll(&pfd, 1, wait_ms);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return PROC_IO;
        }
        if (r == 0)
            continue;   /* the deadline check above ends the wait */
        char chunk[4096];
        ssize_t got = read(p->from_fd, chunk, sizeof chunk);
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            return PROC_IO;
        }
        if (got == 0) {
            *elapsed = proc_now() - start;
            if (p->log)
                fprintf(p->log, "%s! end of output after %.3f s\n", p->tag, *elapsed);
            return PROC_EOF;
        }
        if (!append(p, chunk, (size_t)got))
            return PROC_IO;
    }
}

bool proc_memory_kb(const struct proc *p, long *peak_kb, long *rss_kb)
{
    if (p->pid <= 0)
        return false;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", (int)p->pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return false;
    char line[256];
    long hwm = -1, rss = -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmHWM:", 6) == 0)
            hwm = strtol(line + 6, NULL, 10);
        else if (strncmp(line, "VmRSS:", 6) == 0)
            rss = strtol(line + 6, NULL, 10);
    }
    fclose(f);
    if (hwm < 0 || rss < 0)
        return false;   /* a zombie has no memory lines */
    if (peak_kb)
        *peak_kb = hwm;
    if (rss_kb)
        *rss_kb = rss;
    return true;
}

bool proc_cpu_seconds(const struct proc *p, double *seconds)
{
    if (p->pid <= 0 || p->exited)
        return false;
    char path[64], line[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)p->pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return false;
    bool ok = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    /* The command name (field 2) may hold blanks and parentheses: fields are
     * counted from the last ')'. utime and stime are fields 14 and 15. */
    char *s = ok ? strrchr(line, ')') : NULL;
    if (!s)
        return false;
    unsigned long long utime, stime;
    if (sscanf(s + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2)
        return false;
    long hz = sysconf(_SC_CLK_TCK);
    *seconds = (double)(utime + stime) / (double)(hz > 0 ? hz : 100);
    return true;
}

bool proc_exited(struct proc *p)
{
    if (p->exited)
        return true;
    if (p->pid <= 0)
        return true;
    int st;
    pid_t r = waitpid(p->pid, &st, WNOHANG);
    if (r == p->pid) {
        p->exited = true;
        p->wait_status = st;
        return true;
    }
    return false;
}

void proc_describe_exit(const struct proc *p, char *out, size_t out_len)
{
    if (!p->exited)
        snprintf(out, out_len, "running");
    else if (WIFEXITED(p->wait_status))
        snprintf(out, out_len, "exit %d", WEXITSTATUS(p->wait_status));
    else if (WIFSIGNALED(p->wait_status))
        snprintf(out, out_len, "killed by signal %d (%s)", WTERMSIG(p->wait_status),
                 strsignal(WTERMSIG(p->wait_status)));
    else
        snprintf(out, out_len, "ended (status %d)", p->wait_status);
}

static void release(struct proc *p)
{
    if (p->to_fd >= 0)
        close(p->to_fd);
    if (p->from_fd >= 0)
        close(p->from_fd);
    p->to_fd = p->from_fd = -1;
    free(p->buf);
    p->buf = NULL;
    p->len = p->cap = 0;
}

void proc_kill(struct proc *p)
{
    if (p->pid > 0 && !proc_exited(p)) {
        kill(p->pid, SIGKILL);
        int st;
        if (waitpid(p->pid, &st, 0) == p->pid) {
            p->exited = true;
            p->wait_status = st;
        }
    }
    release(p);
}

bool proc_quit(struct proc *p, double timeout)
{
    double end = proc_now() + timeout;
    if (p->pid > 0 && !proc_exited(p)) {
        char reply[256];
        proc_command(p, "quit", timeout, reply, sizeof reply, NULL);
        /* Closing stdin too: an engine that ignores quit still sees EOF. */
        if (p->to_fd >= 0) {
            close(p->to_fd);
            p->to_fd = -1;
        }
        while (!proc_exited(p) && proc_now() < end) {
            struct timespec ts = { 0, 10 * 1000 * 1000 };
            nanosleep(&ts, NULL);
        }
    }
    bool clean = proc_exited(p);
    proc_kill(p);
    return clean;
}
