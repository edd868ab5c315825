/* nginx src/core/ngx_crc32.c ngx_crc32_table_init(): a block is allocated
 * with slack, the pointer is rounded up to a cache line through uintptr_t
 * arithmetic (ngx_align_ptr), and the realigned pointer into the same block
 * is kept in a global table pointer for the process lifetime.
 * Reported: MEM-leak (line 21). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define align_ptr(p, a) \
    (unsigned char *) (((uintptr_t) (p) + ((uintptr_t) a - 1)) & ~((uintptr_t) a - 1))

static const uint32_t table16[16] = { 0 };
uint32_t *table_short = (uint32_t *) table16;
size_t cacheline_size = 64;

int table_init(void)
{
    void *p;

    p = malloc(16 * sizeof(uint32_t) + cacheline_size);
    if (p == NULL)
        return -1;

    p = align_ptr(p, cacheline_size);
    memcpy(p, table16, 16 * sizeof(uint32_t));
    table_short = p;
    return 0;
}
