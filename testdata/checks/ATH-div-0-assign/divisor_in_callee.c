/* A zero handed to a function that divides by its parameter on every path, before any test:
 * the caller's variable is the divisor at the call. */

static int average(int sum, int count) {
    return sum / count;
}

static int average_checked(int sum, int count) {
    if (count == 0)
        return 0;
    return sum / count;
}

/* Passes the divisor on to the function that divides. */
static int scaled(int value, int divisor) {
    return average(value * 10, divisor);
}

int zero_count_bad(int sum) {
    int count = 0;
    return average(sum, count); // expect: ATH-div-0-assign
}

int zero_through_two_calls_bad(int value) {
    int divisor = 0;
    return scaled(value, divisor); // expect: ATH-div-0-assign
}

int zero_count_checked_good(int sum) {
    int count = 0;
    return average_checked(sum, count);
}

int count_set_again_good(int sum, int n) {
    int count = 0;
    count = n > 0 ? n : 1;
    return average(sum, count);
}
