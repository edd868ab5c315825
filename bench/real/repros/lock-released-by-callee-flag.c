/* curl lib/thrdpool.c, lib/thrdqueue.c: unlink(pool, locked=1) drops the last
 * reference, releases the lock itself and frees the pool, returning 1; the
 * caller releases the lock only when unlink returned 0.
 * Reported: THR-lock-no-unlock (line 23). */
#include <pthread.h>
#include <stdlib.h>

struct pool { pthread_mutex_t lock; int refcount; int aborted; };

static int pool_unlink(struct pool *p, int locked)
{
  if(--p->refcount)
    return 0;
  if(locked)
    pthread_mutex_unlock(&p->lock);
  pthread_mutex_destroy(&p->lock);
  free(p);
  return 1;
}

void pool_destroy(struct pool *p)
{
  pthread_mutex_lock(&p->lock);
  p->aborted = 1;
  if(!pool_unlink(p, 1))
    pthread_mutex_unlock(&p->lock);
}
