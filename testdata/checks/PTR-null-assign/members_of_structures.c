#include <stdio.h>

/* Issue 12, route 4: a NULL handed to a function inside a structure that dereferences the
 * member without a test. */

struct pair {
    long *first;
    long *second;
};

static void print_first(struct pair s) {
    long *d = s.first;
    printf("%ld\n", *d);
}

static void print_first_checked(struct pair *s) {
    if (s->first != NULL)
        printf("%ld\n", *s->first);
}

void null_member_bad(void) {
    long *data = NULL;
    struct pair s;
    s.first = data;
    print_first(s); // expect: PTR-null-assign
}

void null_member_checked_good(void) {
    long *data = NULL;
    struct pair s;
    s.first = data;
    print_first_checked(&s);
}

void null_in_other_member_good(void) {
    long value = 1;
    long *data = NULL;
    struct pair s;
    s.first = &value;
    s.second = data;
    print_first(s);
}
