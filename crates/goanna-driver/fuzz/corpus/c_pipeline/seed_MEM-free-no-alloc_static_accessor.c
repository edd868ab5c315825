// The result of a function that always returns the address of a static object is not heap
// memory.
#include <stdlib.h>

static char name[16];

static char *current_name(void) {
    return name;
}

static char *copy_name(void) {
    char *p = malloc(sizeof name);
    return p;
}

void free_static_result_bad(void) {
    char *n = current_name();
    free(n); // expect: MEM-free-no-alloc
}

void free_heap_result_ok(void) {
    char *n = copy_name();
    free(n);
}
