/* rsync (RsyncProject/rsync) lib/pool_alloc.c:169, pool_alloc, MEM-leak `start`.
 * Cause: callee-conditions. `new(struct pool_extent)` is my_alloc(NULL, size, 1, __FILE__,
 * __LINE__); my_alloc returns NULL only when its file argument is NULL, otherwise it calls
 * _out_of_memory(), which never returns (exit_cleanup). So the `goto bomb_out` after new()
 * that would leak `start` is never taken. */
#include <stdio.h>
#include <stdlib.h>

static void out_of_memory(const char *msg, const char *file, int line)
{
    fprintf(stderr, "out of memory: %s (file=%s, line=%d)\n", msg, file, line);
    exit(22);
}

static void *my_alloc(void *ptr, size_t num, size_t size, const char *file, int line)
{
    if (!ptr)
        ptr = malloc(num * size);
    if (!ptr && file)
        out_of_memory("my_alloc caller", file, line);
    return ptr;
}
#define new(type) ((type *)my_alloc(NULL, sizeof(type), 1, __FILE__, __LINE__))
#define new_array(type, num) ((type *)my_alloc(NULL, (num), sizeof(type), __FILE__, __LINE__))

struct extent { void *start; size_t free; struct extent *next; };
struct pool { size_t size; struct extent *extents; };

void *pool_alloc(struct pool *pool, size_t len)
{
    if (len > pool->size)
        goto bomb_out;
    if (!pool->extents || len > pool->extents->free) {
        void *start;
        struct extent *ext;
        if (!(start = new_array(char, pool->size)))
            goto bomb_out;
        if (!(ext = new(struct extent)))
            goto bomb_out;
        ext->start = start;
        ext->free = pool->size;
        ext->next = pool->extents;
        pool->extents = ext;
    }
    pool->extents->free -= len;
    return (char *)pool->extents->start + pool->extents->free;
  bomb_out:
    return NULL;
}
