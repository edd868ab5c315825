// Numeric code tests a divisor by its magnitude: `fabs(x) > EPS` (or `abs(d) >= 1`) on the
// taken branch means the divisor is not zero. A bound that admits zero (`fabs(x) >= 0`) does not.
#include <math.h>
#include <stdlib.h>

#define EPS 0.000001

int scale_ok(void) {
    float data = 0.0F;
    if (fabs(data) > EPS)
        return (int)(100.0 / data);
    return 0;
}

int ratio_ok(int d) {
    int n = 0;
    if (d > 10)
        n = d;
    if (!(abs(n) < 1))
        return 100 / n;
    return -1;
}

int scale_any(void) {
    float data = 0.0F;
    if (fabs(data) >= 0.0)
        return (int)(100.0 / data); // expect: ATH-div-0-float
    return 0;
}
