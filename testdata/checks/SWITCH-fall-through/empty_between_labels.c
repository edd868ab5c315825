// Only code with an effect between two case labels falls through: an empty statement, a goto
// label, or a macro call that expands to nothing or to `((void)0)` does not.
#define COVERAGE(point)
#define TRACE(point) ((void)0)
#define COUNT(n) ((n)++)

int empty_macro(int k) {
    int r = 0;
    switch (k) {
    case 1:
        COVERAGE(1);
    case 2:
        r = 2;
        break;
    default:
        break;
    }
    return r;
}

int void_macro(int k) {
    int r = 0;
    switch (k) {
    case 1:
        TRACE(1);
    case 2:
        r = 2;
        break;
    default:
        break;
    }
    return r;
}

int empty_statement(int k) {
    int r = 0;
    switch (k) {
    case 1:
        ;
    case 2:
        r = 2;
        break;
    default:
        break;
    }
    return r;
}

int goto_label(int k) {
    int r = 0;
    switch (k) {
    case 1:
    retry:
    case 2:
        r++;
        if (r < 3)
            goto retry;
        break;
    default:
        break;
    }
    return r;
}

int label_before_next(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 1;
        break;
    again:
    case 2:
        r += 2;
        if (r < 10)
            goto again;
        break;
    default:
        break;
    }
    return r;
}

/* Bad twins: a macro with an effect, and code before an empty statement. */
int counting_macro_bad(int k) {
    int r = 0;
    switch (k) {
    case 1:
        COUNT(r);
    case 2: // expect: SWITCH-fall-through
        r = 2;
        break;
    default:
        break;
    }
    return r;
}

int code_then_empty_bad(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 5;
        COVERAGE(1);
    case 2: // expect: SWITCH-fall-through
        r += 2;
        break;
    default:
        break;
    }
    return r;
}

int barrier_bad(int k) {
    int r = 0;
    switch (k) {
    case 1:
        __asm__ volatile("" ::: "memory");
    case 2: // expect: SWITCH-fall-through
        r = 2;
        break;
    default:
        break;
    }
    return r;
}

int code_then_label_bad(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 5;
    skip:
    case 2: // expect: SWITCH-fall-through
        r += 2;
        if (r < 4)
            goto skip;
        break;
    default:
        break;
    }
    return r;
}

/* Fall-through annotations are honoured. */
int annotated(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 1;
        /* FALLTHROUGH */
    case 2:
        r += 2;
        __attribute__((fallthrough));
    case 3:
        r += 3;
        // fall through
    case 4:
        r += 4;
        break;
    default:
        break;
    }
    return r;
}
