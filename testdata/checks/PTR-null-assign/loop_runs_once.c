// A count tested non-zero before a loop over it: the loop runs at least once and sets the
// pointer (libgit2's chunk tables). Handing an address on (`p = data + k`) writes nothing, so
// the count read through the header pointer keeps its value.
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct header { uint32_t signature; uint8_t chunks; };
struct chunk { size_t offset; size_t length; };
struct file { unsigned char checksum[20]; };

int fail(const char *message);

int parse_ok(struct file *file, const unsigned char *data, size_t size) {
    const struct header *hdr = (const struct header *)data;
    struct chunk a = {0}, b = {0}, *last_chunk;
    const unsigned char *chunk_hdr;
    size_t i;
    if (hdr->chunks == 0)
        return fail("no chunks");
    memcpy(file->checksum, data + size - 20, 20);
    chunk_hdr = data + sizeof(struct header);
    last_chunk = NULL;
    for (i = 0; i < hdr->chunks; ++i, chunk_hdr += 12) {
        if (last_chunk != NULL)
            last_chunk->length = 1;
        switch (chunk_hdr[0]) {
        case 1: a.offset = i; last_chunk = &a; break;
        case 2: b.offset = i; last_chunk = &b; break;
        default: return fail("unknown chunk");
        }
    }
    last_chunk->length = 5;
    return 0;
}

int parse_bad(struct file *file, const unsigned char *data, size_t size) {
    const struct header *hdr = (const struct header *)data;
    struct chunk a = {0}, *last_chunk;
    size_t i;
    memcpy(file->checksum, data + size - 20, 20);
    last_chunk = NULL;
    for (i = 0; i < hdr->chunks; ++i) {
        a.offset = i;
        last_chunk = &a;
    }
    last_chunk->length = 5; // latent: what memory holds decides (PTR-null-assign's latent_if_inputs_choose)
    return 0;
}
