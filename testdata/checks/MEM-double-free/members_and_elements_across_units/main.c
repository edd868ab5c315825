#include <stdlib.h>

struct box {
    long *first;
    long *second;
};

void box_release(struct box b);
void box_release_second(struct box *b);

void across_units_by_value_bad(void) {
    long *data = malloc(100 * sizeof(long));
    struct box b;
    if (data == NULL)
        exit(1);
    free(data);
    b.first = data;
    box_release(b); // expect: MEM-double-free
}

void across_units_by_pointer_bad(void) {
    long *data = malloc(100 * sizeof(long));
    struct box b;
    if (data == NULL)
        exit(1);
    b.second = data;
    box_release_second(&b);
    free(data); // expect: MEM-double-free
}

void across_units_good(void) {
    long *data = malloc(100 * sizeof(long));
    struct box b;
    if (data == NULL)
        exit(1);
    b.first = data;
    b.second = NULL;
    box_release(b);
}

void slots_release_third(long *slots[]);

void across_units_array_bad(void) {
    long *data = malloc(100 * sizeof(long));
    long *slots[5];
    if (data == NULL)
        exit(1);
    free(data);
    slots[2] = data;
    slots_release_third(slots); // expect: MEM-double-free
}
