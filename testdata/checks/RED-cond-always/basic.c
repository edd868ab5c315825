enum mode { MODE_FAST = 1, MODE_SAFE = 2 };
static const int levels = 4;
#define CHECKED(x) ((x) > 0 ? (x) : 0)

/* A guard on the size of a type is a portability guard: constant on one platform only. */
int sizeof_cond_ok(long v) {
    if (sizeof(long) >= 4)
        return (int)(v & 0xffff);
    return 0;
}

int enum_cond_bad(int x) {
    if (MODE_FAST != MODE_SAFE) // expect: RED-cond-always
        x++;
    return x;
}

int const_global_bad(int x) {
    while (levels > 2) { // expect: RED-cond-always
        x--;
        if (x < 0)
            break;
    }
    return x;
}

int literal_loop_ok(int x) {
    while (1) {
        x--;
        if (x < 0)
            break;
    }
    for (;;) {
        if (++x > 10)
            break;
    }
    return x;
}

int macro_cond_ok(int x) {
    return CHECKED(3) + x;
}

int variable_cond_ok(int x, int y) {
    if (x > y)
        return x;
    return y;
}
