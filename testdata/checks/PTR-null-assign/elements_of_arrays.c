#include <stdio.h>

/* Issue 12, route 3: a NULL handed to a function in an array, at an index it dereferences. */

static void print_third(long *slots[]) {
    long *d = slots[2];
    printf("%ld\n", *d);
}

void null_element_bad(void) {
    long *data = NULL;
    long *slots[5];
    slots[2] = data;
    print_third(slots); // expect: PTR-null-assign
}

void null_in_other_element_good(void) {
    long value = 7;
    long *data = NULL;
    long *slots[5];
    slots[1] = data;
    slots[2] = &value;
    print_third(slots);
}
