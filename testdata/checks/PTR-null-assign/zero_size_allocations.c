// An allocation macro that gives NULL for a zero size (`n > 0 ? alloc(n) : NULL`), called with
// a count plus a constant: the sum of a 64-bit count and a small constant does not wrap around
// to zero (brotli's BROTLI_ALLOC(m, uint32_t, num_blocks + 4 * 64) in ClusterBlocks).
#include <stdlib.h>
#include <string.h>

typedef struct { int is_oom; } memory_manager;

static void *allocate(memory_manager *m, size_t n) {
    void *p = malloc(n);
    if (!p)
        m->is_oom = 1;
    return p;
}

#define ALLOC(M, T, N) ((N) > 0 ? (T *)allocate((M), (N) * sizeof(T)) : NULL)

void cluster(memory_manager *m, const unsigned char *ids, size_t length, size_t num_blocks) {
    unsigned *u32 = ALLOC(m, unsigned, num_blocks + 4 * 64);
    unsigned *lengths = u32 ? (u32 + 4 * 64) : NULL;
    size_t i, idx = 0;
    if (m->is_oom) {
        free(u32);
        return;
    }
    memset(u32, 0, (num_blocks + 4 * 64) * sizeof(unsigned));
    for (i = 0; i < length; ++i) {
        ++lengths[idx];
        if (i + 1 == length || ids[i] != ids[i + 1])
            ++idx;
    }
    free(u32);
}

// A count minus one is zero for a count of one: the NULL arm is taken.
void shrink(memory_manager *m, size_t count) {
    int *all = ALLOC(m, int, count - 1);
    int *first = all ? all : NULL;
    first[0] = 1; // expect: PTR-null-assign
    free(all);
}
