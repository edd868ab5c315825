/* quickjs (bellard/quickjs) quickjs.c:2192, js_def_realloc(): the runtime's
 * realloc hook does `ptr = realloc(ptr, size); if (!ptr) return NULL;` where
 * ptr is a by-value parameter. On failure realloc leaves the block intact and
 * the caller (js_realloc_rt and its callers, e.g. js_realloc_array) still holds
 * its own copy of the pointer and keeps/frees the block, exactly as with plain
 * realloc(). Nothing is lost: the wrapper does not own the block.
 * Cause: ownership - overwriting a parameter copy of the pointer is not a leak.
 * Reported: MEM-realloc-self (line 23). */
#include <stdlib.h>
#include <malloc.h>

typedef struct { size_t malloc_size, malloc_limit; } state_t;

void *def_realloc(state_t *s, void *ptr, size_t size)
{
    size_t old_size;

    if (!ptr || size == 0)
        return NULL;
    old_size = malloc_usable_size(ptr);
    if (s->malloc_size + size - old_size > s->malloc_limit)
        return NULL;
    ptr = realloc(ptr, size);
    if (!ptr)
        return NULL;
    s->malloc_size += malloc_usable_size(ptr) - old_size;
    return ptr;
}
