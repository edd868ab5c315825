/* A pointer into a block (past a header, at a member) says nothing about the block's own
 * pointer when it is tested for NULL; a plain copy does. */
#include <string.h>

#define HDR 16

void copy_tested_bad(char *p) {
    char *q = p;
    if (q)
        q[0] = 0;
    p[1] = 1; // expect: PTR-null-cmp-aft
}

void interior_tested_ok(char *p) {
    char *q = p + HDR;
    if (q)
        memset(q, 0, 4);
    p[0] = 1;
}

int interior_read_after_test_ok(const char *text, char sep) {
    const char *at = NULL;
    const char *rest;
    for (const char *c = text; *c; c++)
        if (*c == sep)
            at = c;
    if (!at)
        at = text;
    rest = at + 1;
    return rest[0];
}
