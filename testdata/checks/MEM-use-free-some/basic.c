#include <stdlib.h>
#include <string.h>

struct conn {
    int fd;
    char *buf;
};

static struct conn *active;

static void close_conn(struct conn *c) {
    free(c);
}

static void maybe_close(struct conn *c, int cond) {
    if (cond)
        free(c);
}

static int conn_fd(struct conn *c) {
    return c->fd;
}

static void drop_active(int cond) {
    if (cond)
        free(active);
}

/* Positives. */

int verbose_path_reads_freed_bad(struct conn *c, int verbose) {
    free(c);
    if (verbose)
        return c->fd; // expect: MEM-use-free-some
    return 0;
}

int helper_closed_then_maybe_read_bad(struct conn *c, int verbose) {
    close_conn(c);
    if (verbose)
        return conn_fd(c); // expect: MEM-use-free-some
    return 0;
}

void loop_uses_after_free_bad(struct conn *c, int n) {
    for (int i = 0; i < n; i++) {
        c->fd = i; // expect: MEM-use-free-some
        // Not a double free: a second free needs `i == 3` on two iterations, and `i` only
        // grows (the refutation stage rejects every such path).
        if (i == 3)
            free(c);
    }
}

int retry_reads_freed_bad(struct conn *c, int tries) {
    free(c);
    while (tries-- > 0) {
        if (c->fd >= 0) // expect: MEM-use-free-some
            return 1;
    }
    return 0;
}

/* Negatives. */

int value_saved_before_free_ok(struct conn *c, int verbose) {
    int fd = c->fd;
    free(c);
    if (verbose)
        return fd;
    return 0;
}

int error_path_returns_after_free_ok(struct conn *c, int err) {
    if (err) {
        free(c);
        return -1;
    }
    return c->fd;
}

int reset_after_free_ok(struct conn *c, int verbose) {
    maybe_close(c, verbose);
    c = malloc(sizeof *c);
    if (!c)
        return -1;
    c->fd = 0;
    free(c);
    return 0;
}

void loop_frees_and_stops_ok(struct conn *c, int n) {
    for (int i = 0; i < n; i++) {
        c->fd = i;
        if (i == 3) {
            close_conn(c);
            break;
        }
    }
}

int assert_guarded_ok(struct conn *c) {
    int fd;
    if (!c)
        abort();
    fd = c->fd;
    free(c);
    return fd;
}
