// Paths whose branch conditions contradict each other are not paths: the refutation stage
// decides each counterexample with an SMT solver and looks for another one.
#include <stddef.h>
#include <errno.h>
#include <poll.h>

int wait_ms(long long ms);
void note(const char *msg);

/* The NULL test only clears a flag; with `ufds` NULL the flag stays set and the function
   returns before the loop (curl's Curl_poll). */
int poll_ok(struct pollfd ufds[], unsigned int nfds, long long timeout_ms) {
    int pending_ms, r, fds_none = 1;
    unsigned int i;
    if (ufds)
        for (i = 0; i < nfds; i++)
            if (ufds[i].fd != -1) { fds_none = 0; break; }
    if (fds_none)
        return wait_ms(timeout_ms);
    if (timeout_ms > 0) pending_ms = (int)timeout_ms;
    else if (timeout_ms < 0) pending_ms = -1;
    else pending_ms = 0;
    r = poll(ufds, nfds, pending_ms);
    if (r <= 0)
        return (r == -1 && errno == EINTR) ? 0 : r;
    for (i = 0; i < nfds; i++)
        if (ufds[i].revents & POLLHUP)
            ufds[i].revents |= POLLIN;
    return r;
}

/* Without the early return the loop does read a NULL `ufds`. */
int poll_bad(struct pollfd ufds[], unsigned int nfds) {
    int fds_none = 1;
    unsigned int i;
    if (ufds)
        for (i = 0; i < nfds; i++)
            if (ufds[i].fd != -1) { fds_none = 0; break; }
    if (fds_none)
        note("nothing to wait for");
    for (i = 0; i < nfds; i++)
        if (ufds[i].revents & POLLHUP) // expect: PTR-null-cmp-aft
            return 1;
    return 0;
}

struct item { int flags; int size; };

/* The same bit tested twice with no write in between agrees with itself. */
int bits_ok(struct item *it, unsigned mode) {
    if (!(mode & 4) && it == NULL)
        note("no item");
    note("between");
    if (mode & 4)
        return 0;
    if (it == NULL)
        return -1;
    return it->size;
}

int bits_bad(struct item *it, unsigned mode) {
    if (!(mode & 4) && it == NULL)
        note("no item");
    note("between");
    if (mode & 8)
        return 0;
    return it->size; // expect: PTR-null-cmp-aft
}

/* A local set to a constant on every branch of a switch decides a later test. */
int switch_ok(struct item *it, int kind) {
    int need;
    switch (kind) {
    case 1: need = 1; break;
    case 2: need = 1; break;
    default: need = 0; break;
    }
    if (it == NULL && need)
        return -1;
    if (need)
        return it->size;
    return 0;
}

int switch_bad(struct item *it, int kind) {
    int need;
    switch (kind) {
    case 1: need = 1; break;
    case 2: need = 0; break;
    default: need = 0; break;
    }
    if (it == NULL && kind == 1)
        note("missing");
    if (need || kind == 2)
        return it->size; // expect: PTR-null-cmp-aft
    return 0;
}
