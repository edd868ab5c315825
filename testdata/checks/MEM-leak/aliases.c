// Copies of a pointer are aliases of its block: freeing any copy frees it, overwriting the
// original is no leak while a copy still holds the block, and losing the last copy is.
#include <stdlib.h>
#include <string.h>

struct pair {
    char *first;
    char *second;
};

void copy_then_both_dropped_bad(void) {
    char *p = malloc(8); // expect: MEM-leak
    char *q = p;
    p = NULL;
    q = NULL;
}

void original_dropped_copy_freed_ok(void) {
    char *p = malloc(8);
    char *q = p;
    p = NULL;
    free(q);
}

void chain_of_casts_ok(void) {
    void *p = malloc(8);
    char *q = (char *)p;
    char *r = q + 0;
    p = NULL;
    q = NULL;
    free(r);
}

void copy_overwritten_original_freed_ok(int n) {
    char *p = malloc(8);
    char *q = p;
    q = (char *)"constant";
    if (n)
        q = NULL;
    free(p);
    (void)q;
}

void other_block_overwritten_by_copy_bad(void) {
    char *a = malloc(8);
    char *b = malloc(8); // expect: MEM-leak
    if (!a || !b) {
        free(a);
        free(b);
        return;
    }
    b = a; /* b's own block is lost here */
    b[0] = 1;
    free(a);
}

char *returned_through_copy_ok(void) {
    char *p = malloc(8);
    char *q = p;
    p = NULL;
    return q;
}

void field_of_local_struct_dies_bad(void) {
    struct pair pr;
    char *buf = malloc(16); // expect: MEM-leak
    if (!buf)
        return;
    pr.first = buf;
    buf = NULL;
    pr.second = pr.first;
}

void field_of_local_struct_read_back_ok(void) {
    struct pair pr;
    char *buf = malloc(16);
    if (!buf)
        return;
    pr.first = buf;
    buf = NULL;
    char *again = pr.first;
    free(again);
}

void whole_struct_handed_on(struct pair *out) {
    struct pair pr;
    char *buf = malloc(16);
    pr.first = buf;
    pr.second = NULL;
    *out = pr; /* the struct copy carries the block along */
}

void grow_through_temporary_ok(size_t n) {
    char *buf = malloc(n);
    char *tmp;
    if (!buf)
        return;
    for (;;) {
        n *= 2;
        tmp = realloc(buf, n);
        if (!tmp) {
            free(buf);
            return;
        }
        buf = tmp;
        if (n > 4096)
            break;
    }
    free(buf);
}

int cleanup_through_alias_ok(int fail) {
    char *p = malloc(8);
    char *cursor = p;
    if (!p)
        return -1;
    if (fail)
        goto out;
    cursor[0] = 'x';
    p = NULL;
out:
    free(cursor);
    return fail;
}

void null_test_through_copy_ok(void) {
    char *p = malloc(8);
    char *q = p;
    if (q == NULL)
        return;
    free(p);
}
