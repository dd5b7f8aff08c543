/* cmd_interrupt — gogui-sigint, GoGui's way to stop a long command on Unix:
 * the command answers hane's process id, and GoGui's Interrupt button then
 * sends SIGINT to it. From that command on, SIGINT ends the search that is
 * running (a genmove answers with its best move so far, as when its time is
 * up) instead of the process. A SIGINT while no search runs does nothing:
 * GoGui signals only while a command runs, but one that lands just after
 * the reply must not kill the engine. Without gogui-sigint, SIGINT keeps its
 * default (Ctrl-C in a terminal ends hane). The fuzzer's sandbox answers the
 * id and installs nothing. */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "gtp/gtp_internal.h"

/* The searcher the handler stops. The handler may read only lock-free
 * atomics (C11 7.14.1.1). */
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "the SIGINT handler reads a pointer");
static struct search *_Atomic sigint_search;

static void on_sigint(int sig)
{
    (void)sig;
    struct search *s = atomic_load_explicit(&sigint_search, memory_order_relaxed);
    if (s)
        search_interrupt(s);
}

enum gtp_status gtp_cmd_gogui_sigint(struct gtp *g, struct gtp_cmd *c)
{
    if (!g->opt.sandbox) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigint;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;       /* a read of the next command just goes on */
        atomic_store(&sigint_search, g->search);
        if (sigaction(SIGINT, &sa, NULL) != 0)
            return gtp_fail(g, "cannot handle SIGINT: %s", strerror(errno));
    }
    gtp_printf(g, "%ld", (long)getpid());
    return GTP_OK;
}

void gtp_sigint_release(struct gtp *g)
{
    struct search *mine = g->search;
    /* Only the front end the handler serves gives SIGINT back its default,
     * before its searcher goes. */
    if (atomic_compare_exchange_strong(&sigint_search, &mine, NULL))
        signal(SIGINT, SIG_DFL);
}
