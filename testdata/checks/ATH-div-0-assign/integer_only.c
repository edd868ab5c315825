/* An integer divisor converted for a floating-point division cannot trap: the division is
 * the floating one (redis's `(double) totalItems / numBuckets`), which ATH-div-0-float notes. */
double average(const int *v, int n, int use_all)
{
    int count = 0;
    long sum = 0;
    if (use_all)
        count = n;
    for (int i = 0; i < n; i++)
        sum += v[i];
    return (double) sum / count; // expect: ATH-div-0-float
}

/* The same count in an integer division does. */
long integer_average(const int *v, int n, int use_all)
{
    int count = 0;
    long sum = 0;
    if (use_all)
        count = n;
    for (int i = 0; i < n; i++)
        sum += v[i];
    return sum / count; // expect: ATH-div-0-assign
}
