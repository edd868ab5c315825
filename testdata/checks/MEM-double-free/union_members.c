#include <stdlib.h>

/* Members of a union that have the same type share their storage: a pointer written through
   one member is read through the other. */

union slot {
    char *owned;
    char *borrowed;
};

union mixed {
    char *text;
    long number;
};

void freed_through_other_member_bad(void) {
    union slot s;
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    s.owned = p;
    {
        char *q = s.borrowed;
        free(q); // expect: MEM-double-free
    }
}

void freed_through_other_member_once_good(void) {
    union slot s;
    char *p = malloc(8);
    if (!p)
        return;
    s.owned = p;
    {
        char *q = s.borrowed;
        free(q);
    }
}

/* A member of another type names other bytes' meaning: not the pointer. */
void other_type_member_good(void) {
    union mixed m;
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    m.text = p;
    m.number = 0;
}
