// A null pointer constant passed to a function that dereferences that parameter on every
// path: the dereference in the callee is reported.
#include <stddef.h>

static void store_one(int *target) {
    *target = 1; // expect: PTR-null-assign
}

void passes_null_bad(void) {
    store_one(NULL);
}

static void clear(int *out, int n) {
    for (int i = 0; i < n; i++)
        out[i] = 0;
}

/* Dereferenced only when there is something to clear. */
void passes_null_with_nothing_to_do_ok(void) {
    clear(NULL, 0);
}

static void store_if_given(int *target) {
    if (target)
        *target = 2;
}

void passes_null_to_checking_callee_ok(void) {
    store_if_given(NULL);
}

static void store_two(int *target) {
    *target = 2;
}

void passes_a_pointer_ok(int *p) {
    store_two(p);
}
