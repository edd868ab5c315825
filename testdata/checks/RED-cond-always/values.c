/* Conditions decided by the values variables hold, not only by compile-time constants. */
#include <string.h>

int classify(int v);
void consume(int *p);

int nested_bound_bad(int a) {
    if (a < 5) {
        if (a < 10) // expect: RED-cond-always
            return 1;
    }
    return 0;
}

int copied_flag_bad(void) {
    int enabled = 1;
    int copy = enabled;
    if (copy) // expect: RED-cond-always
        return classify(copy);
    return 0;
}

static int always_two(void) {
    return 2;
}

int constant_result_bad(int x) {
    if (always_two() > 1) // expect: RED-cond-always
        return x;
    return -x;
}

static int limit = 8; /* never written */

int unwritten_global_bad(int x) {
    if (limit > 0) // expect: RED-cond-always
        return x % limit;
    return 0;
}

/* Negatives. */

int loop_changes_it_ok(int n) {
    int i = 0;
    int sum = 0;
    while (i < n) {
        sum += i;
        i++;
    }
    if (i > 0)
        return sum;
    return -1;
}

int address_taken_ok(void) {
    int ready = 0;
    consume(&ready);
    if (ready)
        return 1;
    return 0;
}

int volatile_ok(void) {
    volatile int status = 1;
    if (status)
        return 1;
    return 0;
}

static int budget = 4;

static void spend(void) {
    budget--;
}

int global_written_in_callee_ok(void) {
    spend();
    if (budget > 0)
        return 1;
    return 0;
}

#define WIDTH 8
int configuration_ok(int x) {
    int w = WIDTH;
    if (w > 4)
        return x / w;
    return x;
}

#define CHECK_POSITIVE(v) ((v) > 0 ? 1 : 0)
int macro_condition_ok(void) {
    int v = 3;
    return CHECK_POSITIVE(v);
}

int defensive_length_ok(const char *s) {
    int n = (int)strlen(s);
    if (n < 0)
        return -1;
    return n;
}

int unsigned_wrap_ok(unsigned u) {
    unsigned v = u + 1;
    if (v > 0)
        return 1;
    return 0;
}
