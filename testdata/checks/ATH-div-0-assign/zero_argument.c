/* A constant zero passed to a function that divides by that parameter on every path. */
static int per_item(int total, int items) {
    return total / items; // expect: ATH-div-0-assign
}

int empty_batch_bad(int total) {
    return per_item(total, 0);
}

int full_batch(int total) {
    return per_item(total, 4);
}

/* The callee tests the parameter first: a zero argument is handled. */
static int safe_ratio(int a, int b) {
    if (b == 0)
        return 0;
    return a / b;
}

int zero_is_handled_ok(int a) {
    return safe_ratio(a, 0);
}

/* The callee divides only on some paths: zero is passed exactly when it does not. */
static int scaled(int v, int divisor, int use) {
    if (use)
        return v / divisor;
    return v;
}

int unused_divisor_ok(int v) {
    return scaled(v, 0, 0);
}

/* An enumerator that is zero counts too. */
enum { NO_PARTS = 0, TWO_PARTS = 2 };
static long share(long amount, int parts) {
    long each = amount % parts; // expect: ATH-div-0-assign
    return amount / parts - each;
}

long share_nothing_bad(long amount) {
    return share(amount, NO_PARTS);
}

long share_two(long amount) {
    return share(amount, TWO_PARTS);
}
