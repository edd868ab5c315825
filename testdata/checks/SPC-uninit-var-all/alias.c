#include <stdio.h>

/* Positives: a pointer to an uninitialised local, read through before anything is written. */

int read_through_pointer_bad(void) {
    long total;
    long *p;
    p = &total;
    return (int)*p; // expect: SPC-uninit-var-all
}

int read_through_double_pointer_bad(void) {
    int *target;
    int **pp;
    pp = &target;
    return **pp; // expect: SPC-uninit-var-all
}

void print_through_pointer_bad(void) {
    unsigned u;
    unsigned *q = &u;
    printf("%u\n", *q); // expect: SPC-uninit-var-all
}

/* Negatives. */

int written_through_pointer_ok(void) {
    int x;
    int *p = &x;
    *p = 4;
    return *p + x;
}

int written_directly_ok(void) {
    int x;
    int *p = &x;
    x = 2;
    return *p + x;
}

int pointer_handed_on_ok(void) {
    int x;
    int *p = &x;
    if (scanf("%d", p) != 1)
        return -1;
    return *p;
}

int pointer_redirected_ok(int y) {
    int x;
    int *p = &x;
    p = &y;
    return *p;
}

int aliased_on_one_path_ok(int c, int y) {
    int x;
    int *p = &y;
    if (c)
        p = &x;
    return *p; /* `p` may point to `y`: not certain */
}
