// The NULL test must be the function's own: a general-purpose function that tests a global
// before it (re)creates it says nothing about a caller that dereferenced the global before
// calling it.
#include <stdlib.h>

struct connection {
    int fd;
    int err;
};

static struct connection *conn;

static struct connection *open_connection(void) {
    struct connection *c = malloc(sizeof *c);
    if (c == NULL)
        abort();
    c->fd = 3;
    c->err = 0;
    return c;
}

int reconnect(int force) {
    if (conn == NULL || force) {
        free(conn);
        conn = open_connection();
        if (conn->err)
            return -1;
    }
    return 0;
}

int wait_for_messages_ok(void) {
    int fd = conn->fd;
    if (fd < 0)
        return reconnect(1);
    return fd;
}

// Its own test after the dereference is reported.
int poll_messages_bad(void) {
    int fd = conn->fd; // expect: PTR-null-cmp-bef
    if (fd < 0)
        return -1;
    if (conn == NULL)
        return -1;
    return fd;
}
