// args: -DNDEBUG
// `assert(d != 0)` / `assert(d > 0)` state that the divisor is not zero after them.
#include <assert.h>

int next_divisor(void);

int asserted_nonzero(int x, int c) {
    int d = 0;
    if (c)
        d = next_divisor();
    assert(d != 0);
    return x / d;
}

int asserted_positive(int x, int c) {
    int d = 0;
    if (c)
        d = next_divisor();
    assert(d > 0 && "divisor must be positive");
    return x / d;
}

/* Bad twin: the assertion is about something else. */
int asserted_other_bad(int x, int c) {
    int d = 0;
    if (c)
        d = next_divisor();
    assert(x != 0);
    return x / d; // expect: ATH-div-0-assign
}
