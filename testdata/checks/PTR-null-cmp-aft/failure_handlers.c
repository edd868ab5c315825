#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

struct item { int type; struct item *next; };
extern struct item *lookup(const char *key);

static jmp_buf abort_frame;
static int already_failed;

/* Like a unit-test framework's failure helper: returns when a failure was already recorded,
 * otherwise jumps out of the test. */
static void test_fail(const char *message, int line) {
    if (already_failed)
        return;
    fprintf(stderr, "%d: %s\n", line, message);
    already_failed = 1;
    longjmp(abort_frame, 1);
}

#define ASSERT_NOT_NULL(p) if ((p) != NULL) {} else { test_fail("expected non-NULL", __LINE__); }

int assertion_ends_the_branch_ok(void) {
    struct item *found = lookup("a");
    ASSERT_NOT_NULL(found);
    return found->type;
}

static void die(const char *why) {
    fprintf(stderr, "fatal: %s\n", why);
    exit(2);
}

int fatal_handler_ok(const char *key) {
    struct item *it = lookup(key);
    if (it == NULL)
        die("no such key");
    return it->type;
}

/* A logger returns on every path: the NULL branch falls through to the dereference. */
static void log_missing(const char *key) {
    fprintf(stderr, "missing %s\n", key);
}

int logging_is_not_handling_bad(const char *key) {
    struct item *it = lookup(key);
    if (it == NULL)
        log_missing(key);
    return it->type; // expect: PTR-null-cmp-aft
}

int walk_bad(struct item *list) {
    int n = 0;
    if (list == NULL)
        n = -1;
    n += list->type; // expect: PTR-null-cmp-aft
    return n;
}
