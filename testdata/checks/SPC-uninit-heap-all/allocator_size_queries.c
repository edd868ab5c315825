// Asking the allocator how large a block is reads the allocator's own bookkeeping, not the
// block's contents: a runtime's `usable_size` hook that forwards to `malloc_usable_size`
// (quickjs's js_def_malloc_usable_size) reads nothing uninitialised of a fresh block.
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    size_t malloc_size;
    size_t malloc_count;
} malloc_state_t;

static size_t usable_size(const void *ptr) {
    return malloc_usable_size((void *)ptr);
}

void *counted_malloc(malloc_state_t *s, size_t size) {
    void *ptr = malloc(size);
    if (!ptr)
        return NULL;
    s->malloc_count++;
    s->malloc_size += usable_size(ptr);
    return ptr;
}

// The contents are still read by whoever reads them.
int first_after_size_bad(malloc_state_t *s) {
    int *p = malloc(4 * sizeof(int));
    if (p == NULL)
        return -1;
    s->malloc_size += usable_size(p);
    int w = p[0]; // expect: SPC-uninit-heap-all
    free(p);
    return w;
}
