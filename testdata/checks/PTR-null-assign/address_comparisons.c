// Pointers compared with addresses (`chunk == &set->head`, `buf != stackbuf`): the address of
// the same access path is the same value while the pointers it goes through keep theirs. curl's
// uint32_spbset_unlink_empty walks a list that starts at an embedded head: leaving the loop at
// the head (`chunk == &bset->head`) means no step ran, and any other chunk means one did, which
// set `panchor`.
#include <string.h>
#include <stdint.h>

struct chunk { struct chunk *next; uint32_t offset; };
struct set { struct chunk head; struct chunk spare; };
int empty_chunk(struct chunk *c);

struct chunk *unlink_empty_ok(struct set *bset) {
    struct chunk *chunk, **panchor = NULL;
    for (chunk = &bset->head; chunk; panchor = &chunk->next, chunk = chunk->next) {
        if (empty_chunk(chunk))
            break;
    }
    if (chunk) {
        if (chunk == &bset->head)
            return &bset->head;
        *panchor = chunk->next;
        memset(chunk, 0, sizeof(*chunk));
    }
    return chunk;
}

struct chunk *unlink_empty_wrong_member(struct set *bset) {
    struct chunk *chunk, **panchor = NULL;
    for (chunk = &bset->head; chunk; panchor = &chunk->next, chunk = chunk->next) {
        if (empty_chunk(chunk))
            break;
    }
    if (chunk) {
        if (chunk == &bset->spare)
            return &bset->spare;
        *panchor = chunk->next; // latent: what memory holds decides (PTR-null-assign's latent_if_inputs_choose)
    }
    return chunk;
}
