#include <stddef.h>

#define SLOTS 0
#define WIDTH 8
enum { NONE, ONE };

/* Positives. */

int literal_zero_bad(int total) {
    return total / 0; // expect: ATH-div-0
}

int remainder_by_zero_bad(unsigned hash) {
    return (int)(hash % 0u); // expect: ATH-div-0
}

int per_slot_macro_bad(int total) {
    return total / SLOTS; // expect: ATH-div-0
}

int compound_assignment_bad(int x) {
    x /= 0; // expect: ATH-div-0
    return x;
}

int constant_expression_bad(int x) {
    return x % (WIDTH - 8); // expect: ATH-div-0
}

int enumerator_bad(long x) {
    return (int)(x / NONE); // expect: ATH-div-0
}

int sizeof_expression_bad(int x) {
    return x / (int)(sizeof(char) - 1); // expect: ATH-div-0
}

/* Negatives. */

int nonzero_constant_ok(int total) {
    return total / WIDTH + total % ONE;
}

int variable_divisor_ok(int total, int n) {
    return n != 0 ? total / n : 0;
}

int zero_dividend_ok(int n) {
    return 0 / n;
}

size_t unevaluated_ok(int x) {
    return sizeof(x / 0);
}

int guarded_compound_ok(int x, int n) {
    if (n)
        x %= n;
    return x;
}

/* The division sits on a branch that the constant condition rules out. */
int guarded_by_constant_if_ok(int x) {
    if (SLOTS)
        return x / SLOTS;
    return x;
}

int guarded_by_constant_and_ok(int x) {
    return SLOTS != 0 && x / SLOTS > 1;
}

int guarded_by_constant_ternary_ok(unsigned hash) {
    return SLOTS ? (int)(hash % SLOTS) : 0;
}

int multiplied_by_zero_ok(int x) {
    return x * 0 + x / 1;
}
