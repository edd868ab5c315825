#include <stdlib.h>
#include <string.h>

struct node {
    int value;
    struct node *next;
};

static struct node *registry;

static char *make_buffer(size_t n) {
    char *p = malloc(n);
    if (!p)
        return NULL;
    memset(p, 0, n);
    return p;
}

static void release_buffer(char *p) {
    free(p);
}

static int alloc_out(char **out, size_t n) {
    *out = malloc(n);
    if (!*out)
        return -1;
    return 0;
}

static void keep_node(struct node *n) {
    n->next = registry;
    registry = n;
}

static void fail_hard(void) {
    abort();
}

/* Positives. */

int helper_result_leaked_bad(size_t n) {
    char *buf = make_buffer(n); // expect: MEM-leak
    if (!buf)
        return -1;
    return buf[0];
}

int helper_result_leaked_on_error_bad(size_t n, int fail) {
    char *buf = make_buffer(n); // expect: MEM-leak
    if (!buf)
        return -1;
    if (fail)
        return -1;
    release_buffer(buf);
    return 0;
}

int out_param_leaked_bad(size_t n) {
    char *buf;
    if (alloc_out(&buf, n) != 0) // expect: MEM-leak
        return -1;
    buf[0] = 0;
    return 0;
}

/* Negatives. */

int helper_result_freed_ok(size_t n) {
    char *buf = make_buffer(n);
    int first;
    if (!buf)
        return -1;
    first = buf[0];
    free(buf);
    return first;
}

int freed_in_helper_ok(size_t n) {
    char *buf = malloc(n);
    if (!buf)
        return -1;
    buf[0] = 1;
    release_buffer(buf);
    return 0;
}

int ownership_moved_to_registry_ok(int v) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        return -1;
    n->value = v;
    keep_node(n);
    return 0;
}

void noreturn_helper_ok(size_t n) {
    char *buf = malloc(n);
    if (!buf)
        fail_hard();
    buf[0] = 0;
    if (n > 100)
        fail_hard();
    free(buf);
}

/* A realloc wrapper: the old block is handed to it and the new one comes back. */
static void *grow(void *old, size_t n) {
    void *p = realloc(old, n);
    if (!p && n != 0)
        abort();
    return p;
}

char *append_ok(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la + 1);
    if (!s)
        return NULL;
    memcpy(s, a, la + 1);
    s = grow(s, la + lb + 1);
    memcpy(s + la, b, lb + 1);
    return s;
}

/* Overwritten by a call that does not take the old block: leaked. */
static char *fresh(size_t n) {
    return malloc(n);
}

char *replace_bad(size_t n) {
    char *s = malloc(n); // expect: MEM-leak
    if (!s)
        return NULL;
    s = fresh(n * 2);
    return s;
}

/* `fresh` returns the allocator's result directly: the block is its caller's. */
void fresh_dropped_bad(size_t n) {
    char *s = fresh(n); // expect: MEM-leak
    if (s)
        s[0] = 0;
}

void fresh_freed_ok(size_t n) {
    char *s = fresh(n);
    free(s);
}
