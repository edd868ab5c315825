// A block freed through two copies.
#include <stdlib.h>

static void release(char *s) {
    free(s);
}

void freed_through_both_copies_bad(char *p) {
    char *q = p;
    free(q);
    free(p); // expect: MEM-double-free
}

void freed_by_callee_and_copy_bad(char *p) {
    char *q = p;
    release(p);
    free(q); // expect: MEM-double-free
}

void original_cleared_after_free_ok(char *p) {
    char *q = p;
    free(q);
    p = NULL;
    free(p);
}

void copy_and_original_hold_different_blocks_ok(char *p) {
    char *q = p;
    p = malloc(4);
    free(q);
    free(p);
}
