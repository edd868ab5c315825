/* Pointers compared for order are unsigned addresses, and NULL is below every other one: a
 * NULL `ref` never passes `ref > in` (redis's lzf_compress, whose hash slot may be empty). */
#include <stddef.h>

typedef unsigned char u8;

int match_length(const u8 *in, const u8 *ip, const u8 *const *slot)
{
    const u8 *ref = *slot ? *slot + 1 : NULL;
    if (ref > in && ref[2] == ip[2])
        return 3;
    return 0;
}

/* `ref < end` holds for NULL, so it does not protect the dereference. */
int below_end(const u8 *end, const u8 *const *slot)
{
    const u8 *ref = *slot ? *slot + 1 : NULL;
    if (ref < end)
        return ref[0]; // expect: PTR-null-assign
    return 0;
}
