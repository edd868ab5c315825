// Library routines whose size can exceed their buffer for values the program sets.
#include <string.h>

void branch_chooses_size(const char *src, int wide) {
    char buf[16];
    int n = 8;
    if (wide)
        n = 32;
    memcpy(buf, src, n); // expect: MEM-copy-overrun-pos
}

void checked_against_wrong_limit(const char *src, size_t n) {
    char buf[16];
    if (n > 32)
        return;
    memcpy(buf, src, n); // expect: MEM-copy-overrun-pos
}

void checked_against_right_limit_ok(const char *src, size_t n) {
    char buf[16];
    if (n > sizeof buf)
        return;
    memcpy(buf, src, n);
}

/* A size the function never bounds: the caller's business. */
void unbounded_size_ok(const char *src, size_t n) {
    char buf[16];
    memcpy(buf, src, n);
}

void both_sizes_fit_ok(const char *src, int wide) {
    char buf[32];
    int n = 8;
    if (wide)
        n = 32;
    memcpy(buf, src, n);
}
