// A block freed through one copy and used through another.
#include <stdlib.h>

struct cell {
    int value;
    struct cell *next;
};

static void dispose(struct cell *c) {
    free(c);
}

void freed_original_used_copy_bad(struct cell *c) {
    struct cell *alias = c;
    free(c);
    alias->value = 1; // expect: MEM-use-free-all
}

void freed_copy_used_original_bad(int *p) {
    int *q = p;
    free(q);
    *p = 0; // expect: MEM-use-free-all
}

void freed_by_callee_through_copy_bad(struct cell *c) {
    struct cell *alias = (struct cell *)c;
    dispose(alias);
    c->next = NULL; // expect: MEM-use-free-all
}

void copy_rebound_before_use_ok(int *p, int *other) {
    int *q = p;
    free(p);
    q = other;
    *q = 1;
}

void original_rebound_before_free_ok(int *p, int *other) {
    int *q = p;
    p = other;
    free(p);
    *q = 1;
}

void used_before_free_through_copy_ok(int *p) {
    int *q = p;
    *q = 1;
    free(p);
}

char *returned_after_free_bad(char *s) {
    char *copy = s;
    free(s);
    return copy; // expect: MEM-use-free-all
}

char *returned_cleared_after_free_ok(char *s) {
    free(s);
    s = NULL;
    return s;
}
