// Arithmetic that overflows for large values read from input; the negatives bound the value
// first, compute in a wider type, or only test its sign where no overflow follows.
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int incremented(const char *text) {
    int n = atoi(text);
    n++; // expect: ATH-overflow-input
    return n;
}

int squared(void) {
    int n = 0;
    if (fscanf(stdin, "%d", &n) != 1)
        return 0;
    return n * n; // expect: ATH-overflow-input
}

int doubled_after_sign_test(void) {
    int r = rand();
    if (r > 0)
        return r * 2; // expect: ATH-overflow-input
    return 0;
}

long long added(const char *text) {
    long long n = strtoll(text, NULL, 10);
    return n + 1; // expect: ATH-overflow-input
}

/* Negatives. */

int bounded(const char *text) {
    int n = atoi(text);
    if (n >= INT_MAX)
        return n;
    return n + 1;
}

int bounded_both_ways(const char *text) {
    int n = atoi(text);
    if (n > 0 && n < INT_MAX / 2)
        return n * 2;
    return 0;
}

long long widened(const char *text) {
    int n = atoi(text);
    return (long long)n + 1;
}

int decreased(const char *text) {
    int n = atoi(text);
    return n - 1;   /* overflows only for the smallest value: not `grows` */
}

unsigned hashed(const char *text) {
    unsigned n = (unsigned)atoi(text);
    return n * 31u;   /* unsigned: wraps by definition */
}

int replaced(const char *text) {
    int n = atoi(text);
    n = 10;
    return n * 2;
}

/* Across calls: a function that grows its parameter on every path before bounding it. */

static int grow(int v) {
    return v * 2;
}

static int grow_checked(int v) {
    if (v > INT_MAX / 2)
        return INT_MAX;
    return v * 2;
}

int handed_on(const char *text) {
    int n = atoi(text);
    return grow(n); // expect: ATH-overflow-input
}

int handed_to_a_checker(const char *text) {
    int n = atoi(text);
    return grow_checked(n);
}
