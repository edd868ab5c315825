/* A pointer moved within its block keeps the block: the defect below is the free at an offset
 * (MEM-free-offset), not a leak. */
#include <stdlib.h>

void free_plus_one_bad(int n) {
    char *p = malloc(n + 1);
    if (!p)
        return;
    p[0] = 0;
    free(p + 1); // expect: MEM-free-offset
}

void free_after_increment_bad(const char *s, int n) {
    char *p = malloc(n + 1);
    if (!p)
        return;
    for (int i = 0; i < n; i++)
        *p++ = s[i];
    free(p); // expect: MEM-free-offset
}

void free_after_add_assign_bad(int n) {
    int *v = calloc(n + 4, sizeof *v);
    if (!v)
        return;
    v[0] = n;
    v = v + 4;
    v[0] = 1;
    free(v); // expect: MEM-free-offset
}

static void dispose(int *q) {
    free(q);
}

void free_in_callee_after_offset_bad(int n) {
    int *v = malloc(8 * sizeof *v);
    if (!v)
        return;
    v += n;
    *v = 0;
    dispose(v); // expect: MEM-free-offset
}

void cursor_separate_ok(const char *s, int n) {
    char *p = malloc(n + 1);
    if (!p)
        return;
    char *w = p;
    for (int i = 0; i < n; i++)
        *w++ = s[i];
    *w = 0;
    free(p);
}

void reset_base_ok(char *base, int n) {
    char *p = base;
    p += n;
    *p = 0;
    p = base;
    free(p);
}

void hidden_header_ok(char *user) {
    free(user - 8);
}

void list_walk_ok(char **items, int n) {
    char **it = items;
    for (int i = 0; i < n; i++, it++)
        free(*it);
    free(items);
}
