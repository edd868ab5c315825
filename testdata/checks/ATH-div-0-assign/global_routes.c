// A zero divisor that a global flag lets the callee use (issue 12, route 5), and a zero
// carried to the callee by the global itself.

static int scale_enabled;

static int scaled(int value, int divisor) {
    if (scale_enabled)
        return value / divisor; // expect: ATH-div-0-assign
    return value;
}

int scaled_by_zero_bad(int value) {
    scale_enabled = 1;
    return scaled(value, 0);
}

int unscaled_with_zero_good(int value) {
    scale_enabled = 0;
    return scaled(value, 0);
}

static int bucket_count;

static int bucket_of(int key) {
    return key % bucket_count; // expect: ATH-div-0-assign
}

int no_buckets_bad(int key) {
    bucket_count = 0;
    return bucket_of(key);
}
