int fail_bad(int err, int *state) {
    if (err) // expect: EXP-misleading-indent
        *state = 0;
        return -1;
    return 0;
}

int sum_bad(const int *v, int n) {
    int s = 0, c = 0;
    for (int i = 0; i < n; i++) // expect: EXP-misleading-indent
        s += v[i];
        c++;
    return s + c;
}

int else_bad(int x, int *sign) {
    if (x > 0)
        *sign = 1;
    else
        *sign = -1; // expect: EXP-misleading-indent
        x = -x;
    return x;
}

int loop_bad(int n) {
    int k = 0;
    while (n > 1) // expect: EXP-misleading-indent
        n /= 2;
        k++;
    return k;
}

/* Braces. */
int braced_ok(int err, int *state) {
    if (err) {
        *state = 0;
        return -1;
    }
    return 0;
}

/* The next statement goes back to the guard's column. */
int dedent_ok(int err, int *state) {
    if (err)
        *state = 0;
    return -1;
}

/* The body on the guard's line. */
int same_line_ok(int err, int *state) {
    if (err) *state = 0;
    *state += 1;
    return 0;
}

/* Code without indentation (generated). */
int flat_ok(int err, int *state) {
if (err)
*state = 0;
*state += 1;
return 0;
}

/* An `else if` chain. */
int chain_ok(int x) {
    if (x > 0)
        x = 1;
    else if (x < 0)
        x = -1;
    x *= 2;
    return x;
}

/* Tabs and spaces: the next line is in another visual column (libgit2). */
int mixed_ok(int e, int *out) {
	if (e < 0)
		return e;

	 e = *out;
	 return e;
}

/* A preprocessor directive interrupts the layout. */
int directive_ok(int a, int b) {
    if (a)
        b = 1;
#ifndef NO_EXTRA
        b += 2;
#endif
    return b;
}
