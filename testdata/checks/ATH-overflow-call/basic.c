// Calls that pass values for which the callee's arithmetic overflows: the callee is analysed
// again with its parameters starting as the values passed, down chains of calls. The
// negatives pass safe values, or call functions that guard the arithmetic.
#include <limits.h>

static int twice(int n) {
    return n * 2;
}

static int twice_checked(int n) {
    if (n > INT_MAX / 2)
        return INT_MAX;
    return n * 2;
}

static void bump(char c) {
    c++;
    char r = c;
    (void)r;
}

static void relay(char c) {
    bump(c);
}

static void relay_twice(char c) {
    relay(c);
}

static int positive_only(int n) {
    if (n > 0)
        return n + 1;
    return 0;
}

int constant_argument(void) {
    return twice(INT_MAX); // expect: ATH-overflow-call
}

int variable_argument(void) {
    int limit = INT_MAX;
    return twice(limit); // expect: ATH-overflow-call
}

void down_a_chain(void) {
    char c = CHAR_MAX;
    relay_twice(c); // expect: ATH-overflow-call
}

int through_a_condition(void) {
    return positive_only(INT_MAX); // expect: ATH-overflow-call
}

/* Negatives. */

int safe_value(void) {
    return twice(1000);
}

int guarded_callee(void) {
    return twice_checked(INT_MAX);
}

int branch_not_taken(void) {
    return positive_only(INT_MIN);
}

int unknown_value(int n) {
    return twice(n);
}

void safe_chain(void) {
    relay_twice(5);
}
