int scale_value(int value, int divisor);
extern int scaling_on;

int scaled_by_zero_bad(int value) {
    scaling_on = 1;
    return scale_value(value, 0);
}

int unscaled_with_zero_good(int value) {
    scaling_on = 0;
    return scale_value(value, 0);
}
