#include <stdlib.h>

/* Sinks of another unit that take a structure (by value, by pointer) and free a member. */

struct box {
    long *first;
    long *second;
};

void box_release(struct box b) {
    long *data = b.first;
    free(data);
}

void box_release_second(struct box *b) {
    free(b->second);
}

void slots_release_third(long *slots[]) {
    long *data = slots[2];
    free(data);
}
