#include <stdlib.h>

void helper_release(char *p);
char *helper_release_returning(char *p);
char *helper_release_clearing(char *p);
char *helper_grow(char *p, size_t n);
void helper_release_held(char **pp);

/* The same routes when the helpers are defined in another unit. */

void freed_through_extern_function_pointer_bad(void) {
    void (*drop)(char *) = helper_release;
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    drop(p); // expect: MEM-double-free
}

void freed_through_extern_function_pointer_good(void) {
    void (*drop)(char *) = helper_release;
    char *p = malloc(8);
    if (!p)
        return;
    drop(p);
}

void freed_memory_handed_back_across_units_bad(void) {
    char *p = malloc(8);
    if (!p)
        return;
    p = helper_release_returning(p);
    free(p); // expect: MEM-double-free
}

void cleared_pointer_handed_back_across_units_good(void) {
    char *p = malloc(8);
    if (!p)
        return;
    p = helper_release_clearing(p);
    free(p);
}

void grown_across_units_unchecked_bad(void) {
    char *b = NULL;
    b = helper_grow(b, 16);
    b[0] = 'x'; // expect: PTR-null-fun-pos
    free(b);
}

void grown_across_units_checked_good(void) {
    char *b = NULL;
    b = helper_grow(b, 16);
    if (!b)
        return;
    b[0] = 'x';
    free(b);
}

void freed_then_released_by_address_across_units_bad(void) {
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    helper_release_held(&p); // expect: MEM-double-free
}

void released_by_address_across_units_good(void) {
    char *p = malloc(8);
    if (!p)
        return;
    helper_release_held(&p);
}
