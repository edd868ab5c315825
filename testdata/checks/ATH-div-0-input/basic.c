// Divisions by values read from input with no test on the way; the negatives test the value
// first, give it a new one, or divide in floating point.
#include <stdio.h>
#include <stdlib.h>

int parsed(const char *text) {
    int n = atoi(text);
    return 100 / n; // expect: ATH-div-0-input
}

int scanned(void) {
    int n = 1;
    if (fscanf(stdin, "%d", &n) != 1)
        return 0;
    return 100 % n; // expect: ATH-div-0-input
}

int random_divisor(void) {
    int r = (rand() << 15) ^ rand();
    return 1000 / r; // expect: ATH-div-0-input
}

long converted(const char *text) {
    long n = strtol(text, NULL, 10);
    long total = 1000;
    total /= n; // expect: ATH-div-0-input
    return total;
}

int on_one_path(const char *text, int use_text) {
    int n = 4;
    if (use_text)
        n = atoi(text);
    return 100 / n; // expect: ATH-div-0-input
}

/* Negatives. */

int tested(const char *text) {
    int n = atoi(text);
    if (n == 0)
        return -1;
    return 100 / n;
}

int sign_tested(const char *text) {
    int n = atoi(text);
    if (n > 0)
        return 100 / n;
    return 0;
}

int replaced(const char *text) {
    int n = atoi(text);
    n = n ? n : 1;
    return 100 / n;
}

double floating(const char *text) {
    int n = atoi(text);
    return 100.0 / n;   /* defined: an infinity */
}

int tested_through_a_call(const char *text) {
    int n = atoi(text);
    if (abs(n) < 1)
        return 0;
    return 100 / n;
}

/* Across calls: a function that divides by its parameter on every path before testing it. */

static int share(int parts) {
    return 1000 / parts;
}

static int share_checked(int parts) {
    if (parts == 0)
        return 0;
    return 1000 / parts;
}

int handed_on(const char *text) {
    int n = atoi(text);
    return share(n); // expect: ATH-div-0-input
}

int handed_to_a_checker(const char *text) {
    int n = atoi(text);
    return share_checked(n);
}

/* Through an out-parameter: a reader that stores what it parses into `*out`. */

static void read_count(const char *text, int *out) {
    *out = atoi(text);
}

static void read_default(int *out) {
    *out = 8;
}

int read_then_divide(const char *text) {
    int n;
    read_count(text, &n);
    return 100 / n; // expect: ATH-div-0-input
}

int default_then_divide(void) {
    int n;
    read_default(&n);
    return 100 / n;
}

/* A source function that returns what it reads. */

static int read_number(void) {
    int data = 0;
    if (fscanf(stdin, "%d", &data) != 1)
        return 1;
    return data;
}

static int fixed_number(void) {
    int data = 0;
    if (fscanf(stdin, "%d", &data) != 1)
        return 1;
    data = 4;
    return data;
}

int returned_input(void) {
    int n = read_number();
    return 100 / n; // expect: ATH-div-0-input
}

int returned_constant(void) {
    int n = fixed_number();
    return 100 / n;
}
