/* Conditions that the values of their variables make impossible. */
int source(void);

int conflicting_operands_bad(void) {
    int a = source();
    if (a == 0 && a == 1) // expect: RED-cond-never
        return 1;
    return 0;
}

int conflicting_nest_bad(int a) {
    if (a < 5) {
        if (a > 10) // expect: RED-cond-never
            return 1;
    }
    return 0;
}

int counted_loop_bad(void) {
    int total = 0;
    for (int i = 0; i < 4; i++) {
        if (i == 7) // expect: RED-cond-never
            total = -1; // expect: RED-dead
        total += i;
    }
    return total;
}

/* The inner loop does not change the outer counter: it keeps its bound there. */
int nested_counter_bad(void) {
    int hits = 0;
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < i; j++)
            if (j > 20) // expect: RED-cond-never
                hits++; // expect: RED-dead
    return hits;
}

/* Negatives. */

int either_value_ok(void) {
    int a = source();
    if (a == 0 || a == 1)
        return 1;
    return 0;
}

int outside_range_ok(int a) {
    if (!(a < 5 || a > 10))
        return 1;
    return 0;
}

int loop_reaches_it_ok(void) {
    int hits = 0;
    for (int i = 0; i < 8; i++) {
        if (i == 7)
            hits++;
    }
    return hits;
}
