/* A project's own deallocators: one that frees its argument on every path frees it, one that
 * frees it only when a count reaches zero takes it over without a certain free. */
#include <stdlib.h>

struct object {
    int refcnt;
    char *name;
};

static void object_free(struct object *o) {
    if (!o)
        return;
    free(o->name);
    free(o);
}

static void object_unref(struct object *o) {
    if (--o->refcnt == 0) {
        free(o->name);
        free(o);
    }
}

/* Positives. */

void freed_twice_by_own_free_bad(struct object *o) {
    object_free(o);
    object_free(o); // expect: MEM-double-free
}

/* Negatives. */

void unref_twice_ok(struct object *o) {
    /* Two references dropped: freed at most once, when the count reaches zero. */
    object_unref(o);
    object_unref(o);
}

void unref_then_free_elsewhere_ok(struct object *o, struct object *other) {
    object_unref(o);
    object_free(other);
}
