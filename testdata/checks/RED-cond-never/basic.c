enum { DEBUG_LEVEL = 0, MAX_ITEMS = 16 };
static const int tracing = 0;
#define ASSERT_POSITIVE(x) do { if ((x) <= 0) (x) = 1; } while (0)

int enum_never_bad(int x) {
    if (DEBUG_LEVEL > 1) // expect: RED-cond-never
        x = -x;
    return x;
}

/* A guard on the size of a type is a portability guard: constant on one platform only. */
int sizeof_never_ok(int x) {
    if (sizeof(char) > 1)
        return 0;
    return x;
}

int const_global_never_bad(int x) {
    if (tracing) // expect: RED-cond-never
        x += 100;
    return x;
}

int do_while_zero_ok(int x) {
    do {
        x++;
    } while (0);
    return x;
}

int macro_do_while_ok(int x) {
    ASSERT_POSITIVE(x);
    return x;
}

int literal_if_zero_ok(int x) {
    if (0)
        x = 2;
    return x;
}

int real_cond_ok(int x) {
    if (x > MAX_ITEMS)
        return MAX_ITEMS;
    return x;
}
