// rsync's my_alloc(ptr, num, size, file, line) returns NULL only when it is given no file
// name; given one (`__FILE__`, through its `new()` macros) it reports the failure and exits.
// So `if (!(ext = new(struct extent))) goto bomb_out;` never leaks the block allocated just
// before. A caller that passes a file name it does not know may get NULL back, and leaks.
#include <stdio.h>
#include <stdlib.h>

static void out_of_memory(const char *msg, const char *file, int line) {
    fprintf(stderr, "out of memory: %s (%s:%d)\n", msg, file, line);
    exit(22);
}

static void *my_alloc(void *ptr, size_t num, size_t size, const char *file, int line) {
    if (!ptr)
        ptr = malloc(num * size);
    if (!ptr && file)
        out_of_memory("my_alloc", file, line);
    return ptr;
}

#define new(type) ((type *)my_alloc(NULL, sizeof(type), 1, __FILE__, __LINE__))
#define new_array(type, num) ((type *)my_alloc(NULL, (num), sizeof(type), __FILE__, __LINE__))

struct extent {
    void *start;
    size_t free;
    struct extent *next;
};

struct pool {
    size_t size;
    struct extent *extents;
};

void *pool_alloc(struct pool *pool, size_t len) {
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

struct extent *extent_new(struct pool *pool, const char *who) {
    char *start = my_alloc(NULL, pool->size, 1, __FILE__, __LINE__); // expect: MEM-leak
    struct extent *ext = my_alloc(NULL, 1, sizeof *ext, who, __LINE__);
    if (!ext)
        return NULL;
    ext->start = start;
    ext->free = pool->size;
    ext->next = NULL;
    return ext;
}
