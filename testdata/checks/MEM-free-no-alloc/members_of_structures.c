#include <stdlib.h>

/* Issue 12, route 4: memory that is not on the heap handed to a function inside a structure
 * that frees the member. */

struct pair {
    long *first;
    long *second;
};

static void release_first(struct pair s) {
    long *d = s.first;
    free(d);
}

void static_buffer_bad(void) {
    static long buffer[100];
    long *data = buffer;
    struct pair s;
    s.first = data;
    release_first(s); // expect: MEM-free-no-alloc
}

void heap_buffer_good(void) {
    long *data = malloc(100 * sizeof *data);
    struct pair s;
    if (!data)
        return;
    s.first = data;
    release_first(s);
}
