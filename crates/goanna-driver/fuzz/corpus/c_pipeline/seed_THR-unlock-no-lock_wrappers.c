// The unlock of an unlock wrapper is on its caller's call: releasing twice through the wrapper
// is reported there; the wrappers themselves are not.
#include <pthread.h>

typedef struct {
    pthread_mutex_t mu;
    int n;
} db;

void lock_db(db *d) {
    pthread_mutex_lock(&d->mu);
}

void unlock_db(db *d) {
    pthread_mutex_unlock(&d->mu);
}

void release_once(db *d) {
    lock_db(d);
    d->n++;
    unlock_db(d);
}

void relock(db *d) {
    lock_db(d);
    d->n++;
    unlock_db(d);
    lock_db(d);
    d->n--;
    unlock_db(d);
}

void release_twice_bad(db *d) {
    lock_db(d);
    d->n++;
    unlock_db(d);
    unlock_db(d); // expect: THR-unlock-no-lock
}
