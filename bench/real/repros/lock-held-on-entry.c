/* curl lib/thrdpool.c thrdpool_join_zombies(): called with pool->lock held
 * (every caller locks first); it drops the lock around a blocking join and
 * takes it again before returning to the caller, who still owns it.
 * Reported: THR-unlock-no-lock (line 19), THR-lock-no-unlock (line 21). */
#include <pthread.h>
#include <stddef.h>

struct slot { struct slot *next; pthread_t thread; int joinable; };
struct pool { pthread_mutex_t lock; struct slot *zombies; };

void slot_free(struct slot *s);

static void join_zombies(struct pool *pool)
{
  while(pool->zombies) {
    struct slot *s = pool->zombies;
    pool->zombies = s->next;
    if(s->joinable) {
      pthread_mutex_unlock(&pool->lock);
      pthread_join(s->thread, NULL);
      pthread_mutex_lock(&pool->lock);
    }
    slot_free(s);
  }
}

void pool_idle(struct pool *pool)
{
  pthread_mutex_lock(&pool->lock);
  join_zombies(pool);
  pthread_mutex_unlock(&pool->lock);
}
