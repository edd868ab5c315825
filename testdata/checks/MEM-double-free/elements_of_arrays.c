#include <stdlib.h>

/* Issue 12, route 3: a pointer handed to a function in an array, at a constant index the
 * callee reads. */

static void release_third(long *slots[]) {
    long *d = slots[2];
    free(d);
}

static void release_second(long **slots) {
    long *d = slots[1];
    free(d);
}

/* Picks its element by a variable index: the summary cannot say which one. */
static void release_at(long **slots, int i) {
    free(slots[i]);
}

void element_bad(void) {
    long *data = malloc(100 * sizeof *data);
    long *slots[5];
    if (data == NULL)
        exit(1);
    free(data);
    slots[2] = data;
    release_third(slots); // expect: MEM-double-free
}

void element_freed_by_callee_then_here_bad(void) {
    long *data = malloc(100 * sizeof *data);
    long *slots[3];
    if (data == NULL)
        exit(1);
    slots[1] = data;
    release_second(slots);
    free(data); // expect: MEM-double-free
}

void other_element_good(void) {
    long *data = malloc(100 * sizeof *data);
    long *slots[5];
    if (data == NULL)
        exit(1);
    free(data);
    slots[2] = data;
    slots[1] = NULL;
    release_second(slots);
}

void variable_index_good(int i) {
    long *data = malloc(100 * sizeof *data);
    long *slots[5];
    if (data == NULL)
        exit(1);
    slots[2] = data;
    release_at(slots, i);
}
