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

/* The callee reads what its parameter points to before writing it: reported where the callee
   reads, with the path through the call that passes storage without a value. */

static int bump(int *counter) {
    *counter += 1; // expect: SPC-uninit-var-all
    return *counter;
}

static int peek(const int *v) {
    return v[0] + v[1]; // expect: SPC-uninit-arr-all
}

static int peek_if(const int *v, int c) {
    if (c)
        return v[1]; // expect: SPC-uninit-arr-all
    return 0;
}

static void reset(int *v) {
    *v = 0;
}

static int second(const int *v) {
    return v[1]; // expect: SPC-uninit-arr-all
}

int callee_reads_pointee_bad(void) {
    int n;
    return bump(&n);
}

int callee_reads_array_bad(void) {
    int pair[2];
    return peek(pair);
}

/* Every path that reaches the callee's read passes no value: reported, like a read under a
   condition in the function itself. */
int callee_reads_on_some_path_bad(int c) {
    int pair[2];
    return peek_if(pair, c);
}

int callee_writes_first_ok(void) {
    int n;
    reset(&n);
    return bump(&n);
}

int array_written_before_callee_ok(void) {
    int pair[2] = {1, 2};
    return peek(pair) + peek_if(pair, 1);
}

int element_written_before_callee_ok(void) {
    int pair[2];
    pair[1] = 5;
    return second(pair);
}

int other_element_written_bad(void) {
    int trio[3];
    trio[0] = 5;
    trio[2] = 5;
    return second(trio);
}

/* The callee reads through a copy of its parameter. */

static char first_char(void *arg) {
    char **text = (char **)arg;
    char *s = *text; // expect: SPC-uninit-var-all
    return s ? s[0] : '\0';
}

int read_through_copy_bad(void) {
    char *name;
    return first_char(&name);
}

int read_through_copy_ok(void) {
    char *name = "x";
    return first_char(&name);
}
