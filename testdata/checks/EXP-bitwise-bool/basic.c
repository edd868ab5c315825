// `&`/`|` between truth values evaluates the right operand even when the left one decides.
// That matters when the right operand depends on what the left one tests, or writes.
#include <stddef.h>

#define FLAG_READY 4

struct node {
    int len;
    struct node *next;
};

int guard_that_does_not_guard_bad(const struct node *p) {
    if (p != NULL & p->len > 0) // expect: EXP-bitwise-bool
        return 1;
    return 0;
}

int bound_that_does_not_bound_bad(const int *a, int i, int n) {
    while (i < n & a[i] != 0) // expect: EXP-bitwise-bool
        i++;
    return i;
}

int divisor_test_bad(int x, int d) {
    if (d == 0 | x / d > 10) // expect: EXP-bitwise-bool
        return 1;
    return 0;
}

int writes_on_the_right_bad(int a, int *count) {
    if (a > 0 | (*count)++ > 3) // expect: EXP-bitwise-bool
        return 1;
    return 0;
}

int not_bad(const int *p, int c) {
    if (c > 0 && (!p | !p[0])) // expect: EXP-bitwise-bool
        return 1;
    return 0;
}

int passed_to_a_call_bad(const char *s, int (*check)(const char *)) {
    if (s != NULL & check(s) == 0) // expect: EXP-bitwise-bool
        return 1;
    return 0;
}

/* Two independent comparisons: both operands are always safe to evaluate, the result is the
   same, and hot loops write them so on purpose to avoid a branch. */
int box_ok(int x, int y) {
    if (x >= 0 & y >= 0)
        return 1;
    return 0;
}

int window_ok(const char *ip, const char *anchor, const char *match, const char *low) {
    if (((ip > anchor) & (match > low)) && (ip[-1] == match[-1]))
        return 1;
    return 0;
}

unsigned read32(const unsigned char *p);

/* The read at `ip - offset` is valid for offset 0 too: the test only picks the result. */
int repeat_ok(const unsigned char *ip, unsigned offset) {
    if ((offset > 0) & (read32(ip - offset) == read32(ip)))
        return 1;
    return 0;
}

struct window {
    const char *base;
    unsigned low, limit;
};

/* `w` is only read through on the left, not tested. */
int overlap_ok(const struct window *w, const char *ip, unsigned n) {
    if ((ip + n > w->base + w->low) & (ip < w->base + w->limit))
        return 1;
    return 0;
}

int loop_ok(unsigned index, unsigned lowest, int attempts) {
    while ((index >= lowest) & (attempts > 0)) {
        index--;
        attempts--;
    }
    return attempts;
}

/* Masks. */
int mask_ok(int flags) {
    if (flags & FLAG_READY)
        return 1;
    if ((flags & 3) != 0)
        return 2;
    return 0;
}

/* Accumulating truth values in a variable, on purpose. */
int all_equal_ok(const int *a, const int *b, int n) {
    int ok = 1;
    for (int i = 0; i < n; i++)
        ok &= (a[i] == b[i]);
    return ok;
}

/* A branch-free computation stored in a variable. */
int branch_free_ok(int a, int b, int c, int d) {
    int lt = (a < b) | (c < d);
    return lt;
}
