// A global buffer freed by a helper, then again by its caller.
#include <stdlib.h>

char *scratch;

static void drop_scratch(void) {
    free(scratch);
}

static void renew_scratch(void) {
    free(scratch);
    scratch = malloc(64);
}

static void drop_and_forget(void) {
    free(scratch);
    scratch = NULL;
}

void shutdown_twice_bad(void) {
    scratch = malloc(32);
    drop_scratch();
    free(scratch); // expect: MEM-double-free
}

void renewed_then_freed_ok(void) {
    scratch = malloc(32);
    renew_scratch();
    free(scratch);
}

void forgotten_then_freed_ok(void) {
    scratch = malloc(32);
    drop_and_forget();
    free(scratch);
}

void reallocated_between_ok(void) {
    scratch = malloc(32);
    drop_scratch();
    scratch = malloc(16);
    free(scratch);
}

void freed_only_by_helper_ok(void) {
    scratch = malloc(32);
    drop_scratch();
}

/* A recursive helper that replaces the buffer at every level. */
static void cycle(int n) {
    free(scratch);
    scratch = malloc(8);
    if (n > 0)
        cycle(n - 1);
}

void cycled_then_freed_ok(void) {
    scratch = malloc(8);
    cycle(2);
    free(scratch);
}
