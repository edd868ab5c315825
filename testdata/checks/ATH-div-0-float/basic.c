/* Floating-point divisions by a variable set to zero on some path: infinity or NaN. */
double ratio(double hits, int use_total, double total)
{
    double base = 0.0;
    if (use_total)
        base = total;
    return hits / base; // expect: ATH-div-0-float
}

/* Guarded: not reported. */
double ratio_checked(double hits, int use_total, double total)
{
    double base = 0.0;
    if (use_total)
        base = total;
    if (base != 0.0)
        return hits / base;
    return 0.0;
}

/* Set on every path before the division: not reported. */
double ratio_always(double hits, double total)
{
    double base = 0.0;
    base = total + 1.0;
    return hits / base;
}

/* Compound division of a floating variable by an integer counter. */
void normalise(double *v, int n, int skip)
{
    int count = 0;
    double sum = 0.0;
    if (!skip)
        count = n;
    for (int i = 0; i < n; i++)
        sum += v[i];
    sum /= count; // expect: ATH-div-0-float
    v[0] = sum;
}
