#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compute(int x) {
    return x * 3 + 1;
}

/* Positives. */

int overwritten_bad(int x) {
    int y;
    y = x * 2; // expect: RED-unused-val
    y = x * 3;
    return y;
}

int lost_result_bad(const char *s) {
    int len; // expect: RED-unused-var
    len = (int)strlen(s); // expect: RED-unused-val
    return 0;
}

int overwritten_on_every_path_bad(int x, int flag) {
    int r;
    r = compute(x); // expect: RED-unused-val
    if (flag)
        r = 1;
    else
        r = 2;
    return r;
}

int assigned_before_return_bad(int x) {
    int status;
    status = x > 0;
    if (status)
        return 1;
    status = -1; // expect: RED-unused-val
    return 0;
}

int parameter_overwritten_bad(int n) {
    n = 10; // expect: RED-unused-val
    n = 20;
    return n;
}

/* Negatives. */

int initialiser_ok(int x) {
    int y = 0;
    y = x;
    return y;
}

int read_on_some_path_ok(int x, int flag) {
    int r;
    r = compute(x);
    if (flag)
        r = 0;
    return r;
}

int read_in_next_iteration_ok(const int *v, int n) {
    int rises = 0;
    int prev;
    prev = v[0];
    for (int i = 1; i < n; i++) {
        if (v[i] > prev)
            rises++;
        prev = v[i];
    }
    return rises;
}

int address_taken_ok(void) {
    int n;
    n = 5;
    if (scanf("%d", &n) != 1)
        return -1;
    return n;
}

void consume(const int *v);

int address_passed_on_later_ok(void) {
    int n;
    n = 5;
    consume(&n);
    return 0;
}

int filled_at_assignment_ok(void) {
    int n;
    if (scanf("%d", &n) != 1)
        return -1;
    return 0;
}

struct item {
    int id;
};

void release(struct item *it) {
    free(it);
    it = NULL; /* defensive: CERT MEM01-C */
}

int cast_to_void_ok(int x) {
    int r;
    r = compute(x);
    (void)r;
    return x;
}

int accumulated_ok(const int *v, int n) {
    int sum;
    sum = 0;
    for (int i = 0; i < n; i++)
        sum += v[i];
    return sum;
}

/* Read when `c` is zero, unused when it is not: some path reads it. */
int read_on_path_of_earlier_test_ok(int c, int v) {
    int w;
    if (c)
        puts("c");
    w = v * 2;
    if (c)
        return 0;
    return w;
}

int read_in_loop_after_earlier_test_ok(const int *v, int n, int once) {
    int last = -1;
    int i = 0;
    int changes = 0;
    int x;
    if (once)
        n = n > 1 ? 1 : n;
    while (i < n) {
        x = v[i++];
        if (x != last) {
            changes++;
            last = x;
        }
        if (once)
            break;
    }
    return changes;
}

int read_after_goto_ok(int x) {
    int rc;
    rc = -1;
    if (x < 0)
        goto out;
    rc = compute(x);
out:
    return rc;
}

/* Invalidating two pointers at once is the defensive NULL idiom, not an unused value. */
struct seg { struct seg *prev, *next; };
extern void merge(struct seg *a, struct seg *b);
void merge_and_forget(struct seg *a, struct seg *b) {
    merge(a, b);
    a = b = NULL;
}

/* A chained assignment of another value is still an unused value. */
int chained_bad(int x) {
    int a, b;
    a = b = x * 2; // expect: RED-unused-val
    a = x + 1;
    return a + b;
}
