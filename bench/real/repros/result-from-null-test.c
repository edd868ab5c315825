/* curl lib/http.c http_header_p(): the NULL test of a copy sets an error
 * code, and the use is guarded by that code.
 * Reported: PTR-null-cmp-aft (line 19) and MEM-leak (line 16). */
#include <stdlib.h>
#include <string.h>

enum code { OK = 0, OUT_OF_MEMORY = 27 };

static enum code input_auth(const char *auth)
{
  return (auth[0] == 'B') ? OK : OUT_OF_MEMORY;
}

enum code on_proxy_auth(const char *hd)
{
  char *auth = strdup(hd);
  enum code result = auth ? OK : OUT_OF_MEMORY;
  if(!result) {
    result = input_auth(auth);
    free(auth);
  }
  return result;
}
