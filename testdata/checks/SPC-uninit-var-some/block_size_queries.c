// Asking the allocator for a block's usable size (`malloc_usable_size`, redis's zmalloc_size)
// reads its bookkeeping and writes nothing: a member tested before such a call keeps its
// value after it, so the two tests of `c->argc` agree.
#include <malloc.h>
#include <stddef.h>

struct client {
    int argc;
    char *buf;
};

static size_t memory_of(struct client *c) {
    return malloc_usable_size(c) + (c->buf ? malloc_usable_size(c->buf) : 0);
}

long range_end_ok(struct client *c, long given) {
    long end;
    if (c->argc >= 5)
        end = given;
    size_t used = memory_of(c);
    if (c->argc < 5)
        end = (long)used;
    return end;
}

// A call that may write the member breaks the agreement.
void reset(struct client *c);

long range_end_reset(struct client *c, long given) {
    long end;
    if (c->argc >= 5)
        end = given;
    reset(c);
    if (c->argc < 5)
        end = 0;
    return end; // expect: SPC-uninit-var-some
}
