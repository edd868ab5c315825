// args: -DNDEBUG
// Built with NDEBUG, the assertions are still analysed as enabled: the `default` below ends the
// program, and nothing falls into `case 1`.
#include <assert.h>

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

int plain_fall_bad(int k) {
    int r = 0;
    switch (k) {
    case 2:
        r = 2;
    case 1: // expect: SWITCH-fall-through
        r++;
        break;
    default:
        break;
    }
    return r;
}
