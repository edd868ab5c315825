/* libgit2 src/libgit2/pack.c:611 (pack_dependency_chain): elements of the
 * caller's small stack are written through `elem = &small_stack[pos]`; the
 * memcpy reads them only once pos reached the stack size. */
#include <stdlib.h>
#include <string.h>

#define SMALL 4
struct elem { long offset; int type; };
struct chain { struct elem *ptr; size_t size; };

int next_type(long off);

static int dependency_chain(struct chain *out, struct elem *small_stack,
                            size_t *stack_sz, long off)
{
    struct chain chain = { NULL, 0 };
    size_t pos = 0;
    int use_heap = 0;
    struct elem *elem;

    while (1) {
        if (pos == SMALL) {
            chain.ptr = malloc(64 * sizeof(struct elem));
            if (chain.ptr == NULL)
                return -1;
            memcpy(chain.ptr, small_stack, pos * sizeof(struct elem));
            chain.size = pos;
            use_heap = 1;
        }
        if (!use_heap)
            elem = &small_stack[pos];
        else
            elem = &chain.ptr[chain.size++];
        elem->offset = off;
        elem->type = next_type(off);
        pos++;
        if (elem->type != 6 || pos == 64)
            break;
        off += 10;
    }
    *stack_sz = pos;
    *out = chain;
    return 0;
}

int unpack(long off)
{
    struct elem small_stack[SMALL];
    struct chain chain;
    size_t n;
    if (dependency_chain(&chain, small_stack, &n, off) < 0)
        return -1;
    free(chain.ptr);
    return (int) n;
}
