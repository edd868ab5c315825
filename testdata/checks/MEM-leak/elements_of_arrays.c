#include <stdlib.h>
#include <string.h>

/* Issue 12, route 3: memory handed to a function in an array. A callee that only reads the
 * element leaves the block to the caller. */

static size_t third_length(char *slots[]) {
    const char *d = slots[2];
    return strlen(d);
}

static void release_third(char **slots) {
    char *d = slots[2];
    free(d);
}

size_t only_read_bad(void) {
    char *data = malloc(8); // expect: MEM-leak
    char *slots[4];
    if (!data)
        return 0;
    strcpy(data, "abc");
    slots[2] = data;
    return third_length(slots);
}

void released_by_callee_good(void) {
    char *data = malloc(8);
    char *slots[4];
    if (!data)
        return;
    slots[2] = data;
    release_third(slots);
}

void stored_at_a_variable_index_good(int i) {
    char *data = malloc(8);
    char *slots[4];
    if (!data)
        return;
    slots[i & 3] = data;
    release_third(slots);
}

/* An allocation, a loop that only fills an array, and a return that leaks: the loop is
 * passed through whatever its number of iterations. */
int filled_then_leaked_bad(int *out) {
    int *tmp = malloc(100 * sizeof *tmp); // expect: MEM-leak
    int i;
    if (!tmp)
        return -1;
    for (i = 0; i < 100; i++)
        tmp[i] = i;
    *out = tmp[99];
    return 0;
}
