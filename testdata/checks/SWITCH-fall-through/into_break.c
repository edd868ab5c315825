/* Falling into a label whose only code is `break;` does what a `break` would. */

int set_debug_ok(int kind, int *debug) {
    switch (kind) {
    case 1:
        *debug = 0;
        break;
    case 2:
        *debug = 1;
    default:
        break;
    }
    return *debug;
}

int grouped_break_ok(int kind, int *err) {
    switch (kind) {
    case 17:
        *err = 0;
    case 13:
    case 2:
        break;
    default:
        *err = kind;
        break;
    }
    return *err;
}

int into_code_then_break_bad(int kind, int *w) {
    switch (kind) {
    case 1:
        *w = 10;
    case 2: // expect: SWITCH-fall-through
        *w += 1;
        break;
    default:
        break;
    }
    return *w;
}
