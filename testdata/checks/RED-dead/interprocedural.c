#include <stdio.h>
#include <stdlib.h>

/* Always ends the program, but is not declared noreturn. */
static void die(const char *msg) {
    fprintf(stderr, "fatal: %s\n", msg);
    exit(1);
}

/* Ends the program only on some inputs. */
static void check(int ok, const char *msg) {
    if (!ok)
        die(msg);
}

/* Never returns: serves forever. */
static void serve_forever(volatile int *status) {
    for (;;) // expect: SPC-loop-inf
        if (*status)
            puts("request");
}

/* Negatives. */

int after_conditional_exit_helper_ok(int n) {
    check(n >= 0, "negative");
    return n * 2;
}

int return_to_avoid_warnings_after_helper_ok(int n) {
    if (n >= 0)
        return n;
    die("negative");
    return 0;
}

int helper_called_on_error_path_ok(const char *s) {
    if (s == NULL)
        die("no input");
    return s[0];
}
