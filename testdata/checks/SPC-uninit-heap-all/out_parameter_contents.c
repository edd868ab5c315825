#include <stdlib.h>
#include <string.h>

/* A block a callee fills and then hands out through an out-parameter is written when the
 * caller reads it (tmux's utf8_stravis, monitor_parse). */

void fatal(const char *msg) __attribute__((noreturn));

static void *xmalloc(size_t size) {
    void *p = malloc(size);
    if (p == NULL)
        fatal("xmalloc");
    return p;
}

static char *xstrdup(const char *s) {
    char *p = strdup(s);
    if (p == NULL)
        fatal("xstrdup");
    return p;
}

static void escape(char **dst, const char *src) {
    size_t len = strlen(src);
    char *buf = xmalloc(len + 1);
    memcpy(buf, src, len + 1);
    *dst = buf;
}

int is_home_ok(const char *s) {
    char *escaped;
    escape(&escaped, s);
    int r = *escaped == '~';
    free(escaped);
    return r;
}

static void parse(const char *value, char **name) {
    *name = xstrdup(value);
}

size_t name_length_ok(const char *value) {
    char *name;
    parse(value, &name);
    size_t n = strlen(name);
    free(name);
    return n;
}

static void reserve(char **dst, size_t len) {
    char *buf = xmalloc(len + 1);
    *dst = buf;
}

int reserved_bad(size_t len) {
    char *buf;
    reserve(&buf, len);
    int r = buf[0] == '~'; // expect: SPC-uninit-heap-all
    free(buf);
    return r;
}
