// A global buffer freed by a helper, then used by its caller.
#include <stdlib.h>

int *counters;

static void release_counters(void) {
    free(counters);
}

static void maybe_release(int last) {
    if (last)
        free(counters);
}

static void reset_counters(void) {
    free(counters);
    counters = calloc(8, sizeof *counters);
}

void count_after_release_bad(void) {
    counters = calloc(4, sizeof *counters);
    if (!counters)
        return;
    release_counters();
    counters[0]++; // expect: MEM-use-free-all
}

void count_after_reset_ok(void) {
    reset_counters();
    if (counters)
        counters[0] = 1;
}

void count_before_release_ok(void) {
    counters = calloc(4, sizeof *counters);
    if (!counters)
        return;
    counters[1] = 2;
    release_counters();
}

void count_after_maybe_release_ok(int last) {
    counters = calloc(4, sizeof *counters);
    if (!counters)
        return;
    maybe_release(last);
    if (!last)
        counters[2] = 3;
}

/* Freed by the caller, then used by a function it calls. */
static int first_counter(void) {
    return counters[0]; // expect: MEM-use-free-all
}

static int checked_first_counter(void) {
    return counters ? counters[0] : 0;
}

int first_after_free_bad(void) {
    counters = calloc(4, sizeof *counters);
    if (!counters)
        return 0;
    free(counters);
    return first_counter();
}

int first_after_free_and_clear_ok(void) {
    counters = calloc(4, sizeof *counters);
    if (!counters)
        return 0;
    free(counters);
    counters = NULL;
    return checked_first_counter();
}

int first_before_free_ok(void) {
    int n;
    counters = calloc(4, sizeof *counters);
    if (!counters)
        return 0;
    n = first_counter();
    free(counters);
    counters = NULL;
    return n;
}
