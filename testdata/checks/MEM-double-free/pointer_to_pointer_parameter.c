#include <stdlib.h>

/* A callee given the address of the caller's pointer (`sink(&p)`) that frees or dereferences
   the pointer it finds there, itself or through a copy. */

struct item {
    int count;
};

static void release_held(char **pp) {
    char *held = *pp;
    free(held);
}

static void release_and_clear(char **pp) {
    free(*pp);
    *pp = NULL;
}

static int count_of(struct item **pi) {
    struct item *it = *pi;
    return it->count;
}

/* The address passed as `void *` and cast back into a local that is only dereferenced. */
static void release_opaque(void *opaque) {
    char **pp = (char **)opaque;
    char *held = *pp;
    free(held);
}

/* The local is pointed elsewhere: it names no parameter. */
static void release_chosen(void *opaque, char **other, int which) {
    char **pp = (char **)opaque;
    if (which)
        pp = other;
    free(*pp);
}

/* Repoints what it is given: the caller's pointer is not the one freed. */
static void release_replaced(char **pp, char *spare) {
    *pp = spare;
    free(*pp);
}

void freed_then_released_by_address_bad(void) {
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    release_held(&p); // expect: MEM-double-free
}

void released_by_address_once_good(void) {
    char *p = malloc(8);
    if (!p)
        return;
    release_held(&p);
}

void released_and_cleared_then_freed_good(void) {
    char *p = malloc(8);
    if (!p)
        return;
    release_and_clear(&p);
    free(p);
}

void freed_then_replaced_good(char *spare) {
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    release_replaced(&p, spare);
}

int null_counted_by_address_bad(void) {
    struct item *it = NULL;
    return count_of(&it); // expect: PTR-null-assign
}

int counted_by_address_good(void) {
    struct item local = { 3 };
    struct item *it = &local;
    return count_of(&it);
}

void freed_then_released_opaquely_bad(void) {
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    release_opaque(&p); // expect: MEM-double-free
}

void released_opaquely_once_good(void) {
    char *p = malloc(8);
    if (!p)
        return;
    release_opaque(&p);
}

void freed_then_released_chosen_good(char *q) {
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    release_chosen(&p, &q, 1);
}
