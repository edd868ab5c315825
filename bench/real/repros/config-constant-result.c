/* curl lib/rand.c, lib/md5.c, lib/vdns/asyn-thrdd.c: the callee can fail only
 * in another build configuration (another #if branch), so in this one its
 * result is constant. Reported: RED-cond-never (line 21). */
#include <stddef.h>

static int weak_random(unsigned int *rnd) { *rnd = 4; return 0; }
int tls_random(unsigned int *rnd);

static int randit(unsigned int *rnd)
{
#ifdef USE_SSL
  return tls_random(rnd);
#else
  return weak_random(rnd);
#endif
}

int rand_bytes(unsigned int *out)
{
  int result = randit(out);
  if(result)
    return result;
  return 0;
}
