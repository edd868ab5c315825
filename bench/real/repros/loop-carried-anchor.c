/* curl lib/uint-spbset.c uint32_spbset_unlink_empty(): panchor is NULL only
 * before the first loop step; a chunk other than the head was reached by at
 * least one step, which set panchor. Reported: PTR-null-assign (line 22). */
#include <stddef.h>
#include <string.h>

struct chunk { struct chunk *next; unsigned int bits; };
struct set { struct chunk head; };

struct chunk *unlink_empty(struct set *bset)
{
  struct chunk *chunk, **panchor = NULL;

  for(chunk = &bset->head; chunk;
      panchor = &chunk->next, chunk = chunk->next) {
    if(!chunk->bits)
      break;
  }
  if(chunk) {
    if(chunk == &bset->head)
      return &bset->head;
    *panchor = chunk->next;
    memset(chunk, 0, sizeof(*chunk));
  }
  return chunk;
}
