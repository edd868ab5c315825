#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct counter {
    int hits;
    int misses;
};

/* Positives. */

struct counter *counter_new_bad(void) {
    struct counter *c = malloc(sizeof *c);
    c->hits = 0; // expect: PTR-null-fun-pos
    c->misses = 0;
    return c;
}

char home_initial_bad(void) {
    const char *home = getenv("HOME");
    return home[0]; // expect: PTR-null-fun-pos
}

int *grow_bad(int *items, size_t n) {
    int *bigger = realloc(items, 2 * n * sizeof *bigger);
    bigger[n] = 0; // expect: PTR-null-fun-pos
    return bigger;
}

char *copy_upper_bad(const char *s) {
    char *copy = strdup(s);
    copy[0] = (char)(copy[0] & ~0x20); // expect: PTR-null-fun-pos
    return copy;
}

int *zeroed_bad(size_t n) {
    int *v = calloc(n, sizeof *v);
    *v = 1; // expect: PTR-null-fun-pos
    return v;
}

/* Negatives. */

int assignment_in_condition_ok(size_t n) {
    char *p;
    if ((p = malloc(n)) == NULL)
        return -1;
    p[0] = 0;
    free(p);
    return 0;
}

int negated_assignment_in_condition_ok(size_t n) {
    char *p;
    if (!(p = malloc(n)))
        return -1;
    p[0] = 0;
    free(p);
    return 0;
}

char *null_branch_replaces_it_ok(void) {
    char *dir = getenv("TMPDIR");
    if (dir == NULL)
        dir = "/tmp";
    return dir[0] == '/' ? dir : NULL;
}


struct counter *early_return_ok(void) {
    struct counter *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    c->hits = 0;
    c->misses = 0;
    return c;
}

struct counter *exit_on_failure_ok(void) {
    struct counter *c = malloc(sizeof *c);
    if (c == NULL) {
        perror("malloc");
        exit(EXIT_FAILURE);
    }
    c->hits = 0;
    return c;
}

struct counter *asserted_ok(void) {
    struct counter *c = calloc(1, sizeof *c);
    assert(c);
    c->hits = 1;
    return c;
}

int short_circuit_ok(void) {
    const char *term = getenv("TERM");
    return term && term[0] == 'x';
}

char ternary_ok(void) {
    const char *home = getenv("HOME");
    return home ? home[0] : '/';
}

#define RETURN_IF_NULL(p, v) do { if ((p) == NULL) return (v); } while (0)

int check_in_macro_ok(size_t n) {
    int *v = malloc(n * sizeof *v);
    RETURN_IF_NULL(v, -1);
    v[0] = 7;
    free(v);
    return 0;
}

int goto_cleanup_ok(size_t n) {
    int rc = -1;
    char *a = malloc(n);
    char *b = NULL;
    if (a == NULL)
        goto out;
    b = malloc(n);
    if (b == NULL)
        goto out;
    a[0] = b[0] = 0;
    rc = 0;
out:
    free(b);
    free(a);
    return rc;
}

size_t sizeof_is_not_a_dereference_ok(void) {
    struct counter *c = malloc(sizeof *c);
    size_t n = sizeof c->hits;
    free(c);
    return n;
}

long parse_suffix_ok(const char *s) {
    char *end = strchr(s, ':');
    long v = strtol(s, &end, 10);
    return *end == '\0' ? v : -1;
}

int retry_loop_ok(size_t n) {
    char *buf = NULL;
    while ((buf = malloc(n)) == NULL && n > 16)
        n /= 2;
    if (buf == NULL)
        return -1;
    buf[0] = 0;
    free(buf);
    return (int)n;
}
