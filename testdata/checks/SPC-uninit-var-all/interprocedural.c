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

/* The callee reads what its parameter points to before writing it. */

static int bump(int *counter) {
    *counter += 1;
    return *counter;
}

static int peek(const int *v) {
    return v[0] + v[1];
}

static int peek_if(const int *v, int c) {
    if (c)
        return v[0];
    return 0;
}

static void reset(int *v) {
    *v = 0;
}

int callee_reads_pointee_bad(void) {
    int n;
    return bump(&n); // expect: SPC-uninit-var-all
}

int callee_reads_array_bad(void) {
    int pair[2];
    return peek(pair); // expect: SPC-uninit-arr-all
}

int callee_writes_first_ok(void) {
    int n;
    reset(&n);
    return bump(&n);
}

int callee_reads_on_some_path_ok(int c) {
    int pair[2];
    return peek_if(pair, c); /* the callee reads only when `c` is set: not certain */
}

int array_written_before_callee_ok(void) {
    int pair[2] = {1, 2};
    return peek(pair);
}
