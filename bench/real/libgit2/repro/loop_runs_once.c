/* libgit2 commit_graph.c:286 and midx.c:265: chunks == 0 was rejected, so
 * the loop runs at least once and sets last_chunk (or returns). */
#include <stddef.h>
#include <stdint.h>

struct chunk { size_t offset, length; };

int parse(const uint8_t *ids, uint8_t chunks, size_t trailer)
{
    struct chunk fanout = {0}, lookup = {0};
    struct chunk *last_chunk;
    size_t last = 0;

    if (chunks == 0)
        return -1;
    last_chunk = NULL;
    for (uint32_t i = 0; i < chunks; ++i) {
        last = i * 12;
        switch (ids[i]) {
        case 1: fanout.offset = last; last_chunk = &fanout; break;
        case 2: lookup.offset = last; last_chunk = &lookup; break;
        default: return -1;
        }
    }
    last_chunk->length = trailer - last;
    return (int) (fanout.length + lookup.length);
}
