#include <stdlib.h>

struct vec {
    int *data;
    int cap;
};

int grow_local_bad(int *data, int cap) {
    data = realloc(data, 2 * cap * sizeof *data); // expect: MEM-realloc-self
    if (!data)
        return -1;
    data[0] = cap;
    free(data);
    return 0;
}

char *append_bad(char *s, int n) {
    s = realloc(s, n + 2); // expect: MEM-realloc-self
    if (s == NULL)
        return NULL;
    s[n] = '!';
    s[n + 1] = 0;
    return s;
}

int grow_in_condition_bad(char *buf, int n) {
    if ((buf = realloc(buf, n)) == NULL) // expect: MEM-realloc-self
        return -1;
    buf[0] = 0;
    free(buf);
    return 0;
}

int grow_ok(int **items, int cap) {
    int *bigger = realloc(*items, 2 * cap * sizeof **items);
    if (!bigger)
        return -1;
    *items = bigger;
    return 0;
}

char *grow_or_die_ok(char *s, int n) {
    s = realloc(s, n);
    if (!s)
        abort();
    return s;
}

char *grow_other_ok(char *old, char *s, int n) {
    s = realloc(old, n);
    if (!s)
        return old;
    return s;
}
