/* Size-prefixed allocators hand out the address past a header and release the block from
 * there, moving back by the header's size. */
#include <stdlib.h>

struct header {
    size_t size;
};

void release_rewound_ok(void *q) {
    char *p = q;
    if (!p)
        return;
    p -= sizeof(struct header);
    free(p);
}

void release_at_header_ok(void *q) {
    if (q)
        free((char *)q - sizeof(struct header));
}

int header_round_trip_ok(size_t n) {
    char *p = malloc(n + sizeof(struct header));
    if (!p)
        return -1;
    p += sizeof(struct header);
    p[0] = 0;
    free(p - sizeof(struct header));
    return 0;
}

int past_header_freed_bad(size_t n) {
    char *p = malloc(n + sizeof(struct header));
    if (!p)
        return -1;
    p += sizeof(struct header);
    p[0] = 0;
    free(p); // expect: MEM-free-offset
    return 0;
}
