// A `for` loop written in a macro whose header has no initialisation (libdeflate's
// ADLER32_CHUNK: `for (; n; n--, p++)`), its condition and increment the macro's arguments:
// the condition still ends the loop. A loop in a macro without any condition never does.
#include <stddef.h>

#define SUM(s, p, n) for (; n; n--, p++) s += *p
#define COUNT_DOWN(s, n) for (; n; n--) s += n
#define FOREVER(s) for (;;) s++

unsigned sum(const unsigned char *p, size_t len) {
    unsigned s = 0;
    while (len) {
        size_t n = len <= 5552 ? len : 5552;
        len -= n;
        SUM(s, p, n);
    }
    return s;
}

unsigned count_down(unsigned n) {
    unsigned s = 0;
    COUNT_DOWN(s, n);
    return s;
}

void spin(unsigned s) {
    FOREVER(s); // expect: SPC-loop-inf
}
