// Library routines given more bytes than their buffer holds on every path.
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <alloca.h>
#include <stdio.h>

void copy_larger_source(void) {
    char buf[50];
    char src[100];
    memset(src, 'C', 99);
    src[99] = '\0';
    char *data = buf;
    memcpy(data, src, 100); // expect: MEM-copy-overrun
}

void literal_too_long(void) {
    char *data = alloca(10);
    strcpy(data, "0123456789"); // expect: MEM-copy-overrun
}

void wide_literal_too_long(void) {
    wchar_t name[10];
    wcscpy(name, L"0123456789"); // expect: MEM-copy-overrun
}

void fill_too_many(void) {
    int *v = malloc(10 * sizeof(int));
    if (v == NULL)
        return;
    memset(v, 0, 11 * sizeof(int)); // expect: MEM-copy-overrun
    free(v);
}

void wide_fill_counts_elements(void) {
    wchar_t w[8];
    wmemset(w, L'x', 9); // expect: MEM-copy-overrun
}

void read_line_into_small(FILE *f) {
    char line[16];
    if (fgets(line, 32, f) == NULL) // expect: MEM-copy-overrun
        return;
}

void literal_fits_ok(void) {
    char buf[11];
    strcpy(buf, "0123456789");
}

void sizeof_bounded_ok(FILE *f) {
    char line[16];
    char msg[32];
    if (fgets(line, sizeof line, f) == NULL)
        return;
    snprintf(msg, sizeof msg, "%s", line);
    memset(msg, 0, sizeof msg);
}

void wide_fill_ok(void) {
    wchar_t w[8];
    wmemset(w, L'x', 8);
}

/* A pointer the function receives: the caller's buffer, of unknown size. */
void into_parameter_ok(char *out) {
    memcpy(out, "0123456789abcdef", 17);
}

/* The block is as large as the size it is filled with. */
void block_sized_by_variable_ok(size_t n) {
    char *p = malloc(n);
    if (p == NULL)
        return;
    memset(p, 0, n);
    free(p);
}
