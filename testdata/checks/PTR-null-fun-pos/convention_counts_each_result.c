/* A call site tests the result of the call only when it compares the variable with NULL before
 * the variable receives another value. tmux's session code stores winlink_add()'s result,
 * uses it, and later reuses the variable for winlink_find_by_index()'s result, which it does
 * test: that test is about the look-up, not about the add, and does not make the add's call
 * sites look like ones that always test (here four of five do, short of nine in ten), so its
 * input-dependent NULL stays latent where the caller knows the index is free. */
#include <stddef.h>

struct slot { int idx; int used; struct slot *next; };
struct table { struct slot *slots[64]; };

struct slot *slot_add(struct table *t, int idx) {
    if (idx < 0 || idx >= 64 || t->slots[idx] != NULL)
        return NULL;
    static struct slot pool[64];
    t->slots[idx] = &pool[idx];
    return t->slots[idx];
}

struct slot *slot_find(struct table *t, int idx) {
    if (idx < 0 || idx >= 64)
        return NULL;
    return t->slots[idx];
}

int add_one(struct table *t, int idx) {
    struct slot *s = slot_add(t, idx);
    if (s == NULL)
        return -1;
    s->used = 1;
    return 0;
}

int add_two(struct table *t, int idx) {
    struct slot *s = slot_add(t, idx);
    if (!s)
        return -1;
    s->used = 2;
    return 0;
}

int add_three(struct table *t, int idx) {
    struct slot *s;
    if ((s = slot_add(t, idx)) == NULL)
        return -1;
    s->used = 3;
    return 0;
}

int add_four(struct table *t, int idx) {
    struct slot *s = slot_add(t, idx);
    return s != NULL;
}

/* The table was emptied just before: every index is free. */
int copy_all(struct table *t, const struct table *from) {
    struct slot *s;
    for (int i = 0; i < 64; i++)
        t->slots[i] = NULL;
    for (int i = 0; i < 64; i++) {
        if (from->slots[i] == NULL)
            continue;
        s = slot_add(t, i);
        s->used = from->slots[i]->used;
    }
    s = slot_find(t, 0);
    if (s == NULL)
        return 0;
    return s->used;
}
