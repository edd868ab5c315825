// A pointer that holds an address that is never NULL: a later comparison with NULL is only
// redundant, not a sign that the dereference before it may fail.
#include <stddef.h>

static int counter;
static int table[4];

static int *the_counter(void) {
    return &counter;
}

static int *slot(int i) {
    if (i < 0)
        return &table[0];
    return table;
}

static int *maybe_counter(int c) {
    if (c)
        return &counter;
    return NULL;
}

void result_of_static_accessor_ok(void) {
    int *p = the_counter();
    *p = 1;
    if (p != NULL)
        *p = 2;
}

void address_of_static_ok(void) {
    int *p = &counter;
    *p = 3;
    if (p)
        *p = 4;
}

void result_of_array_accessor_ok(int i) {
    int *p = slot(i);
    p[0] = 5;
    if (p == NULL)
        return;
}

void result_that_may_be_null_bad(int c) {
    int *p = maybe_counter(c);
    // `maybe_counter` returns NULL only for `c == 0`, which this path leaves open: the NULL is
    // latent (not a PTR-null-fun-pos finding); the test below says the programmer thinks
    // `p` may be NULL, which is this check's business.
    *p = 6; // expect: PTR-null-cmp-bef
    if (p != NULL)
        *p = 7;
}

/* The address of a member of a structure is never NULL either: the later test is defensive
 * (libarchive's run_filters: `filters = &rar->filters; ... if (filters == NULL)`). */
struct filter { int len; };
struct filters { struct filter *stack; long start; };
struct rar { int x; struct filters filters; };

long run_filters_ok(struct rar *rar) {
    struct filters *filters = &rar->filters;
    struct filter *filter = filters->stack;
    if (filters == 0 || filter == 0)
        return 0;
    return filters->start + filter->len;
}

/* A pointer into a block moved by an offset is NULL when the block's pointer is. */
long offset_then_test_bad(struct filters *all, long k) {
    struct filters *f = all + k;
    long start = f->start; // expect: PTR-null-cmp-bef
    if (f == 0)
        return 0;
    return start;
}
