void flush(void);
volatile int status_reg;

int sum_bad(int a, int b) {
    int s = 0;
    s + a + b; // expect: RED-no-effect
    return s;
}

void flush_bad(void) {
    flush; // expect: RED-no-effect
}

int deref_bad(int *p) {
    *p; // expect: RED-no-effect
    return 0;
}

int neg_bad(int x) {
    -x; // expect: RED-no-effect
    return x;
}

/* `(void) x;` is the idiom for "unused". */
int unused_ok(int x, int y) {
    (void) y;
    return x;
}

/* Reading a volatile object is an access of its own. */
void poll_ok(void) {
    status_reg;
}

#define UNUSED(x) (x)
/* A macro for "unused". */
int macro_ok(int x, int y) {
    UNUSED(y);
    return x;
}

/* Increments, assignments and calls have effects. */
int effects_ok(int *p, int x) {
    x++;
    *p++;
    p[0] = x;
    flush();
    return x;
}
