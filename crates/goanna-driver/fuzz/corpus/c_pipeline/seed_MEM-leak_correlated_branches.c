/* Design note 10: a path whose branch conditions contradict each other is not a path. */
#include <stdlib.h>
#include <string.h>

int copy_if_asked_ok(const char *s, int want_copy) {
    char *copy = NULL;
    int n = (int)strlen(s);
    if (want_copy)
        copy = malloc(n + 1);
    if (want_copy && copy == NULL)
        return -1;
    n *= 2;
    if (want_copy)
        free(copy);
    return n;
}

int cleanup_flag_ok(int fail) {
    char *buf = malloc(64);
    int done = 0;
    if (!buf)
        return -1;
    if (fail)
        done = 1;
    if (!done)
        buf[0] = 0;
    free(buf);
    return done;
}

int flag_changed_in_between_bad(int keep) {
    char *buf = malloc(64); // expect: MEM-leak
    if (!buf)
        return -1;
    if (keep)
        buf[0] = 1;
    keep = !keep;
    if (keep)
        free(buf);
    return 0;
}

int uncorrelated_conditions_bad(int a, int b) {
    char *buf = malloc(16); // expect: MEM-leak
    if (!buf)
        return -1;
    if (a)
        buf[0] = 1;
    if (b)
        free(buf);
    return 0;
}

/* Copies hand the block on; realloc's argument is the result's business afterwards. */
int copy_then_free_ok(int n) {
    char *p = malloc(n);
    char *q;
    if (!p)
        return -1;
    q = p;
    free(q);
    return 0;
}

int grow_ok(char **bufp, int n) {
    char *p = malloc(16);
    char *tmp;
    if (!p)
        return -1;
    tmp = realloc(p, n);
    if (!tmp) {
        free(p);
        return -1;
    }
    p = tmp;
    *bufp = p;
    return 0;
}
