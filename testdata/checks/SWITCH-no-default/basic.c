enum color { RED, GREEN, BLUE };
#define DISPATCH(k, out) switch (k) { case 0: (out) = 1; break; }

int no_default_bad(int k) {
    int r = 0;
    switch (k) { // expect: SWITCH-no-default
    case 0:
        r = 1;
        break;
    case 1:
        r = 2;
        break;
    }
    return r;
}

int enum_no_default_bad(enum color c) {
    int r = 0;
    switch (c) { // expect: SWITCH-no-default
    case RED:
        r = 1;
        break;
    case GREEN:
        r = 2;
        break;
    case BLUE:
        r = 3;
        break;
    }
    return r;
}

int nested_inner_bad(int a, int b) {
    int r = 0;
    switch (a) {
    case 0:
        switch (b) { // expect: SWITCH-no-default
        case 1:
            r = 1;
            break;
        }
        break;
    default:
        r = -1;
        break;
    }
    return r;
}

int with_default_ok(int k) {
    switch (k) {
    case 0:
        return 1;
    default:
        return 0;
    }
}

int default_first_ok(int k) {
    int r;
    switch (k) {
    default:
        r = 0;
        break;
    case 1:
        r = 1;
        break;
    }
    return r;
}

int macro_switch_ok(int k) {
    int r = 0;
    DISPATCH(k, r);
    return r;
}
