#include <stdlib.h>
#include <setjmp.h>
#include <stdio.h>

int after_return_bad(int a) {
    return a;
    a++; // expect: RED-dead
}

int after_exit_bad(int a) {
    if (a < 0) {
        exit(1);
        a = 0; // expect: RED-dead
    }
    return a;
}

void after_abort_in_switch_bad(int k) {
    switch (k) {
    case 1:
        abort();
        k = 2; // expect: RED-dead
        break;
    default:
        break;
    }
}

static jmp_buf env;

void after_longjmp_bad(void) {
    longjmp(env, 1);
    puts("unreachable"); // expect: RED-dead
}

_Noreturn void fatal(const char *msg);

int after_user_noreturn_bad(int *p) {
    if (!p)
        fatal("null");
    else
        return *p;
    *p = 0; // expect: RED-dead
    return 0;
}

int after_infinite_loop_bad(void) {
    int n = 0;
    for (;;) {
        n++;
        if (n > 10)
            break;
    }
    while (1) {
        n--; // expect: SPC-loop-inf
    }
    n = 0; // expect: RED-dead
    return n;
}

int return_of_variable_after_noreturn_ok(int kind) {
    switch (kind) {
    case 1:
        fatal("bad kind");
        return kind; /* to avoid warnings */
    default:
        return 0;
    }
}

int unreferenced_label_bad(int a) {
    goto out;
    a = 3; // expect: RED-dead
    a = 4;
out:
    return a;
}

int one_region_is_one_finding_bad(int a) {
    return a;
    if (a) // expect: RED-dead
        a = 1;
    else
        a = 2;
    return a;
}

/* Negatives. */

int goto_cleanup_ok(int a) {
    int r = 0;
    if (a < 0)
        goto fail;
    r = a * 2;
    return r;
fail:
    r = -1;
    return r;
}

int break_after_return_ok(int k) {
    switch (k) {
    case 0:
        return 1;
        break;
    default:
        return 2;
    }
}

int do_while_zero_macro_ok(int a) {
#define SWAP(x, y) do { int t_ = (x); (x) = (y); (y) = t_; } while (0)
    int b = 1;
    SWAP(a, b);
    return a + b;
}

#define CHECK(c) do { if (!(c)) { abort(); return -1; } } while (0)

int dead_code_inside_macro_is_not_reported_ok(int a) {
    CHECK(a > 0);
    return a;
}

int constant_conditions_are_not_dead_yet_ok(int a) {
    if (0)
        a = 1;
    return a;
}

int return_to_avoid_warnings_ok(int a) {
    if (a < 0)
        return -a;
    fatal("negative zero");
    return 0; /* to avoid warnings */
}

void void_return_after_noreturn_ok(void) {
    abort();
    return;
}

int do_while_zero_left_by_return_ok(int a) {
    do {
        if (a > 0)
            break;
        return -1;
    } while (0);
    return a;
}

int loop_with_exit_in_middle_ok(int a) {
    while (1) {
        if (a > 100)
            return a;
        a *= 2;
    }
}

/* Declarations between a switch and its first case generate no code (pcre2's printint). */
int declared_before_first_case_ok(int k) {
    int r = 0;
    switch (k) {
        unsigned int lo, hi;
    case 1:
        lo = 1;
        hi = 2;
        r = (int)(lo + hi);
        break;
    default:
        break;
    }
    return r;
}

int statement_before_first_case(int k) {
    int r = 0;
    switch (k) {
        r = 5; // expect: RED-dead
    case 1:
        r++;
        break;
    default:
        break;
    }
    return r;
}
