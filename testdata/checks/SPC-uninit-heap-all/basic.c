#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { int id; int size; char name[16]; };

/* Positives. */

int read_fresh_block_bad(size_t n) {
    int *v = malloc(n * sizeof *v);
    if (v == NULL)
        return -1;
    int first = v[0]; // expect: SPC-uninit-heap-all
    free(v);
    return first;
}

int read_member_bad(void) {
    struct rec *r = malloc(sizeof *r);
    if (!r)
        return 0;
    int s = r->size; // expect: SPC-uninit-heap-all
    r->id = 1;
    free(r);
    return s;
}

size_t string_length_bad(void) {
    char *s = malloc(32);
    size_t len;
    if (!s)
        return 0;
    len = strlen(s); // expect: SPC-uninit-heap-all
    free(s);
    return len;
}

int increment_bad(void) {
    int *counter = malloc(sizeof *counter);
    if (!counter)
        return 0;
    (*counter)++; // expect: SPC-uninit-heap-all
    int v = *counter;
    free(counter);
    return v;
}

/* Negatives. */

int calloc_ok(size_t n) {
    int *v = calloc(n, sizeof *v);
    if (!v)
        return -1;
    int first = v[0];
    free(v);
    return first;
}

int written_first_ok(void) {
    int *v = malloc(4 * sizeof *v);
    if (!v)
        return -1;
    v[0] = 3;
    int x = v[0];
    free(v);
    return x;
}

int filled_in_loop_ok(int n) {
    int *v = malloc(16 * sizeof *v);
    if (!v)
        return -1;
    for (int i = 0; i < 16; i++)
        v[i] = i;
    int x = v[n & 15];
    free(v);
    return x;
}

int memset_ok(void) {
    char *b = malloc(8);
    if (!b)
        return -1;
    memset(b, 0, 8);
    int c = b[3];
    free(b);
    return c;
}

int fgets_ok(FILE *in) {
    char *line = malloc(128);
    if (!line)
        return -1;
    if (fgets(line, 128, in) == NULL) {
        free(line);
        return -1;
    }
    int c = line[0];
    free(line);
    return c;
}

int copy_then_read_ok(const char *src) {
    char *d = malloc(64);
    if (!d)
        return -1;
    strcpy(d, src);
    int c = d[0];
    free(d);
    return c;
}

int written_through_alias_ok(void) {
    int *v = malloc(4 * sizeof *v);
    int *w;
    if (!v)
        return -1;
    w = v;
    *w = 9;
    int x = *v;
    free(v);
    return x;
}

void fill_unknown(char *p, size_t n);

int filled_by_unknown_function_ok(void) {
    char *b = malloc(10);
    if (!b)
        return -1;
    fill_unknown(b, 10);
    int c = b[0];
    free(b);
    return c;
}

int written_on_some_path_ok(int c) {
    int *v = malloc(sizeof *v);
    if (!v)
        return -1;
    if (c)
        *v = 1;
    int x = *v; /* only on some paths: not certain */
    free(v);
    return x;
}

/* Elements at constant indices. */

int other_element_bad(void) {
    long *v = malloc(4 * sizeof *v);
    if (!v)
        return -1;
    v[0] = 7;
    int x = (int)v[1]; // expect: SPC-uninit-heap-all
    free(v);
    return x;
}

int same_element_ok(void) {
    long *v = malloc(4 * sizeof *v);
    if (!v)
        return -1;
    v[1] = 7;
    int x = (int)v[1];
    free(v);
    return x;
}

int unknown_element_written_ok(int k) {
    long *v = malloc(4 * sizeof *v);
    if (!v)
        return -1;
    v[k & 3] = 7;
    int x = (int)v[1];
    free(v);
    return x;
}

/* Copies of the pointer. */

int read_through_copy_bad(void) {
    int *v = malloc(2 * sizeof *v);
    if (!v)
        return -1;
    int *w = v;
    int x = *w; // expect: SPC-uninit-heap-all
    free(v);
    return x;
}

int offset_copy_after_write_ok(void) {
    int *v = malloc(2 * sizeof *v);
    if (!v)
        return -1;
    v[1] = 4;
    int *w = v + 1;
    int x = *w;
    free(v);
    return x;
}
