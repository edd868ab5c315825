/* quickjs (bellard/quickjs) quickjs.c:2159, js_def_malloc(): a fresh malloc()
 * block is passed to js_def_malloc_usable_size(const void *ptr), which only
 * forwards it to malloc_usable_size((void *)ptr). malloc_usable_size reads the
 * allocator's chunk header, never the block's contents, so nothing
 * uninitialised is read.
 * Cause: model - a `const void *` parameter of a wrapper is taken as a read of
 * the pointee (calling malloc_usable_size(ptr) directly, or declaring the
 * parameter `void *`, gives no finding).
 * Reported: SPC-uninit-heap-all (line 25, at the call to usable_size). */
#include <stdlib.h>
#include <malloc.h>

static size_t usable_size(const void *ptr)
{
    return malloc_usable_size((void *)ptr);
}

size_t total;

void *def_malloc(size_t size)
{
    void *ptr = malloc(size);
    if (!ptr)
        return NULL;
    total += usable_size(ptr);
    return ptr;
}
