// What runs while the program dies is no path of the function that failed: an assertion's
// handler that prints every statistic (and so tests every global table against NULL) before
// the program ends says nothing about the tables the failing function dereferenced.
#include <stdio.h>
#include <stdlib.h>

struct table {
    int size;
};

static struct table *prefixes;
static struct table *keys;

static int prefix_count(void) {
    if (prefixes == NULL)
        return 0;
    return prefixes->size;
}

static int key_count(void) {
    if (keys == NULL)
        return 0;
    return keys->size;
}

// Prints the report and returns; the assertion macro ends the program after it.
void report_failed_assertion(const char *expr, const char *file, int line) {
    fprintf(stderr, "%s:%d: assertion failed: %s\n", file, line, expr);
    fprintf(stderr, "prefixes: %d\n", prefix_count());
}

// Prints the report and aborts: it never returns.
void panic_with_report(const char *why) {
    fprintf(stderr, "panic: %s (keys: %d)\n", why, key_count());
    abort();
}

#define checked(e) ((e) ? (void)0 : (report_failed_assertion(#e, __FILE__, __LINE__), __builtin_unreachable()))

void enable_tracking(void) {
    prefixes = malloc(sizeof *prefixes);
    if (prefixes == NULL)
        exit(1);
    prefixes->size = 0;
    keys = malloc(sizeof *keys);
    if (keys == NULL)
        exit(1);
    keys->size = 0;
}

void add_prefix_ok(const char *prefix) {
    prefixes->size++;
    checked(prefix != NULL);
}

void add_key_ok(int key) {
    keys->size++;
    if (key < 0)
        panic_with_report("negative key");
}

// The function's own test after the dereference still counts.
void add_prefix_and_test_bad(const char *prefix) {
    prefixes->size++; // expect: PTR-null-cmp-bef
    checked(prefix != NULL);
    if (prefixes == NULL)
        return;
}
