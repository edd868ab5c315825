/* Divisors whose value is zero on every path, by the values of their variables. */
int source(void);

int linear_divisor_bad(int total) {
    int d = 2;
    return total / (2 * d - 4); // expect: ATH-div-0
}

int square_divisor_bad(int total) {
    int d = 2;
    return total % (d * d - 4); // expect: ATH-div-0
}

static int no_slots(void) {
    return 0;
}

int function_result_bad(int total) {
    return total / no_slots(); // expect: ATH-div-0
}

int table_entry_bad(int total) {
    int weights[4] = {3, 2, 0, 1};
    return total / weights[2]; // expect: ATH-div-0
}

int copied_zero_bad(int total) {
    int zero = 0;
    int d = zero;
    return total / d; // expect: ATH-div-0
}

/* Negatives. */

int changed_on_a_branch_ok(int total, int n) {
    int d = 0;
    if (n > 0)
        d = n;
    else
        d = 1;
    return total / d;
}

void fill(int *p);

int address_taken_ok(int total) {
    int d = 0;
    fill(&d);
    return total / d;
}

int volatile_ok(int total) {
    volatile int d = 0;
    return total / d; // expect: ATH-div-0-assign
}

int table_written_ok(int total, int i) {
    int weights[4] = {3, 2, 0, 1};
    weights[i] = 5;
    return total / weights[2];
}

int unknown_divisor_ok(int total) {
    int d = source();
    return total / (d - 4);
}
