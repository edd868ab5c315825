#include <stdio.h>
#include <stdlib.h>

static int twice(int v) {
    return 2 * v;
}

static void read_value(int *out) {
    *out = getchar();
}

/* Positives. */

int passed_to_helper_bad(void) {
    int x;
    return twice(x); // expect: SPC-uninit-var-all
}

int pointer_passed_on_bad(void) {
    int *p;
    read_value(p); // expect: SPC-uninit-var-all
    return 0;
}

static void die(void) {
    exit(1);
}

int after_exit_helper_bad(int c) {
    int x;
    if (c < 0)
        die();
    return x; // expect: SPC-uninit-var-all
}

/* Negatives. */

int filled_by_helper_ok(void) {
    int x;
    read_value(&x);
    return twice(x);
}

int filled_by_helper_in_loop_ok(int n) {
    int x;
    int sum = 0;
    for (int i = 0; i < n; i++) {
        read_value(&x);
        sum += x;
    }
    return sum;
}

int assigned_from_helper_ok(int v) {
    int x;
    x = twice(v);
    return x;
}
