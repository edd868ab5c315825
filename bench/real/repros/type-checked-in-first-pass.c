/* nginx src/core/ngx_resolver.c ngx_resolver_process_a(): a first pass over
 * the answer records rejects the response when a record's type differs from
 * the query type and counts the addresses; a second pass over the same,
 * unchanged buffer copies them. Only the array for the query type is
 * allocated; the other one is set to NULL.
 * Reported: PTR-null-assign (line 45). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define TYPE_A    1
#define TYPE_AAAA 28

struct rec { int type; unsigned char data[16]; };

int copy_addrs(const struct rec *an, size_t nan, int qtype,
               uint32_t **out4, unsigned char (**out6)[16])
{
    uint32_t *addr;
    unsigned char (*addr6)[16];
    size_t a, j, naddrs = 0;

    for (a = 0; a < nan; a++) {
        if (an[a].type != qtype)
            return -1;                   /* unexpected record type */
        naddrs++;
    }
    if (naddrs == 0)
        return 0;
    if (qtype == TYPE_AAAA) {
        addr6 = malloc(naddrs * 16);
        if (addr6 == NULL)
            return -1;
        addr = NULL;
    } else {
        addr = malloc(naddrs * sizeof(uint32_t));
        if (addr == NULL)
            return -1;
        addr6 = NULL;
    }
    for (a = 0, j = 0; a < nan; a++, j++) {
        if (an[a].type == TYPE_A)
            memcpy(&addr[j], an[a].data, 4);
        else
            memcpy(addr6[j], an[a].data, 16);
    }
    *out4 = addr;
    *out6 = addr6;
    return (int) naddrs;
}
