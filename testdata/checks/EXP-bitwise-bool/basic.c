#define FLAG_READY 4

int box_bad(int x, int y) {
    if (x >= 0 & y >= 0) // expect: EXP-bitwise-bool
        return 1;
    return 0;
}

int either_bad(const char *p, int n) {
    while (p != 0 | n > 0) { // expect: EXP-bitwise-bool
        n--;
        if (n < -3)
            break;
    }
    return n;
}

int not_bad(int a, int b, int c) {
    if (c > 0 && (!a | !b)) // expect: EXP-bitwise-bool
        return 1;
    return 0;
}

/* Masks. */
int mask_ok(int flags) {
    if (flags & FLAG_READY)
        return 1;
    if ((flags & 3) != 0)
        return 2;
    return 0;
}

/* Accumulating truth values in a variable, on purpose. */
int all_equal_ok(const int *a, const int *b, int n) {
    int ok = 1;
    for (int i = 0; i < n; i++)
        ok &= (a[i] == b[i]);
    return ok;
}

/* A branch-free computation stored in a variable. */
int branch_free_ok(int a, int b, int c, int d) {
    int lt = (a < b) | (c < d);
    return lt;
}
