/* zstd lib/common/xxhash.h XXH32_finalize / XXH64_finalize /
 * XXH*_endian_align: `if (ptr==NULL) XXH_ASSERT(len == 0);`, where
 * XXH_ASSERT(c) is XXH_ASSUME(c), which is `__builtin_assume(c)` when the
 * compiler has the builtin (clang, and so libclang). The analysis ignores
 * __builtin_assume, keeps len >= 4 after the NULL test, and reports the read
 * in the loop (the `if (!(c)) __builtin_unreachable();` form is understood).
 * Reported: PTR-null-cmp-aft (line 17). */
#include <stddef.h>

#define XXH_ASSERT(c) __builtin_assume(c)

unsigned finalize(unsigned hash, const unsigned char *ptr, size_t len)
{
    if (ptr == NULL) XXH_ASSERT(len == 0);
    len &= 15;
    while (len >= 4) {
        hash += (unsigned)ptr[0] | (unsigned)ptr[1] << 8
              | (unsigned)ptr[2] << 16 | (unsigned)ptr[3] << 24;
        ptr += 4;
        len -= 4;
    }
    while (len > 0) {
        hash = hash * 31 + *ptr++;
        len--;
    }
    return hash;
}
