/* An operand of a && / || chain that another operand of the chain decides. */
int source(void);

int weaker_lower_bound_bad(void) {
    int a = source();
    if (5 < a && 10 < a) // expect: RED-cond-redundant
        return a;
    return 0;
}

int disjunction_bad(void) {
    int a = source();
    if (a < 5 || a < 10) // expect: RED-cond-redundant
        return a;
    return 0;
}

int nested_chain_bad(void) {
    int a = source();
    /* 0 < a is implied by 2 < a; a < 10 by a < 8. */
    if ((0 < a && a < 10) && (2 < a && a < 8)) // expect: RED-cond-redundant, RED-cond-redundant
        return a;
    return 0;
}

int loop_condition_bad(int a) {
    int n = 0;
    while (a > 3 && a > 9) { // expect: RED-cond-redundant
        a--;
        n++;
    }
    return n;
}

/* Negatives. */

int band_ok(void) {
    int a = source();
    if (a > 2 && a < 8)
        return a;
    return 0;
}

int different_variables_ok(int a, int b) {
    if (a > 5 && b > 10)
        return 1;
    return 0;
}

int side_effect_ok(int a) {
    if (a++ > 5 && a > 10)
        return a;
    return 0;
}

#define ABOVE(v, k) ((v) > (k))
int macro_operands_ok(int a) {
    if (ABOVE(a, 5) && ABOVE(a, 10))
        return a;
    return 0;
}

#define LOW 4
#define HIGH 9
int configured_bounds_ok(int a) {
    if (a > LOW && a > HIGH)
        return a;
    return 0;
}

int unsigned_negative_ok(unsigned u) {
    if (u > 3 && u != 7)
        return 1;
    return 0;
}
