// `a = b = malloc(n)`: both pointers hold the one block; freeing either releases it.
// (RED-unused-val, a style check, reports a pointer of the chain that is never read itself, as
// the Clang Static Analyzer's dead nested assignments do.)
#include <stdlib.h>
#include <string.h>

char *saved;

void free_through_inner(size_t n) {
    char *a, *b;
    a = b = malloc(n);
    if (!a)
        return;
    a[0] = 0;
    free(b);
}

void free_through_outer(const char *s) {
    char *a, *b;
    a = b = strdup(s);
    if (!b)
        return;
    free(a);
}

void zeroed(size_t n) {
    char *a, *b;
    a = b = calloc(n, 1); // expect: RED-unused-val
    free(a);
}

void three_holders(size_t n) {
    char *a, *b, *c;
    a = b = c = malloc(n); // expect: RED-unused-val, RED-unused-val
    free(b);
}

void kept_in_global(size_t n) {
    char *b;
    saved = b = malloc(n);
    if (b)
        b[0] = 0;
}

char *returned(size_t n) {
    char *a, *b;
    a = b = malloc(n);
    if (b)
        b[0] = 1;
    return a;
}

struct owner {
    char *buf;
};

void in_declaration(size_t n) {
    char *b;
    char *a = b = malloc(n);
    if (!a)
        return;
    a[0] = 0;
    free(b);
}

void stored_in_field(struct owner *o, size_t n) {
    char *b;
    o->buf = b = malloc(n);
    if (b)
        b[0] = 0;
}

void in_condition(size_t n) {
    char *a, *b;
    if ((a = b = malloc(n)) == NULL) // expect: RED-unused-val
        return;
    free(a);
}

void through_cast(size_t n) {
    char *a, *b;
    a = (char *)(b = malloc(n)); // expect: RED-unused-val
    free(a);
}

/* Bad twins: neither pointer frees the block; the block is freed on one path only. */
void never_freed_bad(size_t n) {
    char *a, *b;
    a = b = malloc(n); // expect: MEM-leak, RED-unused-val
    if (a)
        a[0] = 0;
}

void freed_on_one_path_bad(size_t n, int keep) {
    char *a, *b;
    a = b = malloc(n); // expect: MEM-leak, RED-unused-val
    if (!keep)
        free(a);
}
