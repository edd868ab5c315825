/* redis src/server.c initServerConfig(), src/ebuckets.c _ebPrint(): a double
 * divided by zero is the deliberate IEEE way to get infinity, and an average
 * over a count that may be 0 is computed in double. Neither can trap.
 * Reported: ATH-div-0-assign (lines 12 and 22). */
#include <stdio.h>
#include <stdint.h>

double pos_inf, neg_inf;

void init_constants(void) {
    double zero = 0.0;
    pos_inf = 1.0 / zero;
    neg_inf = -1.0 / zero;
}

void print_average(const uint64_t *items, int n) {
    uint64_t total = 0, buckets = 0;
    for (int i = 0; i < n; i++) {
        total += items[i];
        buckets++;
    }
    printf("average %.2f\n", (double) total / buckets);
}
