/* libuv src/unix/thread.c: the library's own lock functions exist to return
 * with the mutex held; failure aborts.
 * Reported: THR-lock-no-unlock (lines 9 and 16). */
#include <pthread.h>
#include <stdlib.h>
#include <errno.h>

void my_mutex_lock(pthread_mutex_t *mutex) {
  if (pthread_mutex_lock(mutex))
    abort();
}

int my_mutex_trylock(pthread_mutex_t *mutex) {
  int err;

  err = pthread_mutex_trylock(mutex);
  if (err) {
    if (err != EBUSY && err != EAGAIN)
      abort();
    return -EBUSY;
  }
  return 0;
}
