#include <stdlib.h>

/* Helpers of another unit: one frees what it is given, one frees it and hands it back, one
   reallocates its parameter and returns it without a check. */

void helper_release(char *p) {
    free(p);
}

char *helper_release_returning(char *p) {
    free(p);
    return p; // expect: MEM-use-free-all
}

char *helper_release_clearing(char *p) {
    free(p);
    return NULL;
}

char *helper_grow(char *p, size_t n) {
    p = realloc(p, n);
    return p;
}

void helper_release_held(char **pp) {
    char *held = *pp;
    free(held);
}
