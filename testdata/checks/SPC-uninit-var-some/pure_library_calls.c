// Two calls of a pure library function (`strcmp`, `strlen`, `abs`) with the same
// arguments return the same value while nothing writes what they read: a variable set under
// the first test and read under the second is always set. A write of the string between the
// calls, a call that is given it, or another pointer or literal makes the results independent.
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

void consume(char *s);
void log_line(const char *msg);

int same_test_twice(const char *mode, int fd) {
    int flags;
    if (strcmp(mode, "r") == 0)
        flags = fd;
    log_line("opening");
    if (strcmp(mode, "r") == 0)
        return flags;
    return 0;
}

int same_length_twice(const char *name) {
    int last;
    if (strlen(name) > 3)
        last = name[0];
    printf("%s\n", name);
    if (strlen(name) > 3)
        return last;
    return -1;
}

int same_magnitude_twice(int c) {
    int digit;
    if (abs(c) < 10)
        digit = c;
    if (abs(c) < 10)
        return digit;
    return -1;
}

int written_between(char *mode, int fd) {
    int flags;
    if (strcmp(mode, "r") == 0)
        flags = fd;
    mode[0] = 'w';
    if (strcmp(mode, "w") == 0)
        return flags; // expect: SPC-uninit-var-some
    return 0;
}

int rewritten_by_callee(char *mode, int fd) {
    int flags;
    if (strcmp(mode, "r") == 0)
        flags = fd;
    consume(mode);
    if (strcmp(mode, "r") == 0)
        return flags; // expect: SPC-uninit-var-some
    return 0;
}

int other_literal(const char *mode, int fd) {
    int flags;
    if (strcmp(mode, "r") == 0)
        flags = fd;
    if (strcmp(mode, "w") == 0)
        return flags; // expect: SPC-uninit-var-some
    return 0;
}

int pointer_moved(const char *mode, int fd) {
    int flags;
    if (strcmp(mode, "r") == 0)
        flags = fd;
    mode++;
    if (strcmp(mode, "r") == 0)
        return flags; // expect: SPC-uninit-var-some
    return 0;
}

int other_value(int c, int d) {
    int digit;
    if (abs(c) < 10)
        digit = c;
    if (abs(d) < 10)
        return digit; // expect: SPC-uninit-var-some
    return -1;
}
