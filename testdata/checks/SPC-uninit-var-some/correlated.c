/* Branches that test the same thing agree: the same pure call with the same arguments, or the
   same variable against bounds (design note 10). */

static int level(int v) {
    int r;
    if (v == 0)
        r = 0;
    else
        r = v + 1;
    return r;
}

static int calls;

static int counted(int v) {
    calls++;
    return v + calls;
}

/* Negatives. */

int same_call_twice_ok(int v) {
    int x;
    if (level(v) > 0)
        x = 1;
    if (level(v) > 0)
        return x;
    return 0;
}

int same_bound_twice_ok(int n) {
    int x;
    if (n > 5)
        x = n;
    if (n >= 6)
        return x;
    return 0;
}

int nested_bounds_ok(int n) {
    int x;
    if (n < 10)
        x = 1;
    if (n < 3)
        return x;
    return 0;
}

/* Positives. */

int different_tests_bad(int v) {
    int x;
    if (level(v) == 0)
        x = 1;
    if (level(v) > 0)
        return x; // expect: SPC-uninit-var-some
    return 0;
}

int argument_changed_bad(int v) {
    int x;
    if (level(v) > 0)
        x = 1;
    v = -v;
    if (level(v) > 0)
        return x; // expect: SPC-uninit-var-some
    return 0;
}

int impure_callee_bad(int v) {
    int x;
    if (counted(v) > 0)
        x = 1;
    if (counted(v) > 0)
        return x; // expect: SPC-uninit-var-some
    return 0;
}

int wider_bound_bad(int n) {
    int x;
    if (n < 3)
        x = 1;
    if (n < 10)
        return x; // expect: SPC-uninit-var-some
    return 0;
}
