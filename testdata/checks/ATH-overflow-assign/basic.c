// Arithmetic that overflows on some path from an assignment of the largest value of the
// variable's type. Branches that rule the value out are refuted on the path; the negatives are
// the guards and widenings real code uses around its "unlimited" sentinels.
#include <limits.h>
#include <stdint.h>

int take_limit(int *out);

int sentinel_kept(int bounded, int n) {
    int limit = INT_MAX;
    if (bounded)
        limit = n;
    return limit + 1; // expect: ATH-overflow-assign
}

int doubled_when_positive(int use_max) {
    int data = 0;
    if (use_max)
        data = INT_MAX;
    if (data > 0) {
        int result = data * 2; // expect: ATH-overflow-assign
        return result;
    }
    return 0;
}

void incremented(int use_max, char *out) {
    char c = 'a';
    if (use_max)
        c = CHAR_MAX;
    c++; // expect: ATH-overflow-assign
    *out = c;
}

long long squared(int use_max) {
    long long v = 3;
    if (use_max)
        v = LLONG_MAX;
    return v * v; // expect: ATH-overflow-assign
}

unsigned wraps(int use_max) {
    unsigned u = 1;
    if (use_max)
        u = UINT_MAX;
    u += 1;   /* unsigned: wraps by definition */
    return u;
}

/* Negatives. */

int guarded_increment(int bounded, int n) {
    int limit = INT_MAX;
    if (bounded)
        limit = n;
    if (limit < INT_MAX)
        limit++;
    return limit;
}

int sentinel_tested(int bounded, int n) {
    int limit = INT_MAX;
    if (bounded)
        limit = n;
    if (limit == INT_MAX)
        return -1;
    return limit * 2;
}

int half_checked(int use_max) {
    int data = 0;
    if (use_max)
        data = INT_MAX;
    if (data > 0 && data < INT_MAX / 2)
        return data * 2;
    return 0;
}

int reassigned(void) {
    int limit = INT_MAX;
    limit = 10;
    return limit + 1;
}

int filled_in(void) {
    int limit = INT_MAX;
    take_limit(&limit);
    return limit + 1;
}

long long widened(void) {
    int limit = INT_MAX;
    return (long long)limit + 1;
}

int char_promoted(void) {
    char c = CHAR_MAX;
    return c + 1;   /* computed in int */
}

int decremented(void) {
    int limit = INT_MAX;
    return limit - 1;
}

/* Across calls. */

static int twice(int v) {
    return v * 2;
}

int sentinel_handed_on(int bounded, int n) {
    int limit = INT_MAX;
    if (bounded)
        limit = n;
    return twice(limit); // expect: ATH-overflow-assign
}
