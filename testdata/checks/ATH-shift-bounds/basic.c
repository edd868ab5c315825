// Shifts by an amount that is negative or not below the width of the promoted left operand
// on every path; the negatives guard the amount or shift within the width.
#include <stdint.h>

unsigned full_width(void) {
    int bits = 32;
    return 1u << bits; // expect: ATH-shift-bounds
}

int negative_amount(int x) {
    int k = -1;
    return x >> k; // expect: ATH-shift-bounds
}

uint64_t wide_enough(void) {
    int bits = 40;
    return (uint64_t)1 << bits;
}

unsigned char promoted(unsigned char c) {
    int bits = 8;
    return (unsigned char)(c << bits);   /* `c` is promoted to int: 8 is inside its width */
}

unsigned char_operand_too_far(unsigned char c) {
    int bits = 33;
    return c >> bits; // expect: ATH-shift-bounds
}

unsigned guarded(int bits) {
    if (bits < 0 || bits >= 32)
        return 0;
    return 1u << bits;
}

unsigned compound(unsigned x) {
    int k = 32;
    x <<= k; // expect: ATH-shift-bounds
    return x;
}

unsigned written_out(void) {
    return 1u << 31;
}
