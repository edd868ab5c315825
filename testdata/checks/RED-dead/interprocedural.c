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
    for (;;)
        if (*status) // expect: SPC-loop-inf
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

/* A function of the program that always ends the program: code after a call is dead. */
static void give_up(const char *why) {
    fprintf(stderr, "fatal: %s\n", why);
    exit(3);
}

int after_user_exit_bad(int n) {
    if (n < 0) {
        give_up("negative");
        n = 0; // expect: RED-dead
    }
    return n;
}

static int maybe_give_up(int n) {
    if (n > 100)
        exit(4);
    return n;
}

int after_sometimes_exit_ok(int n) {
    maybe_give_up(n);
    n = n + 1;
    return n;
}

const char *pick(int k, const char *a) {
    if (k != 1) {
        give_up("bad k");
        return a; /* to avoid warnings */
    }
    return a;
}

int belt_and_braces_ok(int n) {
    if (n < 0) {
        give_up("negative");
        exit(1);
    }
    return n;
}
