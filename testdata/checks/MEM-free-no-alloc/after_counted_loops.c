#include <stdlib.h>

/* A buffer filled by a counted loop before it is freed: leaving the loop takes a hundred
 * iterations, which the refutation stage summarises instead of unrolling. */

struct pair {
    int one;
    int two;
};

void static_array_filled_bad(void) {
    struct pair *data = NULL;
    {
        static struct pair buffer[100];
        size_t i;
        for (i = 0; i < 100; i++) {
            buffer[i].one = 1;
            buffer[i].two = 1;
        }
        data = buffer;
    }
    free(data); // expect: MEM-free-no-alloc
}

void heap_array_filled_good(void) {
    struct pair *data = malloc(100 * sizeof *data);
    size_t i;
    if (!data)
        return;
    for (i = 0; i < 100; i++) {
        data[i].one = 1;
        data[i].two = 1;
    }
    free(data);
}
