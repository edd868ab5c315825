// Constants compare in their common type: `SIZE_MAX > 9007199254740992` holds (SIZE_MAX is
// unsigned), so janet's size check can succeed and the code after a call that panics unless
// it does is reachable. A comparison an unsigned type makes false is still never true.
#include <stddef.h>
#include <stdint.h>

void panic(void) __attribute__((noreturn));
void *wrap(size_t);
void *nil(void);

int checksize(double dval) {
    if (dval != (double)((size_t)dval))
        return 0;
    if (SIZE_MAX > 9007199254740992) {
        return dval <= 9007199254740992;
    } else {
        return dval <= SIZE_MAX;
    }
}

size_t getsize(double d) {
    if (!checksize(d))
        panic();
    return (size_t)d;
}

void *f(double d) {
    size_t s = getsize(d);
    if (s == 0)
        return nil();
    return wrap(s);
}

int wraps(void) {
    if ((unsigned)-1 < 5u) // expect: RED-cond-never
        return 1;
    return 0;
}
