/* From janet (janet-lang/janet @ 284990a0), src/core/corelib.c:558 (janet_core_gcsetinterval)
 * and src/core/ffi.c:1822 (cfun_ffi_malloc): RED-dead notes on the first statement after
 * `size_t s = janet_getsize(argv, 0);`.
 * Cause (model): janet_getsize() panics unless janet_checksize() (src/core/util.c:930) holds:
 *     if (dval != (double)((size_t) dval)) return 0;
 *     if (SIZE_MAX > JANET_INTMAX_INT64) return dval <= JANET_INTMAX_INT64; else return dval <= SIZE_MAX;
 * Every whole number in [0, 2^53] passes (0, 1, 2^50, ...), so janet_getsize returns and both
 * `size == 0` and `s >> 48` can be true.  The model concludes that the check never succeeds
 * (the double -> size_t -> double round trip together with the constant-folded SIZE_MAX branch
 * and a double compared with an integer constant), so that every caller's code after the call
 * is unreachable.  Without the SIZE_MAX branch, or without the round trip, nothing is reported.
 * Expected: no finding.  Reported with goanna-rs-s21c --enable style: RED-dead at line 32. */
#include <stddef.h>
#include <stdint.h>
void panic(void) __attribute__((noreturn));
void *wrap(size_t);
void *nil(void);
int checksize(double dval) {
    if (dval != (double)((size_t) dval)) return 0;
    if (SIZE_MAX > 9007199254740992) {
        return dval <= 9007199254740992;
    } else {
        return dval <= SIZE_MAX;
    }
}
size_t getsize(double d) {
    if (!checksize(d)) panic();
    return (size_t) d;
}
void *f(double d) {
    size_t s = getsize(d);
    if (s == 0) return nil();
    return wrap(s);
}
