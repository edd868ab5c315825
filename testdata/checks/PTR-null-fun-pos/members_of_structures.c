#include <stdlib.h>

/* Issue 12, route 4: an unchecked allocation handed to a function inside a structure that
 * dereferences the member. */

struct pair {
    long *first;
    long *second;
};

static void set_first(struct pair *s) {
    s->first[0] = 5;
}

void unchecked_bad(void) {
    long *data = malloc(100 * sizeof *data);
    struct pair s;
    s.first = data;
    set_first(&s); // expect: PTR-null-fun-pos
    free(data);
}

void checked_good(void) {
    long *data = malloc(100 * sizeof *data);
    struct pair s;
    if (!data)
        return;
    s.first = data;
    set_first(&s);
    free(data);
}
