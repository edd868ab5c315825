/* A function that returns either the address of an object (a string literal, a member of the
 * caller's data) or a copy it allocated, and says which through an out-parameter flag (tmux's
 * window_copy_cellstring with `int *allocated`): a caller that frees the result only when the
 * flag says so frees every copy. The callee's paths that return an object's address give the
 * caller nothing to own, so the path where the flag is 0 returned no block. */
#include <stdlib.h>
#include <string.h>

struct cell {
    int flags;
    char data;
    char *ext;
    size_t extlen;
};
struct line {
    unsigned cellsize;
    struct cell *cells;
};

static const char *cell_string(const struct line *gl, unsigned px, size_t *size, int *allocated) {
    const struct cell *c;
    char *copy;

    if (px >= gl->cellsize) {
        *size = 1;
        *allocated = 0;
        return " ";
    }
    c = &gl->cells[px];
    if (c->flags & 1) {
        *size = 0;
        *allocated = 0;
        return NULL;
    }
    if (~c->flags & 2) {
        *size = 1;
        *allocated = 0;
        return &c->data;
    }
    *size = c->extlen;
    *allocated = 1;
    copy = malloc(c->extlen);
    if (copy == NULL)
        abort();
    memcpy(copy, c->ext, c->extlen);
    return copy;
}

char *stringify(const struct line *gl, unsigned first, unsigned last) {
    char *buf = malloc(1024);
    size_t len = 0, dlen;
    const char *d;
    int allocated;
    unsigned ax;

    if (buf == NULL)
        return NULL;
    for (ax = first; ax < last; ax++) {
        d = cell_string(gl, ax, &dlen, &allocated);
        if (len + dlen < 1024) {
            memcpy(buf + len, d, dlen);
            len += dlen;
        }
        if (allocated)
            free((void *)d);
    }
    buf[len] = '\0';
    return buf;
}

/* Leaving the loop before the flag is looked at loses the copy. */
char *stringify_early_exit(const struct line *gl, unsigned first, unsigned last) {
    char *buf = malloc(1024);
    size_t len = 0, dlen;
    const char *d;
    int allocated;
    unsigned ax;

    if (buf == NULL)
        return NULL;
    for (ax = first; ax < last; ax++) {
        d = cell_string(gl, ax, &dlen, &allocated); // expect: MEM-leak
        if (len + dlen >= 1024)
            break;
        memcpy(buf + len, d, dlen);
        len += dlen;
        if (allocated)
            free((void *)d);
    }
    buf[len] = '\0';
    return buf;
}
