#include <stdlib.h>
#include <string.h>

/* A block written in the return statement that hands it on (`return memcpy(cp, s, n);`, which
 * returns its destination) is returned written. */

void fatal(const char *msg) __attribute__((noreturn));

static void *xmalloc(size_t size) {
    void *p = malloc(size);
    if (p == NULL)
        fatal("out of memory");
    return p;
}

char *xstrdup(const char *s) {
    size_t len = strlen(s) + 1;
    char *cp = xmalloc(len);
    return memcpy(cp, s, len);
}

int has_at_ok(const char *s) {
    char *copy = xstrdup(s);
    int r = strchr(copy, '@') != NULL;
    free(copy);
    return r;
}

char *xalloc_copy_other(const char *s, char *into) {
    size_t len = strlen(s) + 1;
    char *cp = xmalloc(len);
    memcpy(into, s, len);
    return cp;
}

int unwritten_copy_bad(const char *s, char *into) {
    char *copy = xalloc_copy_other(s, into);
    int r = copy[0] == '@'; // expect: SPC-uninit-heap-all
    free(copy);
    return r;
}
