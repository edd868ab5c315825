#include <stdlib.h>
#include <string.h>

struct cell { int value; struct cell *next; };

static struct cell *new_cell(void) {
    struct cell *c = malloc(sizeof(struct cell));
    return c;
}

static struct cell *new_cell_zeroed(void) {
    struct cell *c = malloc(sizeof *c);
    if (c)
        memset(c, 0, sizeof *c);
    return c;
}

static struct cell *new_cell_set(int v) {
    struct cell *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    c->value = v;
    c->next = NULL;
    return c;
}

static void set_cell(struct cell *c, int v) {
    c->value = v;
    c->next = NULL;
}

/* Positives. */

int helper_returns_raw_memory_bad(void) {
    struct cell *c = new_cell();
    if (!c)
        return 0;
    int v = c->value; // expect: SPC-uninit-heap-all
    free(c);
    return v;
}

/* Negatives. */

int helper_clears_memory_ok(void) {
    struct cell *c = new_cell_zeroed();
    if (!c)
        return 0;
    int v = c->value;
    free(c);
    return v;
}

int helper_sets_members_ok(void) {
    struct cell *c = new_cell_set(4);
    if (!c)
        return 0;
    int v = c->value;
    free(c);
    return v;
}

int filled_by_helper_ok(void) {
    struct cell *c = new_cell();
    if (!c)
        return 0;
    set_cell(c, 3);
    int v = c->value;
    free(c);
    return v;
}
