// A `default` (or case) that ends in a call that never returns does not fall into the next
// label: `assert(0)` (assertions are analysed as enabled), `abort()`,
// `__builtin_unreachable()`, the project's own `_Noreturn` / `noreturn` panic function, and the
// `assert(0 && "message")` / `assert(!"message")` idioms.
#include <assert.h>
#include <stdlib.h>

_Noreturn void panic(const char *why);
__attribute__((noreturn)) void fatal(const char *why);
void log_error(const char *why);

int assert_zero(int k) {
    int r = 0;
    switch (k) {
    default:
        assert(0);
    case 1:
        r = 1;
        break;
    }
    return r;
}

int assert_message(int k) {
    int r = 0;
    switch (k) {
    default:
        assert(0 && "unexpected kind");
    case 1:
        r = 1;
        break;
    }
    return r;
}

int assert_not_string(int k) {
    int r = 0;
    switch (k) {
    case 2:
        assert(!"kind 2 is handled by the caller");
    case 1:
        r = 1;
        break;
    default:
        break;
    }
    return r;
}

int aborts(int k) {
    int r = 0;
    switch (k) {
    default:
        abort();
    case 1:
        r = 1;
        break;
    }
    return r;
}

int unreachable(int k) {
    int r = 0;
    switch (k) {
    default:
        __builtin_unreachable();
    case 1:
        r = 1;
        break;
    }
    return r;
}

int own_panic(int k) {
    int r = 0;
    switch (k) {
    default:
        panic("bad kind");
    case 1:
        r = 1;
        break;
    case 2:
        fatal("bad kind");
    case 3:
        r = 3;
        break;
    }
    return r;
}

/* Bad twin: logging is not an end of the path. */
int logs_and_falls_bad(int k) {
    int r = 0;
    switch (k) {
    default:
        log_error("bad kind");
    case 1: // expect: SWITCH-fall-through
        r = 1;
        break;
    }
    return r;
}

/* Bad twin: an assertion that can hold lets control go on into the next case. */
int assert_can_hold_bad(int k, int strict) {
    int r = 0;
    switch (k) {
    case 2:
        assert(strict || "lenient callers may pass 2");
        r = 2;
    case 1: // expect: SWITCH-fall-through
        r += 1;
        break;
    default:
        break;
    }
    return r;
}
