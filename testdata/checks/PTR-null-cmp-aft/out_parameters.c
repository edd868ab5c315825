/* A parser that advances a cursor through its address and says by its result whether it did:
 * on failure the cursor keeps its old value, which is not NULL. */
#include <stddef.h>

static int parse_digit(const char **cursor, int *value) {
    const char *p = *cursor;
    if (*p < '0' || *p > '9')
        return 1;
    *value = *p - '0';
    *cursor = p + 1;
    return 0;
}

/* Positives. */

int cursor_tested_then_read_bad(const char *cursor) {
    int v = 0;
    if (!cursor)
        v = 1;
    return v + *cursor; // expect: PTR-null-cmp-aft
}

/* Negatives. */

int failed_parse_keeps_cursor_ok(const char *text) {
    const char *c = text;
    int v;
    if (parse_digit(&c, &v)) {
        if (*c == '-')
            return -1;
        return 0;
    }
    return v + (*c != 0);
}

int parsed_cursor_unused_ok(const char *line, int wide) {
    char tmp[4];
    const char *p = tmp;
    int v;
    tmp[0] = line[0];
    tmp[1] = 0;
    /* The advanced cursor is not needed afterwards. */
    if (parse_digit(&p, wide ? &v : &v))
        return -1;
    return v;
}
