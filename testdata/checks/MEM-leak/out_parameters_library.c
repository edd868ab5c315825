/* Library functions that store a new block through their argument's address (`asprintf`,
 * `posix_memalign`, `getline`): the variable owns a block afterwards, and the branch where the
 * result says failure owns nothing. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Positives. */

size_t asprintf_not_freed_bad(int n) {
    char *s = NULL;
    if (asprintf(&s, "%d", n) < 0) // expect: MEM-leak
        return 0;
    return strlen(s);
}

size_t asprintf_status_in_variable_bad(int n) {
    char *s;
    int r = asprintf(&s, "%d", n); // expect: MEM-leak
    if (r == -1)
        return 0;
    return strlen(s);
}

int posix_memalign_not_freed_bad(size_t n) {
    void *p = NULL;
    if (posix_memalign(&p, 64, n) != 0) // expect: MEM-leak
        return -1;
    memset(p, 0, n);
    return 0;
}

size_t getline_line_not_freed_bad(FILE *f) {
    char *line = NULL;
    size_t cap = 0;
    size_t total = 0;
    while (getline(&line, &cap, f) > 0) // expect: MEM-leak
        total += strlen(line);
    return total;
}

/* Negatives. */

size_t asprintf_freed_ok(int n) {
    char *s = NULL;
    size_t len;
    if (asprintf(&s, "%d", n) < 0)
        return 0;
    len = strlen(s);
    free(s);
    return len;
}

size_t asprintf_status_in_variable_ok(int n) {
    char *s;
    size_t len;
    int r = asprintf(&s, "%d", n);
    if (r < 0)
        return 0;
    len = strlen(s);
    free(s);
    return len;
}

size_t asprintf_success_test_ok(int n) {
    char *s;
    size_t len = 0;
    if (asprintf(&s, "%d", n) >= 0) {
        len = strlen(s);
        free(s);
    }
    return len;
}

int posix_memalign_freed_ok(size_t n) {
    void *p;
    int err = posix_memalign(&p, 64, n);
    if (err)
        return err;
    memset(p, 0, n);
    free(p);
    return 0;
}

size_t getline_line_freed_ok(FILE *f) {
    char *line = NULL;
    size_t cap = 0;
    size_t total = 0;
    /* Each call reallocates the same line; it is freed once, after the loop, even when the
     * last call failed. */
    while (getline(&line, &cap, f) > 0)
        total += strlen(line);
    free(line);
    return total;
}

size_t getdelim_record_freed_ok(FILE *f) {
    char *rec = NULL;
    size_t cap = 0;
    size_t n = 0;
    if (getdelim(&rec, &cap, ';', f) > 0)
        n = strlen(rec);
    free(rec);
    return n;
}

// The status kept in a variable and tested by a range that holds success and failure alike
// (`<= 0`: an empty string, or nothing allocated), then told apart later: a block was stored
// only when the status is not negative, so the `-1` exit leaks nothing.
int status_told_apart_later(char **out, const char *fmt, va_list ap) {
    char *s = NULL;
    int r;
    if ((r = vasprintf(&s, fmt, ap)) <= 0)
        goto fail;
    *out = s;
    return r;
fail:
    if (r == 0) {
        *out = s;
        return 0;
    }
    return -1;
}

int empty_result_dropped(const char *fmt, va_list ap) {
    char *s = NULL;
    int r;
    if ((r = vasprintf(&s, fmt, ap)) <= 0) // expect: MEM-leak
        return -1;
    puts(s);
    free(s);
    return r;
}
