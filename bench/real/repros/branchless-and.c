/* zstd lib/compress/zstd_fast.c, zstd_double_fast.c, zstd_lazy.c,
 * zstd_opt.c, lib/decompress/huf_decompress.c, ...: hot loops combine two
 * comparisons with `&` on purpose, to avoid a branch; neither operand has a
 * side effect or can fault, so `&&` would only add a branch (the compilers'
 * own -Wbitwise-instead-of-logical is silent when the right operand has no
 * side effect).
 * Reported: EXP-bitwise-bool (line 15). */
#include <stddef.h>

typedef unsigned char BYTE;

size_t catch_up(const BYTE *ip, const BYTE *anchor, const BYTE *match,
                const BYTE *prefixStart, size_t mLength)
{
    while (((ip > anchor) & (match > prefixStart)) && (ip[-1] == match[-1])) {
        ip--; match--; mLength++;
    }
    return mLength;
}

int take_buffer(size_t avail, size_t bSize)
{
    return (avail >= bSize) & ((avail >> 3) <= bSize);
}
