/* Code behind branches that the values of their variables rule out. */
int source(void);
void touch(int *p);

int flag_off_bad(void) {
    int flag = 0;
    int a = source();
    if (flag) // expect: RED-cond-never
        a++; // expect: RED-dead
    return a;
}

int loop_never_entered_bad(void) {
    int a = 0;
    for (int i = 0; i > 1; i++) { // expect: RED-cond-never
        a++; // expect: RED-dead
    }
    return a;
}

static int disabled(void) {
    return 0;
}

int constant_function_bad(void) {
    int a = source();
    while (disabled()) { // expect: RED-cond-never
        a--; // expect: RED-dead
    }
    return a;
}

/* Negatives. */

int flag_set_through_pointer_ok(void) {
    int flag = 0;
    int a = 0;
    touch(&flag);
    if (flag)
        a++;
    return a;
}

int flag_set_in_loop_ok(int n) {
    int seen = 0;
    int a = 0;
    for (int i = 0; i < n; i++) {
        if (seen)
            a++;
        seen = 1;
    }
    return a;
}

int literal_disabled_ok(int a) {
    if (0) {
        a++;
    }
    return a;
}

#define FEATURE 0
int feature_off_ok(int a) {
    int on = FEATURE;
    if (on)
        a++;
    return a;
}
