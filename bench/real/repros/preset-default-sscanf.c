/* libuv src/unix/linux.c uv__read_proc_meminfo(): the result is preset to a
 * default before sscanf(); when sscanf fails the default (0 = unknown) is
 * what the function returns. Reported: LIB-return-unchecked (line 18). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

uint64_t read_meminfo_field(const char *buf, const char *what)
{
  const char *p;
  uint64_t rc;

  p = strstr(buf, what);
  if (p == NULL)
    return 0;
  p += strlen(what);
  rc = 0;
  sscanf(p, "%" SCNu64 " kB", &rc);
  return rc * 1024;
}
