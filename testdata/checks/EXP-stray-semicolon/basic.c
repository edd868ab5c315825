#include <stdio.h>

int check_bad(int n) {
    if (n < 0); // expect: EXP-stray-semicolon
        return -1;
    return n;
}

int sum_bad(const int *v, int n) {
    int s = 0, i;
    for (i = 0; i < n; i++); // expect: EXP-stray-semicolon
        s += v[i];
    return s;
}

int wait_bad(int x) {
    while (x < 10); // expect: EXP-stray-semicolon
    x++;
    return x;
}

int print_bad(int x) {
    if (x > 3);	printf("%d", x); // expect: EXP-stray-semicolon
    return x;
}

/* The loop does its work in its header. */
const char *skip_spaces_ok(const char *p) {
    while (*p == ' ' && *p++);
    return p;
}

int length_ok(const char *s) {
    int n;
    for (n = 0; s[n]; n++);
    return n;
}

/* An empty body written on purpose: on its own line, or braces. */
int drain_ok(FILE *f) {
    int c;
    while ((c = getc(f)) != '\n' && c != EOF)
        ;
    while (getc(f) == ' ') {}
    return c;
}

#define TRACE(x)
/* A macro that expands to nothing leaves the `;`. */
int trace_ok(int x) {
    if (x > 2) TRACE(x);
    return x;
}

/* An `if` with an `else`. */
int else_ok(int x) {
    if (x > 0); else x = -x;
    return x;
}

/* A volatile flag: a busy wait. */
extern volatile int done;
void busy_ok(void) {
    while (!done);
}

/* A result discarded on purpose (against `warn_unused_result`). */
#include <unistd.h>
void finish(void);
void log_ok(int fd, const char *m, int n) {
    if (write(fd, m, n));
    finish();
}

int log_bad(int fd, const char *m, int n) {
    if (write(fd, m, n)); // expect: EXP-stray-semicolon
        return -1;
    return 0;
}

/* Under a label: reported once. */
int label_bad(int x) {
    switch (x) {
    case 1:
        if (x > 3); // expect: EXP-stray-semicolon
        break;
    default:
        break;
    }
    return x;
}
