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

int enum_missing_one_bad(enum color c) {
    int r = 0;
    switch (c) { // expect: SWITCH-no-default
    case RED:
        r = 1;
        break;
    case BLUE:
        r = 3;
        break;
    }
    return r;
}

/* Every enumerator is listed: the switch is complete, and the compiler's -Wswitch keeps
 * watching it when an enumerator is added; a default would silence that. */
int enum_complete_ok(enum color c) {
    int r = 0;
    switch (c) {
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

typedef enum { OP_ADD = 10, OP_SUB = 20, OP_NEG = 30 } opcode;
struct insn { opcode op; int a, b; };

int enum_member_complete_ok(const struct insn *i) {
    switch (i->op) {
    case OP_ADD: return i->a + i->b;
    case OP_SUB: return i->a - i->b;
    case OP_NEG: return -i->a;
    }
    return 0;
}

int enum_range_complete_ok(enum color c) {
    switch (c) {
    case RED ... GREEN: return 1;
    case BLUE: return 2;
    }
    return 0;
}

/* The enum is converted to int first: the switch is on an int, which has other values. */
int enum_cast_to_int_bad(enum color c) {
    switch ((int)c) { // expect: SWITCH-no-default
    case RED: return 1;
    case GREEN: return 2;
    case BLUE: return 3;
    }
    return 0;
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
