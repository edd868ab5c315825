// A constructor stores a new cell through its out-parameter and, on a syntax error, frees it
// again without resetting the pointer (tmux's layout_construct): the caller that returns on
// the error owns nothing then. A constructor that keeps the cell on error, or a caller that
// drops it on success, leaks it.
#include <stdlib.h>

struct cell { int type; };

int construct(const char *s, struct cell **lc) {
    *lc = calloc(1, sizeof **lc);
    if (*lc == NULL)
        return -1;
    if (*s != '\0')
        goto fail;
    return 0;
fail:
    free(*lc);
    return -1;
}

int construct_keeping(const char *s, struct cell **lc) {
    *lc = calloc(1, sizeof **lc);
    if (*lc == NULL)
        return -1;
    if (*s != '\0')
        return -1;
    return 0;
}

int parse(const char *s) {
    struct cell *lc = NULL;
    if (construct(s, &lc) != 0)
        return -1;
    free(lc);
    return 0;
}

int parse_keeping(const char *s) {
    struct cell *lc = NULL;
    if (construct_keeping(s, &lc) != 0) // expect: MEM-leak
        return -1;
    free(lc);
    return 0;
}

int parse_dropping(const char *s) {
    struct cell *lc = NULL;
    if (construct(s, &lc) != 0) // expect: MEM-leak
        return -1;
    return lc->type;
}
