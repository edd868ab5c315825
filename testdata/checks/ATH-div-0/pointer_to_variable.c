/* A divisor written through a pointer that holds its address for the whole function. */

int divided_through_pointer_to_variable_bad(int n) {
    int d;
    int *pd = &d;
    *pd = 0;
    return n / d; // expect: ATH-div-0
}

int divided_through_pointer_to_variable_good(int n) {
    int d;
    int *pd = &d;
    *pd = 4;
    return n / d;
}
