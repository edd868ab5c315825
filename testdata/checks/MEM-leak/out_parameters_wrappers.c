/* A project's own functions that store a new block through an out-parameter and say by their
 * result whether they did: the caller owns the block where the result says success. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Passes the library's status on (through a variable). */
static int format_into(char **out, const char *fmt, ...) {
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = vasprintf(out, fmt, ap);
    va_end(ap);
    return r;
}

/* 0 on success, -1 when nothing was stored (before allocating, or when it failed). */
static int copy_into(char **out, const char *text) {
    if (!text)
        return -1;
    *out = strdup(text);
    if (!*out)
        return -1;
    return 0;
}

/* Tests the library's status itself, and passes a wrapper's status on. */
static int number_into(char **out, int n) {
    if (asprintf(out, "%d", n) < 0) {
        *out = NULL;
        return -1;
    }
    return 0;
}

static int number_into_again(char **out, int n) {
    return number_into(out, n);
}

/* Stores a block on some paths but its result does not say which. */
static int maybe_copy(char **out, const char *text, int flag) {
    if (flag)
        *out = strdup(text);
    return 0;
}

/* Succeeds with a cached value or a new block: the caller cannot know which it owns. */
static char *cached_name;
static int name_into(char **out, int id) {
    if (cached_name) {
        *out = cached_name;
        return 0;
    }
    *out = malloc(16);
    if (!*out)
        return -1;
    snprintf(*out, 16, "%d", id);
    cached_name = *out;
    return 0;
}

/* Positives. */

size_t copy_not_freed_bad(const char *text) {
    char *s;
    if (copy_into(&s, text) != 0) // expect: MEM-leak
        return 0;
    return strlen(s);
}

size_t format_not_freed_bad(int n) {
    char *s;
    if (format_into(&s, "%d", n) < 0) // expect: MEM-leak
        return 0;
    return strlen(s);
}

size_t number_not_freed_on_error_bad(int n, int fail) {
    char *s;
    size_t len;
    if (number_into_again(&s, n)) // expect: MEM-leak
        return 0;
    len = strlen(s);
    if (fail)
        return 0;
    free(s);
    return len;
}

/* Negatives. */

size_t copy_freed_ok(const char *text) {
    char *s;
    size_t len;
    if (copy_into(&s, text))
        return 0;
    len = strlen(s);
    free(s);
    return len;
}

size_t format_freed_ok(int n) {
    char *s = NULL;
    size_t len;
    int rc = format_into(&s, "%d", n);
    if (rc == -1)
        return 0;
    len = strlen(s);
    free(s);
    return len;
}

size_t number_freed_ok(int n) {
    char *s;
    size_t len = 0;
    if (number_into_again(&s, n) == 0) {
        len = strlen(s);
        free(s);
    }
    return len;
}

size_t maybe_copied_ok(const char *text, int flag) {
    char *s = NULL;
    size_t len = 0;
    /* Whether a block was stored is known only by looking at `s`. */
    maybe_copy(&s, text, flag);
    if (s) {
        len = strlen(s);
        free(s);
    }
    return len;
}

size_t maybe_cached_ok(int id) {
    char *s;
    if (name_into(&s, id) != 0)
        return 0;
    return strlen(s);
}
