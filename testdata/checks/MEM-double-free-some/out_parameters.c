/* A pointer freed, then given a new block through its address, may be freed again. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int format_into(char **out, const char *fmt, ...) {
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = vasprintf(out, fmt, ap);
    va_end(ap);
    return r;
}

static void set_default(char **out, int use_default) {
    if (use_default)
        *out = strdup("default");
}

static void inspect(char **out) {
    if (*out)
        (*out)[0] = 'x';
}

/* Positives. */

void freed_then_only_inspected_bad(char *s, int again) {
    free(s);
    inspect(&s);
    if (again)
        free(s); // expect: MEM-double-free-some
}

/* Negatives. */

size_t library_refills_after_free_ok(int n) {
    char *s;
    size_t len;
    if (asprintf(&s, "%d", n) < 0)
        return 0;
    len = strlen(s);
    free(s);
    if (asprintf(&s, "%d", n + 1) < 0)
        return len;
    len += strlen(s);
    free(s);
    return len;
}

size_t wrapper_refills_after_free_ok(int n) {
    char *s = NULL;
    size_t len;
    if (format_into(&s, "%d", n) < 0)
        return 0;
    len = strlen(s);
    free(s);
    if (format_into(&s, "%d", n + 1) < 0)
        return len;
    len += strlen(s);
    free(s);
    return len;
}

void maybe_refilled_after_free_ok(char *s, int use_default) {
    free(s);
    /* The callee may store a new block: the second free is not claimed. */
    set_default(&s, use_default);
    if (use_default)
        free(s);
}
