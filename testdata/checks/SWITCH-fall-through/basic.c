int missing_break_bad(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 1;
    case 2: // expect: SWITCH-fall-through
        r += 2;
        break;
    default:
        r = -1;
        break;
    }
    return r;
}

int into_default_bad(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 10;
        break;
    case 2:
        r = 20;
    default: // expect: SWITCH-fall-through
        r++;
    }
    return r;
}

int conditional_break_bad(int k, int f) {
    int r = 0;
    switch (k) {
    case 1:
        if (f)
            break;
        r = 5;
    case 3: // expect: SWITCH-fall-through
        r *= 2;
        break;
    default:
        break;
    }
    return r;
}

int grouped_labels_ok(int k) {
    switch (k) {
    case 1:
    case 2:
    case 3:
        return 1;
    default:
        return 0;
    }
}

int commented_ok(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 1;
        /* FALLTHROUGH */
    case 2:
        r += 2;
        // fall through
    default:
        r++;
        break;
    }
    return r;
}

int attribute_ok(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 1;
        __attribute__((fallthrough));
    case 2:
        r += 2;
        break;
    default:
        break;
    }
    return r;
}

int returns_and_gotos_ok(int k) {
    int r = 0;
    switch (k) {
    case 1:
        return 5;
    case 2:
        r = 3;
        goto done;
    case 3:
        for (;;) {
            if (++r > 3)
                break;
        }
        break;
    default:
        r = -1;
        break;
    }
done:
    return r;
}

/* An unrolled copy: every case falls into the next on purpose (Duff's device style). */
void copy_tail(char *d, const char *s, int n) {
    switch (n) { // expect: SWITCH-no-default
    case 4: *d++ = *s++;
    case 3: *d++ = *s++;
    case 2: *d++ = *s++;
    case 1: *d++ = *s++;
    case 0: break;
    }
}

/* Only one of several cases falls through: that one is reported. */
int classify(int c) {
    int r = 0;
    switch (c) { // expect: SWITCH-no-default
    case 1:
        r = 10;
        break;
    case 2:
        r = 20;
    case 3: // expect: SWITCH-fall-through
        r += 30;
        break;
    case 4:
        r = 40;
        break;
    }
    return r;
}
