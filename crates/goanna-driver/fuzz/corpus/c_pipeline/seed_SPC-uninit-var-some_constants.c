/* Loops with constant bounds run at least once; flags with known values decide branches. */
int last_index_ok(void) {
    int x;
    for (int i = 0; i < 4; i++)
        x = i;
    return x;
}

int mode_flag_ok(int a) {
    int mode = 1;
    int y;
    if (mode == 1) // expect: RED-cond-always
        y = a;
    return y;
}

int bound_from_parameter_bad(int n) {
    int x;
    for (int i = 0; i < n; i++)
        x = i;
    return x; // expect: SPC-uninit-var-some
}

int flag_changed_bad(int a, int c) {
    int mode = 1;
    int y;
    if (c)
        mode = 2;
    if (mode == 1)
        y = a;
    return y; // expect: SPC-uninit-var-some
}
