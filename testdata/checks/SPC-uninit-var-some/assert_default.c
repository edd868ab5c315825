// args: -DNDEBUG
// A `default: assert(0);` declares the other values impossible: the path through it does not
// go on to the read, also in a unit built with NDEBUG (assertions are analysed as enabled).
#include <assert.h>
#include <stdlib.h>

void log_error(const char *what);

int pick(int k) {
    int r;
    switch (k) {
    case 1:
        r = 10;
        break;
    case 2:
        r = 20;
        break;
    default:
        assert(0 && "kind out of range");
    }
    return r;
}

int pick_abort(int k) {
    int r;
    switch (k) {
    case 1:
        r = 10;
        break;
    default:
        abort();
    }
    return r;
}

/* Bad twin: logging does not end the path. */
int pick_logged_bad(int k) {
    int r;
    switch (k) {
    case 1:
        r = 10;
        break;
    default:
        log_error("kind out of range");
    }
    return r; // expect: SPC-uninit-var-some
}
