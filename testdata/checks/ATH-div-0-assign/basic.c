#include <stdio.h>

int div_after_init_bad(int total, int n) {
    int parts = 0;
    if (n > 4)
        parts = n;
    return total / parts; // expect: ATH-div-0-assign
}

int rem_after_assign_bad(int total, int flag) {
    int m;
    m = 0;
    if (flag)
        m = 7;
    return total % m; // expect: ATH-div-0-assign
}

int compound_div_bad(int total) {
    int d = 0;
    if (total > 1000)
        d = total / 1000;
    total /= d; // expect: ATH-div-0-assign
    return total;
}

static int g_scale;

static void set_scale(int s) {
    g_scale = s;
}

int global_reset_bad(int x) {
    g_scale = 0;
    return x / g_scale; // expect: ATH-div-0
}

int global_reset_some_paths_bad(int x) {
    g_scale = 0;
    if (x > 100)
        set_scale(x);
    return x / g_scale; // expect: ATH-div-0-assign
}

int global_set_in_callee_ok(int x) {
    g_scale = 0;
    set_scale(3);
    return x / g_scale;
}

int tested_nonzero_ok(int total, int n) {
    int parts = 0;
    if (n > 4)
        parts = n;
    if (parts != 0)
        return total / parts;
    return 0;
}

int tested_truthy_ok(int total, int n) {
    int parts = 0;
    if (n)
        parts = n;
    if (!parts)
        return 0;
    return total / parts;
}

int tested_positive_ok(int total, int n) {
    int parts = 0;
    if (n > 4)
        parts = n;
    if (parts > 0)
        return total / parts;
    return -1;
}

int reassigned_ok(int total, int n) {
    int parts = 0;
    parts = n + 1;
    if (n < 0)
        return 0;
    return total / parts;
}

int filled_by_callee_ok(int total) {
    int d = 0;
    if (scanf("%d", &d) != 1 || d == 0)
        return 0;
    return total / d;
}
