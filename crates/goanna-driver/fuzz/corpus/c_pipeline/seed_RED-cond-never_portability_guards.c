#include <stdlib.h>
#define MAX_BITS 15
#define VERBOSE 0

extern void note(const char *);

/* Guards on the platform or the build configuration are constant on purpose. */
unsigned limit(unsigned more) {
    if (sizeof(int) <= 2) {
        if (more == 0)
            more = 1;
    }
    if (MAX_BITS > 15)
        more >>= 1;
    if (VERBOSE)
        note("limit");
    return more;
}

void *grab(unsigned n) {
    return sizeof(unsigned) > 2 ? malloc(n) : calloc(n, 1);
}

/* Arithmetic on plain constants written in the code is not configuration. */
int scaled(int x) {
    const int unused_scale = 0;
    (void)unused_scale;
    if (2 * 3 < 5) // expect: RED-cond-never
        return 0;
    return x * 6;
}
