// NDEBUG defined in the source compiles `assert` out: `assert(0);` is then an empty statement,
// which has no effect and so does not fall through either.
#define NDEBUG
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
