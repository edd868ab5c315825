/* lighttpd src/mod_evhost.c mod_evhost_parse_pattern(): the new block is
 * filled and returned in one expression, `return memcpy(p, src, n);`.
 * memcpy returns its first argument, so the block escapes to the caller; the
 * result of memcpy is not known to be `p`.
 * Reported: MEM-leak (line 13). */
#include <stdlib.h>
#include <string.h>

typedef struct { char *ptr; unsigned int used, size; } buffer;

buffer *copy_pieces(const buffer *src, unsigned int used)
{
    buffer *pieces = malloc((used + 1) * sizeof(buffer));
    if (!pieces)
        return NULL;
    return memcpy(pieces, src, (used + 1) * sizeof(buffer));
}
