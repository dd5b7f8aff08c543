/* proc — a GTP engine as a child process of the referee: spawned with
 * fork/exec and two pipes (no shell), spoken to one command at a time, every
 * wait bounded by a deadline so a hung engine can never stall a match.
 *
 * Thread-safe in the sense hane-match needs: each game thread owns its procs.
 * Pipes are created close-on-exec so the engines of one game never inherit
 * the pipes of another (an inherited write end would hide EOF).
 */
#ifndef MATCH_PROC_H
#define MATCH_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#define PROC_MAX_ARGS 64

struct proc {
    pid_t pid;          /* 0 once reaped */
    int to_fd;          /* the engine's stdin */
    int from_fd;        /* the engine's stdout */
    char *buf;          /* bytes read but not yet consumed */
    size_t len, cap;
    int wait_status;    /* from waitpid, valid when `exited` */
    bool exited;
    FILE *log;          /* if set, every command and reply is copied here ... */
    char tag[16];       /* ... prefixed with this tag ("B", "W", "scorer") */
};

/* How a command went. */
enum proc_rc {
    PROC_OK,        /* "= text" */
    PROC_FAIL,      /* "? text": the engine refused the command */
    PROC_EOF,       /* the engine closed its output (crashed or quit) */
    PROC_TIMEOUT,   /* no complete reply before the deadline */
    PROC_IO,        /* write/read error, or an over-long or malformed reply */
};

/* Splits a command line on blanks into at most `max` words (NULL-terminated
 * in argv, so argv needs max + 1 slots). Single and double quotes group words
 * and are removed; a backslash escapes the next character. Words are written
 * into `storage` (at least strlen(line) + 1 bytes). Returns the word count, or
 * -1 with a message in err (unbalanced quote, no words, too many words). */
int proc_split(const char *line, char **argv, int max, char *storage, char *err, size_t err_len);

/* Checks that `cmdline` splits and names an executable program, without
 * starting it; false with a message otherwise. */
bool proc_check_command(const char *cmdline, char *err, size_t err_len);

/* Starts the engine `cmdline` (split as above; argv[0] searched in PATH).
 * The engine's stderr goes to `stderr_path` (emptied first), or /dev/null if NULL.
 * False with a message if the line is bad or fork/pipe failed. A program that
 * cannot be executed shows up as EOF on the first command. */
bool proc_spawn(struct proc *p, const char *cmdline, const char *stderr_path,
                char *err, size_t err_len);

/* Sends one command line (no newline needed) and waits at most `timeout`
 * seconds (< 0: forever) for the reply. The reply text without "=" / "?",
 * id and surrounding blanks is copied into `reply` (truncated to fit, always
 * terminated). `elapsed` (may be NULL) receives the wall-clock seconds from
 * sending to the complete reply. */
enum proc_rc proc_command(struct proc *p, const char *cmd, double timeout,
                          char *reply, size_t reply_len, double *elapsed);

/* Parses one complete GTP reply (text up to, not including, the blank line):
 * "=[id] text" or "?[id] text". Returns PROC_OK, PROC_FAIL or PROC_IO (not
 * a reply); copies the text as proc_command does. */
enum proc_rc proc_parse_reply(const char *raw, char *reply, size_t reply_len);

/* Peak and current resident set size of the running engine in kB, from
 * /proc/PID/status (VmHWM, VmRSS); false if unavailable. */
bool proc_memory_kb(const struct proc *p, long *peak_kb, long *rss_kb);

/* CPU seconds (user + system) the running engine has used so far, from
 * /proc/PID/stat; false if unavailable. Shows how much of its thinking time
 * an engine really got on a loaded machine. */
bool proc_cpu_seconds(const struct proc *p, double *seconds);

/* Has the engine exited? Reaps it without blocking. */
bool proc_exited(struct proc *p);

/* Says how the engine ended ("exit 0", "killed by signal 11"), or "running". */
void proc_describe_exit(const struct proc *p, char *out, size_t out_len);

/* Sends "quit", waits up to `timeout` seconds for the reply and the exit, and
 * kills the engine if it has not exited by then. Returns true if it exited by
 * itself. Always releases everything. */
bool proc_quit(struct proc *p, double timeout);

/* Kills (SIGKILL) and reaps the engine and releases everything. */
void proc_kill(struct proc *p);

/* Monotonic clock in seconds. */
double proc_now(void);

#endif
