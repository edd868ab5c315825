/* A hook kept in a function's own `static`, initialised with a handler that returns: its
 * initialiser is not in the graph, so its targets are not known and the call may return. */
#include <stdlib.h>

static void quit(void) {
    exit(1);
}

static void warn(void) {
}

void *alloc(unsigned n) {
    static void (*handler)(void) = warn;
    void *p = malloc(n);
    if (!p)
        handler();
    if (n == 7)
        handler = quit;
    return p;
}

int main(void) {
    char *s = alloc(3);
    s[0] = 0; // expect: PTR-null-fun-pos
    free(s);
    return 0;
}
