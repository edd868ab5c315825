// A buffer on the stack, replaced by a heap block when it is too small, freed only when it is
// not the stack buffer (`if (buf != stackbuf) free(buf);`): the comparison with the array's
// address says which one `buf` holds.
#include <stdlib.h>

int use(char *b, int n);

int run_ok(int n) {
    char stackbuf[64];
    char *buf = stackbuf;
    if (n > 64) {
        buf = malloc(n);
        if (!buf)
            return -1;
    }
    int r = use(buf, n);
    if (buf != stackbuf)
        free(buf);
    return r;
}

int run_inverted(int n) {
    char stackbuf[64];
    char *buf = stackbuf;
    if (n > 64) {
        buf = malloc(n);
        if (!buf)
            return -1;
    }
    int r = use(buf, n);
    if (buf == stackbuf)
        free(buf); // expect: MEM-free-no-alloc
    return r;
}
