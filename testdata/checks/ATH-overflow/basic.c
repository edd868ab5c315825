// Integer arithmetic whose result is outside its type on every path: the operands' values
// come from constants assigned on the way, constant globals and constant results. The
// negatives are the guards and idioms real code uses.
#include <limits.h>
#include <stdint.h>
#include <stddef.h>

static const int max_slots = INT_MAX;

static int largest(void) {
    return INT_MAX;
}

int add_past_max(void) {
    int data = INT_MAX;
    int result = data + 1; // expect: ATH-overflow
    return result;
}

long long square_past_max(void) {
    long long data = LLONG_MAX;
    return data * data; // expect: ATH-overflow
}

int below_min(void) {
    int data = INT_MIN;
    data--; // expect: ATH-overflow
    return data;
}

int negate_min(void) {
    int data = INT_MIN;
    return -data; // expect: ATH-overflow
}

char char_increment(void) {
    char c = CHAR_MAX;
    c++; // expect: ATH-overflow
    return c;
}

short short_product(void) {
    short s = SHRT_MAX;
    if (s > 0) {
        short doubled = s * 2; // expect: ATH-overflow
        return doubled;
    }
    return 0;
}

unsigned unsigned_wrap(void) {
    unsigned u = UINT_MAX;
    u *= 2;   /* unsigned arithmetic wraps by definition */
    return u;
}

unsigned count_down(void) {
    unsigned n = 347;
    do {
        n -= 1;
    } while (--n > 1);   /* `--n` is `n + -1` in the unsigned type */
    return n;
}

unsigned char byte_wrap(void) {
    unsigned char c = UCHAR_MAX;
    c++;   /* wraps by definition */
    return c;
}

int from_constant_global(void) {
    return max_slots + 1; // expect: ATH-overflow
}

int from_constant_result(void) {
    int n = largest();
    return n * 2; // expect: ATH-overflow
}

int shifted_into_sign(void) {
    int bits = 31;
    int big = 4;
    return big << bits; // expect: ATH-overflow
}

/* Negatives. */

int guarded_increment(int data) {
    if (data < INT_MAX)
        return data + 1;
    return data;
}

int guard_after_constant(void) {
    int data = INT_MAX;
    if (data < INT_MAX)
        data++;
    return data;
}

int some_paths_only(int flag) {
    int data = 2;
    if (flag)
        data = INT_MAX;
    return data + 1; // expect: ATH-overflow-assign
}

int small_values(void) {
    int data = 2;
    return data * data;
}

unsigned char explicit_truncation(unsigned char c) {
    unsigned char max = UCHAR_MAX;
    return (unsigned char)(max + 1);   /* the conversion asks for the wrap */
}

unsigned negate_unsigned(unsigned x) {
    unsigned mask = 8;
    return x & -mask;   /* modular idiom */
}

int written_out_constants(void) {
    return INT_MAX / 2 + 1;   /* constants alone: the compiler's */
}

size_t counted_down(size_t n) {
    size_t total = 0;
    while (n-- > 0)
        total += 1;
    return total;
}

int loop_accumulates(const int *v, int n) {
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += v[i];
    return sum;
}

uint32_t hash(const unsigned char *s) {
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ *s++) * 16777619u;
    return h;
}
