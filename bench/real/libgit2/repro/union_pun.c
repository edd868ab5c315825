/* libgit2 src/util/rand.c:125 (getseed): writing one union member
 * initialises the storage read through the other member. */
#include <stdint.h>
#include <stdlib.h>

typedef union { double f; uint64_t d; } bits;

uint64_t seed_from_load(void)
{
    double loadavg[3];
    bits convert;
    uint64_t seed = 0;

    if (getloadavg(loadavg, 3) < 0)
        return 0;
    convert.f = loadavg[0]; seed ^= (convert.d >> 36);
    convert.f = loadavg[1]; seed ^= convert.d;
    return seed;
}
