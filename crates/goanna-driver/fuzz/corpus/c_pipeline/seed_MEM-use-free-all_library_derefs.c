// Library functions that read or write through their pointer arguments use them.
#include <stdlib.h>
#include <string.h>

void copied_into_after_free_bad(char *dst, const char *src) {
    free(dst);
    strcpy(dst, src); // expect: MEM-use-free-all
}

void measured_after_free_bad(char *s) {
    free(s);
    (void)strlen(s); // expect: MEM-use-free-all
}

void fixed_size_copy_after_free_bad(char *dst) {
    free(dst);
    memcpy(dst, "abc", 4); // expect: MEM-use-free-all
}

/* A copy of unknown length may copy nothing: not known to touch the block. */
void sized_copy_after_free_ok(char *dst, size_t n) {
    free(dst);
    memcpy(dst, "abc", n);
}

void copied_before_free_ok(char *dst, const char *src) {
    strcpy(dst, src);
    free(dst);
}
