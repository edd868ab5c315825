#include <stdio.h>
#include <string.h>

/* Fills *out and returns 0, or returns -1 without touching it. */
static int parse_int(const char *s, int *out) {
    if (s == NULL || s[0] == '\0')
        return -1;
    *out = s[0] - '0';
    return 0;
}

/* Always writes *out. */
static void init_zero(int *out) {
    *out = 0;
}

/* Positives. */

int mode_bad(const char *s) {
    int mode;
    if (s[0] == 'r')
        mode = 1;
    else if (s[0] == 'w')
        mode = 2;
    return mode; // expect: SPC-uninit-var-some
}

int weight_bad(int kind) {
    int w;
    switch (kind) { // expect: SWITCH-no-default
    case 0:
        w = 10;
        break;
    case 1:
        w = 20;
        break;
    }
    return w; // expect: SPC-uninit-var-some
}

/* The loop may run zero times: with n <= 0, `last` is never written. A true positive: the
   function does not check n, and the checker does not know the callers. */
int last_index_bad(const int *v, int n) {
    int last;
    for (int i = 0; i < n; i++)
        if (v[i] > 0)
            last = i;
    return last; // expect: SPC-uninit-var-some
}

int goto_skips_initialisation_bad(const char *s) {
    int len;
    if (s == NULL)
        goto out;
    len = (int)strlen(s);
out:
    return len; // expect: SPC-uninit-var-some
}

double average_bad(const double *v, int n, int checked) {
    double sum;
    if (checked)
        sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += v[i]; // expect: SPC-uninit-var-some
    return n ? sum / n : 0.0;
}

/* The first iteration reads `acc` uninitialised; later iterations read the value the previous
   one wrote, so not every path to the read is uninitialised: SPC-uninit-var-some, not -all. */
int accumulate_bad(const int *v, int n) {
    int acc;
    for (int i = 0; i < n; i++)
        acc += v[i]; // expect: SPC-uninit-var-some
    return acc;
}

/* Negatives. */

int both_branches_ok(const char *s) {
    int mode;
    if (s[0] == 'r')
        mode = 1;
    else
        mode = 2;
    return mode;
}

int switch_with_default_ok(int kind) {
    int w;
    switch (kind) {
    case 0:
        w = 10;
        break;
    default:
        w = 0;
        break;
    }
    return w;
}

int early_return_ok(const char *s) {
    int len;
    if (s == NULL)
        return -1;
    len = (int)strlen(s);
    return len;
}

int scanf_fills_it_ok(void) {
    int n;
    if (scanf("%d", &n) != 1)
        return -1;
    return n;
}

int memset_fills_it_ok(void) {
    long v;
    memset(&v, 0, sizeof v);
    return (int)v;
}

int user_init_function_ok(void) {
    int v;
    init_zero(&v);
    return v + 1;
}

int parse_function_ok(const char *s) {
    int v;
    if (parse_int(s, &v) != 0)
        return -1;
    return v;
}

int do_while_assigns_first_ok(int n) {
    int last;
    int i = 0;
    do {
        last = i * i;
        i++;
    } while (i < n);
    return last;
}

int loop_until_assigned_ok(const int *v) {
    int found;
    for (int i = 0;; i++) {
        if (v[i] < 0) {
            found = i;
            break;
        }
    }
    return found;
}

int body_assigns_before_reading_ok(const int *v, int n) {
    int sq;
    int sum = 0;
    for (int i = 0; i < n; i++) {
        sq = v[i] * v[i];
        sum += sq;
    }
    return sum;
}

/* Written and read under the same condition, with no write of `c` in between. */
int same_condition_ok(int c, int v) {
    int x;
    if (c)
        x = v * 2;
    puts("between");
    if (c)
        return x;
    return 0;
}

int ternary_ok(int c) {
    int x;
    x = c ? 3 : 4;
    return x;
}

int sizeof_is_not_a_read_ok(int c) {
    int x;
    size_t n = sizeof x;
    x = c;
    return x + (int)n;
}

int short_circuit_ok(int c) {
    int x;
    if (c > 0 && (x = c * 2) > 10)
        return x;
    return 0;
}
