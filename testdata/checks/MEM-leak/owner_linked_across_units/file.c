/* A constructor links the new file into the client it is given unless the client is attached
 * (tmux's file_create_with_client); the caller that tests the same flag afterwards and keeps
 * the file only on the client's side has nothing to free. Between the two tests the caller
 * calls a function of its own unit that passes the client to a function of another unit
 * (`client_cwd`): what that callee writes is what its summary says (no member), not what the
 * front end assumes of a function it only sees declared (that it keeps the client, and may
 * write any of its members later). */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"

struct file {
    struct client *c;
    int references;
    char *path;
    struct file *next;
    void *peer;
    int error;
};

int proc_send(void *peer, int type, const void *buf, size_t len);
void file_fire_done(struct file *cf);

static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    if (p == NULL)
        abort();
    return p;
}

static char *xstrdup(const char *s) {
    char *p = strdup(s);
    if (p == NULL)
        abort();
    return p;
}

static int xasprintf(char **ret, const char *fmt, ...) {
    va_list ap;
    int i;

    va_start(ap, fmt);
    i = vasprintf(ret, fmt, ap);
    va_end(ap);
    if (i == -1)
        abort();
    return i;
}

static char *get_path(struct client *c, const char *file) {
    char *path, *full_path;

    path = xstrdup(file);
    if (*path == '/')
        return path;
    xasprintf(&full_path, "%s/%s", client_cwd(c, NULL), path);
    free(path);
    return full_path;
}

static struct file *file_create(struct client *c) {
    struct file *cf;

    if (c != NULL && (c->flags & ATTACHED))
        c = NULL;
    cf = xcalloc(1, sizeof *cf);
    cf->c = c;
    cf->references = 1;
    if (cf->c != NULL) {
        cf->peer = cf->c->peer;
        cf->next = cf->c->files;
        cf->c->files = cf;
        cf->c->references++;
    }
    return cf;
}

void file_write(struct client *c, const char *path) {
    struct file *cf;

    cf = file_create(c);
    cf->path = get_path(c, path);
    if (c == NULL || (c->flags & ATTACHED)) {
        cf->error = 1;
        file_fire_done(cf);
        return;
    }
    if (proc_send(cf->peer, 1, cf->path, strlen(cf->path) + 1) != 0) {
        cf->error = 2;
        file_fire_done(cf);
        return;
    }
}

/* Returning before the test, the file of a detached or missing client is linked nowhere. */
void file_write_unless_empty(struct client *c, const char *path) {
    struct file *cf;

    cf = file_create(c); // expect: MEM-leak
    cf->path = get_path(c, path);
    if (*path == '\0')
        return;
    if (c == NULL || (c->flags & ATTACHED)) {
        cf->error = 1;
        file_fire_done(cf);
        return;
    }
}
