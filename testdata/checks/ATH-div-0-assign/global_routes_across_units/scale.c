int scaling_on;

int scale_value(int value, int divisor) {
    if (scaling_on)
        return value / divisor; // expect: ATH-div-0-assign
    return value;
}
