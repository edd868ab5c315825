/* Loops whose exit condition the values of their variables never make true. */
int source(void);
void touch(int *p);

int counter_not_advanced_bad(void) {
    int a = 0;
    for (int i = 0; i < 10;) { // expect: RED-cond-always
        a++; // expect: SPC-loop-inf
    }
    return a;
}

int flag_never_cleared_bad(void) {
    int a = 0;
    int running = 1;
    while (running) { // expect: RED-cond-always
        a++; // expect: SPC-loop-inf
    }
    return a;
}

/* Negatives. */

int counter_advanced_ok(void) {
    int a = 0;
    for (int i = 0; i < 10; i++)
        a++;
    return a;
}

int flag_cleared_ok(void) {
    int a = 0;
    int running = 1;
    while (running) {
        a++;
        if (a > 5)
            running = 0;
    }
    return a;
}

int flag_through_pointer_ok(void) {
    int a = 0;
    int running = 1;
    while (running) {
        a++;
        touch(&running);
    }
    return a;
}

static int keep_going = 1;

static void stop(void) {
    keep_going = 0;
}

int global_cleared_in_callee_ok(void) {
    int a = 0;
    while (keep_going) {
        a++;
        if (a > 3)
            stop();
    }
    return a;
}
