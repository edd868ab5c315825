#include <assert.h>
#include <stdio.h>
#include <string.h>

static void fill(int *out) {
    *out = 1;
}

/* Positives. */

int area_bad(int w, int h) {
    int unused; // expect: RED-unused-var
    return w * h;
}

int initialised_never_read_bad(const char *s) {
    size_t len = strlen(s); // expect: RED-unused-var
    return s[0];
}

int written_never_read_bad(int x) {
    int tmp; // expect: RED-unused-var
    tmp = x + 1; // expect: RED-unused-val
    return x;
}

double leftover_bad(const double *v, int n) {
    double total = 0.0;
    double mean = 0.0; // expect: RED-unused-var
    for (int i = 0; i < n; i++)
        total += v[i];
    return total;
}

/* Negatives. */

size_t only_in_sizeof_ok(void) {
    long buffer_word;
    return sizeof buffer_word;
}

int address_taken_ok(void) {
    int v;
    fill(&v);
    return v;
}

int unused_parameter_ok(int x, int unused_flag) {
    return x;
}

int cast_to_void_ok(int x) {
    int reserved = 0;
    (void)reserved;
    return x;
}

int used_in_one_branch_ok(int x) {
    int scale = 3;
    if (x > 0)
        return x * scale;
    return 0;
}

int used_in_loop_ok(const int *v, int n) {
    int best = v[0];
    for (int i = 1; i < n; i++)
        if (v[i] > best)
            best = v[i];
    return best;
}

int used_in_assert_ok(int x) {
    int limit = 100;
    assert(x < limit);
    return x;
}

#define TWICE(v) ((v) + (v))

int used_in_macro_ok(int x) {
    int base = x - 1;
    return TWICE(base);
}
