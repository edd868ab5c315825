// A block allocated with slack and its pointer rounded up to a cache line through integer
// arithmetic (nginx's ngx_align_ptr): the rounded pointer still points into the block, so
// storing it hands the block on; dropping it leaks the block.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define align_ptr(p, a) \
    (unsigned char *) (((uintptr_t) (p) + ((uintptr_t) a - 1)) & ~((uintptr_t) a - 1))

static const uint32_t table16[16] = { 0 };
uint32_t *table_short = (uint32_t *) table16;
size_t cacheline_size = 64;

int table_init_ok(void) {
    void *p = malloc(16 * sizeof(uint32_t) + cacheline_size);
    if (p == NULL)
        return -1;
    p = align_ptr(p, cacheline_size);
    memcpy(p, table16, 16 * sizeof(uint32_t));
    table_short = p;
    return 0;
}

int table_copy_ok(void) {
    void *block = malloc(16 * sizeof(uint32_t) + cacheline_size);
    if (block == NULL)
        return -1;
    uint32_t *aligned = (uint32_t *) align_ptr(block, cacheline_size);
    memcpy(aligned, table16, 16 * sizeof(uint32_t));
    table_short = aligned;
    return 0;
}

uint32_t table_sum_bad(void) {
    void *p = malloc(16 * sizeof(uint32_t) + cacheline_size); // expect: MEM-leak
    if (p == NULL)
        return 0;
    p = align_ptr(p, cacheline_size);
    memcpy(p, table16, 16 * sizeof(uint32_t));
    return ((uint32_t *) p)[3];
}
