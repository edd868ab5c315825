/* curl lib/http.c http_target(): `if(GET(x)) p = GET(x);` - a side-effect
 * free getter called twice with the same arguments; the test of the first
 * result covers the second. Reported: PTR-null-fun-pos (line 25). */
#include <stddef.h>
#include <string.h>

struct strset { char *s[8]; unsigned char n; };
struct easy { struct strset strings; const char *path; };

const char *strset_get(struct strset *set, unsigned char id)
{
  if(id < set->n)
    return set->s[id];
  return NULL;
}

#define EASY_STR(d, id) strset_get(&(d)->strings, (id))

size_t target_len(struct easy *data)
{
  const char *path = "/";

  if(EASY_STR(data, 3))
    path = EASY_STR(data, 3);
  return strlen(path);
}
