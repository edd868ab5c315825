// `a = b = malloc(n)`: the two pointers hold the same block.
#include <stdlib.h>

void freed_once(size_t n) {
    char *a, *b;
    a = b = malloc(n); // expect: RED-unused-val
    free(a);
    b = NULL;
    free(b);
}

void freed_by_both_bad(size_t n) {
    char *a, *b;
    a = b = malloc(n);
    free(a);
    free(b); // expect: MEM-double-free
}
