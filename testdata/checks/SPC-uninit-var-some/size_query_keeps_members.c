// A callee that asks the allocator how large the caller's object is (redis's
// getClientMemoryUsage: `zmalloc_size(c)`, `malloc_usable_size`) writes nothing through it: a
// member tested before and after a call of it keeps its value (bitposCommand's `c->argc < 5`
// tested on both sides of calls that end in such a size query).
#include <malloc.h>
#include <stdlib.h>

struct client { int argc; size_t used; char *querybuf; };

static size_t client_memory(struct client *c) {
    size_t mem = malloc_usable_size(c);
    if (c->querybuf)
        mem += malloc_usable_size(c->querybuf);
    return mem;
}

static void account(struct client *c) {
    c->used = client_memory(c);
}

long range_end(struct client *c, long total) {
    long end;
    if (c->argc >= 5)
        end = 10;
    account(c);
    if (c->argc < 5)
        end = total - 1;
    return end;
}

static void shrink(struct client *c) {
    if (c->used > 1024)
        c->argc = 0;
}

long range_end_bad(struct client *c, long total) {
    long end;
    if (c->argc >= 5)
        end = 10;
    shrink(c);
    if (c->argc < 5)
        end = total - 1;
    return end; // expect: SPC-uninit-var-some
}
