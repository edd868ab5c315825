// redis src/bitops.c:953 bitposCommand (SPC-uninit-var-some), FALSE: `c->argc < 5` tested on
// both sides of checkType(c, ...), which ends in getClientMemoryUsage's `zmalloc_size(c)`
// (malloc_usable_size). The call is taken to write any member of the client. Reported in
// range_end (and in range_end_shrunk, where the callee does write the member). Not fixed: a model of malloc_usable_size that looks only at the
// address makes redis's zmalloc a tracked allocator, which brings back about 30 known FALSE
// findings (elements sdssplitargs writes below its count, blocks handed to rax trees);
// those must go first (session 22).
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

long range_end_shrunk(struct client *c, long total) {
    long end;
    if (c->argc >= 5)
        end = 10;
    shrink(c);
    if (c->argc < 5)
        end = total - 1;
    return end; 
}
