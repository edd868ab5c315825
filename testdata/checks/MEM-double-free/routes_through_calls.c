#include <stdlib.h>

/* Values that cross functions through memory: a function pointer that holds one function,
   and a parameter the helper overwrites and hands back. */

static void release(char *p) {
    free(p);
}

static char *release_returning(char *p) {
    free(p);
    return p; // expect: MEM-use-free-all
}

static char *release_clearing(char *p) {
    free(p);
    return NULL;
}

static void keep(char *p) {
    (void)p;
}

static char *grow(char *p, size_t n) {
    p = realloc(p, n);
    return p;
}

void freed_through_function_pointer_bad(void) {
    void (*drop)(char *) = release;
    char *p = malloc(8);
    if (!p)
        return;
    free(p);
    drop(p); // expect: MEM-double-free
}

void freed_through_function_pointer_good(void) {
    void (*drop)(char *) = release;
    char *p = malloc(8);
    if (!p)
        return;
    drop(p);
}

/* A function pointer given another function on some path names no single function. */
void chosen_function_pointer_good(int owned) {
    void (*done)(char *) = release;
    char *p = malloc(8);
    if (!p)
        return;
    if (!owned)
        done = keep;
    done(p);
}

void freed_memory_handed_back_bad(void) {
    char *p = malloc(8);
    if (!p)
        return;
    p = release_returning(p);
    free(p); // expect: MEM-double-free
}

void cleared_pointer_handed_back_good(void) {
    char *p = malloc(8);
    if (!p)
        return;
    p = release_clearing(p);
    free(p);
}

void grown_parameter_used_unchecked_bad(void) {
    char *b = NULL;
    b = grow(b, 16);
    b[0] = 'x'; // expect: PTR-null-fun-pos
    free(b);
}

void grown_parameter_checked_good(void) {
    char *b = NULL;
    b = grow(b, 16);
    if (!b)
        return;
    b[0] = 'x';
    free(b);
}

void grown_parameter_leaked_bad(void) {
    char *b = grow(NULL, 16); // expect: MEM-leak
    if (!b)
        return;
    b[0] = 'x';
}

void grown_parameter_freed_good(void) {
    char *b = grow(NULL, 16);
    if (!b)
        return;
    b[0] = 'x';
    free(b);
}
