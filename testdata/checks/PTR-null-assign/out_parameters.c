/* A NULL pointer whose address is given to a function that stores through it has the value
 * the function stored. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void name_of(char **out, int id) {
    *out = id ? "named" : "anonymous";
}

/* Positives. */

int still_null_bad(int id) {
    char *s = NULL;
    char *t = NULL;
    name_of(&t, id);
    return s[0] + t[0]; // expect: PTR-null-assign
}

/* Negatives. */

size_t asprintf_fills_ok(int n) {
    char *s = NULL;
    size_t len;
    if (asprintf(&s, "%d", n) < 0)
        return 0;
    len = strlen(s);
    free(s);
    return len;
}

long strtol_end_ok(const char *text) {
    char *end = NULL;
    long v = strtol(text, &end, 10);
    if (*end != '\0')
        return -1;
    return v;
}

int callee_fills_ok(int id) {
    char *s = NULL;
    name_of(&s, id);
    return s[0];
}
