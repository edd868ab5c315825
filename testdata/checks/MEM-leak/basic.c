#include <stdlib.h>
#include <string.h>

struct buffer {
    char *data;
    size_t len;
};

static char *last_message;

/* Positives. */

int never_freed_bad(size_t n) {
    char *p = malloc(n); // expect: MEM-leak
    if (!p)
        return -1;
    memset(p, 0, n);
    return 0;
}

int early_return_without_free_bad(const char *s, int fail) {
    char *copy = strdup(s); // expect: MEM-leak
    if (copy == NULL)
        return -1;
    if (fail)
        return -2;
    free(copy);
    return 0;
}

int overwritten_while_owning_bad(size_t n) {
    char *p = malloc(n); // expect: MEM-leak
    if (!p)
        return -1;
    p = malloc(2 * n);
    if (!p)
        return -1;
    free(p);
    return 0;
}

void leak_in_loop_bad(int n) {
    for (int i = 0; i < n; i++) {
        int *cell = calloc(4, sizeof *cell); // expect: MEM-leak
        if (!cell)
            return;
        cell[0] = i;
    }
}

void unchecked_and_dropped_bad(size_t n) {
    char *p = malloc(n); // expect: MEM-leak
    (void)p;
}

/* Negatives. */

int freed_on_every_path_ok(const char *s, int fail) {
    char *copy = malloc(strlen(s) + 1);
    if (!copy)
        return -1;
    strcpy(copy, s);
    if (fail) {
        free(copy);
        return -1;
    }
    free(copy);
    return 0;
}

char *returned_to_caller_ok(size_t n) {
    char *p = malloc(n);
    if (!p)
        return NULL;
    memset(p, 0, n);
    return p;
}

int stored_in_field_ok(struct buffer *b, size_t n) {
    char *p = malloc(n);
    if (!p)
        return -1;
    b->data = p;
    b->len = n;
    return 0;
}

int stored_in_global_ok(const char *s) {
    char *copy = strdup(s);
    if (!copy)
        return -1;
    last_message = copy; // expect: RED-unused-static
    return 0;
}

void stored_through_out_param_ok(char **out, size_t n) {
    char *p = malloc(n);
    *out = p;
}

int null_check_is_not_a_leak_ok(size_t n) {
    char *p = malloc(n);
    if (!p)
        return -1;
    p[0] = 0;
    free(p);
    return 0;
}

int goto_cleanup_ok(size_t n, int fail) {
    int rc = -1;
    char *a = malloc(n);
    char *b = NULL;
    if (!a)
        goto out;
    b = malloc(n);
    if (!b)
        goto out;
    if (fail)
        goto out;
    a[0] = 1;
    b[0] = 2;
    rc = 0;
out:
    free(b);
    free(a);
    return rc;
}

void freed_in_loop_ok(int n) {
    for (int i = 0; i < n; i++) {
        int *cell = malloc(sizeof *cell);
        if (!cell)
            return;
        *cell = i;
        free(cell);
    }
}

int exit_on_error_path_ok(size_t n, int fatal) {
    char *p = malloc(n);
    if (!p)
        abort();
    if (fatal)
        exit(1);
    p[0] = 0;
    free(p);
    return 0;
}

int realloc_into_out_param_ok(char **bufp, size_t n) {
    char *tmp = realloc(*bufp, n);
    if (!tmp)
        return -1;
    *bufp = tmp;
    return 0;
}

/* Handed to the caller with a tag in its low bits, or as a pointer past a header. */
#include <stdint.h>
struct hdr { size_t size; };

void *tagged_ok(size_t n) {
    void *p = malloc(n);
    if (!p)
        return NULL;
    return (void *)((uintptr_t)p | 1u);
}

void *past_header_ok(size_t n) {
    struct hdr *h = malloc(sizeof *h + n);
    if (!h)
        return NULL;
    h->size = n;
    return (char *)h + sizeof *h;
}

long distance_bad(const char *base) {
    char *p = malloc(16); // expect: MEM-leak
    if (!p)
        return -1;
    return p - base;
}
