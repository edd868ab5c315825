/* A function that says by a status variable whether it stored a new block through its
 * out-parameter (`int ret = -1; ... ret = 0; *retp = s; out: ...; return ret;`, openssh's
 * tilde_expand): the variable and `*retp` are followed together to the one `return`, so the
 * failure value goes with the empty out-parameter and success with the block. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fatal(const char *fmt, ...) __attribute__((noreturn));
void cleanup_exit(int code) __attribute__((noreturn));
const char *home_of(unsigned uid);

static int xasprintf(char **ret, const char *fmt, ...) {
    va_list ap;
    int i;
    va_start(ap, fmt);
    i = vasprintf(ret, fmt, ap);
    va_end(ap);
    if (i < 0 || *ret == NULL)
        fatal("xasprintf: could not allocate memory");
    return i;
}

static int tilde_expand(const char *filename, unsigned uid, char **retp) {
    char *copy = NULL, *s = NULL;
    const char *home;
    int ret = -1;

    *retp = NULL;
    if (*filename != '~') {
        *retp = strdup(filename);
        return *retp == NULL ? -1 : 0;
    }
    copy = strdup(filename + 1);
    if (copy == NULL)
        goto out;
    if ((home = home_of(uid)) == NULL)
        goto out;
    if (xasprintf(&s, "%s/%s", home, copy) <= 0)
        goto out;
    ret = 0;
    *retp = s;
    s = NULL;
 out:
    free(s);
    free(copy);
    return ret;
}

/* The expansion is the caller's block wherever the status says success. */
static char *tilde_expand_filename(const char *filename, unsigned uid) {
    char *ret;
    if (tilde_expand(filename, uid, &ret) != 0)
        cleanup_exit(255);
    return ret;
}

void print_expanded(const char *name) {
    char *path = tilde_expand_filename(name, 0); // expect: MEM-leak
    printf("%s\n", path);
}

void print_and_free(const char *name) {
    char *path = tilde_expand_filename(name, 0);
    printf("%s\n", path);
    free(path);
}

/* On failure nothing was stored: returning without freeing is not a leak. */
int expand_or_fail(const char *name, char **out) {
    char *path;
    if (tilde_expand(name, 0, &path) != 0)
        return -1;
    printf("%s\n", path);
    free(path);
    *out = NULL;
    return 0;
}

int expand_and_forget(const char *name) {
    char *path;
    if (tilde_expand(name, 0, &path) != 0) // expect: MEM-leak
        return -1;
    printf("%s\n", path);
    return 0;
}
