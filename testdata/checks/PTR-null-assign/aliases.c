// NULL reaches a dereference through copies.
#include <stddef.h>

struct box {
    int value;
};

void copied_null_bad(void) {
    int *p = NULL;
    int *q;
    q = p;
    *q = 1; // expect: PTR-null-assign
}

void copied_twice_bad(void) {
    struct box *p = NULL;
    struct box *q = p;
    struct box *r = (struct box *)q;
    r->value = 2; // expect: PTR-null-assign
}

void copy_rebound_ok(int *fallback) {
    int *p = NULL;
    int *q = p;
    q = fallback;
    *q = 3;
}

void copy_checked_ok(int *maybe, int c) {
    int *p = NULL;
    if (c)
        p = maybe;
    int *q = p;
    if (q)
        *q = 4;
}

/* A chained assignment copies the value just written: `c = a = given` gives both `given`. */
int chained_copy_ok(const char *given) {
    const char *c = NULL, *authority = NULL;
    int n = 0;
    for (c = authority = given; *c; c++)
        n++;
    return n + (authority != NULL);
}

int chained_null_bad(const char *given) {
    const char *c = given, *authority = given;
    c = authority = NULL;
    return *c; // expect: PTR-null-assign
}
