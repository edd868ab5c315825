#include <stdlib.h>
#include <string.h>

/* Two blocks swapped through a temporary on every iteration, both freed at the end (openssh's
 * match_pattern NFA), and a block handed to another variable before the first is reused. */

int run_nfa_ok(const char *s, size_t m) {
    char *states, *next, *tmp;
    states = calloc(m + 1, 1);
    next = calloc(m + 1, 1);
    if (states == NULL || next == NULL)
        abort();
    for (; *s; s++) {
        tmp = states;
        states = next;
        next = tmp;
    }
    int matched = states[m];
    free(states);
    free(next);
    return matched;
}

char *join(const char *a, const char *b);

char *assemble_ok(const char *def, const char **pats, int n) {
    char *tmp, *list, *ret = NULL;
    if ((tmp = join(def, ",")) == NULL)
        return NULL;
    list = tmp;
    for (int i = 0; i < n; i++) {
        if ((tmp = join(ret != NULL ? ret : "", pats[i])) == NULL)
            break;
        free(ret);
        ret = tmp;
    }
    free(list);
    return ret;
}

int swap_and_lose_bad(const char *s, size_t m) {
    char *states, *next, *tmp;
    states = calloc(m + 1, 1); // expect: MEM-leak
    next = calloc(m + 1, 1); // expect: MEM-leak
    if (states == NULL || next == NULL)
        abort();
    for (; *s; s++) {
        tmp = states;
        states = next;
        next = tmp;
    }
    return states[m];
}
