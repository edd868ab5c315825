// A function entered with the lock held may drop it around a slow call and take it back
// before returning: every path releases first, so the release is the caller's lock.
#include <pthread.h>
#include <unistd.h>

typedef struct {
    pthread_mutex_t mu;
    int n;
} db;

void unlock_db(db *d) {
    pthread_mutex_unlock(&d->mu);
}

void lock_db(db *d) {
    pthread_mutex_lock(&d->mu);
}

/* Called with d->mu held. */
void pause_unlocked(db *d) {
    pthread_mutex_unlock(&d->mu);
    sleep(1);
    pthread_mutex_lock(&d->mu);
}

/* The same through wrappers. */
void pause_with_wrappers(db *d) {
    unlock_db(d);
    sleep(1);
    lock_db(d);
}

/* Bad twins: only some paths enter holding the lock; the lock is taken twice before the
   release on the other path. */
void sometimes_locked_bad(db *d, int held) {
    if (!held)
        pthread_mutex_lock(&d->mu);
    d->n++;
    pthread_mutex_unlock(&d->mu); // expect: THR-unlock-no-lock
}

void released_twice_bad(db *d) {
    pthread_mutex_unlock(&d->mu);
    sleep(1);
    pthread_mutex_unlock(&d->mu); // expect: THR-unlock-no-lock
    pthread_mutex_lock(&d->mu);
}
