// A block fresh from an allocator is never the address of a named object (a local or global
// array, `&x`): the buffer is allocated only when the one on the stack is too small, and freed
// when it is not the stack one (pcre2test's `if (copy != buf) free(copy);`).
#include <stdlib.h>
#include <string.h>

static char shared[64];

void stack_or_heap_ok(const char *s, size_t n) {
    char buf[16], *copy;
    if (n > sizeof buf) {
        copy = malloc(n);
        if (!copy)
            return;
    } else
        copy = buf;
    memcpy(copy, s, n);
    if (copy != buf)
        free(copy);
}

void tested_as_equal_ok(size_t n) {
    char stackbuf[32];
    char *p = n > sizeof stackbuf ? malloc(n) : stackbuf;
    if (p == NULL)
        return;
    p[0] = 0;
    if (p == stackbuf)
        return;
    free(p);
}

void global_or_heap_ok(size_t n) {
    char *p = shared;
    if (n > sizeof shared) {
        p = malloc(n);
        if (p == NULL)
            return;
    }
    p[0] = 0;
    if (p != shared)
        free(p);
}

void address_of_scalar_ok(int c) {
    long one, *v = &one;
    if (c) {
        v = malloc(8 * sizeof *v);
        if (!v)
            return;
    }
    v[0] = 1;
    if (v != &one)
        free(v);
}

/* Bad twins: the block is compared with a pointer that may be it (what a call given the block
 * returns), or freed only when it is the stack buffer. */
char *find(const char *key);

void compared_with_later_pointer_bad(size_t n) {
    char *copy = malloc(n); // expect: MEM-leak
    if (!copy)
        return;
    copy[0] = 0;
    char *other = find(copy);
    if (copy != other)
        free(copy);
}

void freed_when_on_stack_bad(size_t n) {
    char buf[16], *copy;
    if (n > sizeof buf) {
        copy = malloc(n); // expect: MEM-leak
        if (!copy)
            return;
    } else
        copy = buf;
    copy[0] = 0;
    if (copy == buf)
        free(copy); // expect: MEM-free-no-alloc
}
