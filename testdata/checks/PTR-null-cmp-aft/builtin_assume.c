// `__builtin_assume(c)` (what assertion macros expand to in release builds of some projects)
// promises `c` as `if (!(c)) __builtin_unreachable();` does.
#include <stddef.h>

#define CHECK_ASSUME(c) __builtin_assume(c)

unsigned sum_ok(const unsigned char *ptr, size_t len) {
    unsigned h = 0;
    if (ptr == NULL)
        CHECK_ASSUME(len == 0);
    while (len >= 4) {
        h += ptr[0] + ptr[1] + ptr[2] + ptr[3];
        ptr += 4;
        len -= 4;
    }
    return h;
}

unsigned sum_unreachable_ok(const unsigned char *ptr, size_t len) {
    unsigned h = 0;
    if (ptr == NULL && len != 0)
        __builtin_unreachable();
    while (len >= 4) {
        h += ptr[0];
        ptr += 4;
        len -= 4;
    }
    return h;
}

unsigned sum_bad(const unsigned char *ptr, size_t len) {
    unsigned h = 0;
    if (ptr == NULL)
        h = 1;
    while (len >= 4) {
        h += ptr[0]; // expect: PTR-null-cmp-aft
        ptr += 4;
        len -= 4;
    }
    return h;
}
