// A block an allocation wrapper returns is as new as one `malloc` returns: no pointer held it
// before the call. libpng's png_set_keep_unknown_chunks() grows its list through `png_malloc`
// and then swaps it in under `if (png_ptr->chunk_list != new_list)`: the false branch would
// need the new block to be the list already stored, so nothing leaks there.
#include <stdlib.h>
#include <string.h>

struct ctx {
    char *list;
    size_t n;
};

static void *xmalloc(size_t size) {
    void *p = malloc(size);
    if (p == NULL)
        abort();
    return p;
}

void grow_ok(struct ctx *c, size_t n) {
    size_t old = c->list == NULL ? 0 : c->n;
    char *nl = xmalloc(old + n);
    if (old > 0)
        memcpy(nl, c->list, old);
    c->n = old + n;
    if (c->list != nl) {
        free(c->list);
        c->list = nl;
    }
}

// A wrapper that may hand back the block it is given is no allocator of new blocks: the
// pointer compared may be the stored one.
static char *reuse_or_alloc(char *old, size_t n) {
    if (old != NULL && n <= 16)
        return old;
    return xmalloc(n);
}

void reuse_ok(struct ctx *c, size_t n) {
    char *nl = reuse_or_alloc(c->list, n);
    if (c->list != nl) {
        free(c->list);
        c->list = nl;
    }
}

// Still a leak where the swap is forgotten on one branch.
void grow_forgotten(struct ctx *c, size_t n, int keep) {
    char *nl = xmalloc(n); // expect: MEM-leak
    if (keep)
        return;
    free(c->list);
    c->list = nl;
}
