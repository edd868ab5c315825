/* libuv src/unix/linux.c uv__iou_init(): the mapping is set to MAP_FAILED
 * before the first `goto fail`, and its length is assigned before the
 * mapping is made, so the cleanup reads the length only when it is set.
 * Reported: SPC-uninit-var-some (line 24). */
#include <stddef.h>
#include <sys/mman.h>
#include <unistd.h>

void ring_init(int fd, int features, size_t entries)
{
  char *sq;
  size_t maxlen;

  sq = MAP_FAILED;
  if (!(features & 1))
    goto fail;
  maxlen = entries * 64;
  sq = mmap(0, maxlen, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (sq == MAP_FAILED)
    goto fail;
  return;
fail:
  if (sq != MAP_FAILED)
    munmap(sq, maxlen);
  close(fd);
}
