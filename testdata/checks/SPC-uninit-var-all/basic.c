#include <stdio.h>
#include <string.h>

int never_assigned_bad(void) {
    int x;
    return x; // expect: SPC-uninit-var-all
}

int assigned_on_no_path_bad(int c) {
    int x;
    if (c)
        puts("c");
    else
        puts("not c");
    return x + 1; // expect: SPC-uninit-var-all
}

double reported_once_bad(void) {
    double d;
    double e = d * 2; // expect: SPC-uninit-var-all
    return e + d;
}

int pointer_bad(void) {
    int *p;
    return *p; // expect: SPC-uninit-var-all
}

int declared_in_loop_bad(int n) {
    int total = 0;
    for (int i = 0; i < n; i++) {
        int step;
        total += step; // expect: SPC-uninit-var-all
    }
    return total;
}

int compound_assignment_reads_bad(void) {
    int x;
    x += 1; // expect: SPC-uninit-var-all
    return x;
}

int in_condition_bad(void) {
    int flag;
    if (flag) // expect: SPC-uninit-var-all
        return 1;
    return 0;
}

/* Negatives. */

int assigned_on_some_path_only_ok(int c) {
    int x;
    if (c)
        x = 1;
    return x; // expect: SPC-uninit-var-some
}

int assigned_in_both_branches_ok(int c) {
    int x;
    if (c)
        x = 1;
    else
        x = 2;
    return x;
}

int initialised_ok(void) {
    int x = 3;
    return x;
}

int address_taken_ok(void) {
    int x;
    if (sscanf("42", "%d", &x) != 1)
        return -1;
    return x;
}

int memset_through_pointer_ok(void) {
    int a;
    int *p = &a;
    memset(p, 0, sizeof a);
    return a;
}

int sizeof_is_not_a_read_ok(void) {
    long x;
    return (int)sizeof x;
}

int assigned_in_loop_ok(int n) {
    int last;
    int i = 0;
    do {
        last = i;
        i++;
    } while (i < n);
    return last;
}

int static_local_is_zero_ok(void) {
    static int count;
    return count++;
}

struct point { int x, y; };

int aggregate_not_tracked_ok(void) {
    struct point p;
    p.x = 1;
    p.y = 2;
    return p.x + p.y;
}

int arrays_not_tracked_ok(void) {
    int a[4];
    a[0] = 1;
    return a[0];
}

int assigned_via_goto_ok(int c) {
    int x;
    if (c)
        goto set;
    x = 2;
    goto done;
set:
    x = 1;
done:
    return x;
}

int short_circuit_definition_ok(int c) {
    int x;
    if (c && (x = 5) > 0) // expect: RED-cond-always
        return x;
    return 0;
}

#define TRACE 0

int debug_branch_is_not_a_path_ok(void) {
    int x;
    if (TRACE)
        return x; /* never runs: TRACE is the constant 0 (design note 10) */
    return 0;
}

static const int verbose = 0;

int const_global_branch_is_not_a_path_ok(int n) {
    int *p = 0;
    if (verbose) // expect: RED-cond-never
        return *p;
    return n;
}
