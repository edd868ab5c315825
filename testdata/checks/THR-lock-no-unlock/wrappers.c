// Lock wrappers return holding the lock on purpose: they are not reported, and their callers
// see the lock (and the unlock of an unlock wrapper) on the call.
#include <pthread.h>

typedef struct {
    pthread_mutex_t mu;
    int n;
} db;

static pthread_mutex_t big_lock = PTHREAD_MUTEX_INITIALIZER;
static int total;
static db shared_db;

void lock_db(db *d) {
    pthread_mutex_lock(&d->mu);
}

void unlock_db(db *d) {
    pthread_mutex_unlock(&d->mu);
}

void lock_mutex(pthread_mutex_t *m) {
    pthread_mutex_lock(m);
}

void unlock_mutex(pthread_mutex_t *m) {
    pthread_mutex_unlock(m);
}

/* A wrapper of a wrapper. */
void lock_db_traced(db *d) {
    lock_db(d);
}

void lock_all(void) {
    pthread_mutex_lock(&big_lock);
}

void unlock_all(void) {
    pthread_mutex_unlock(&big_lock);
}

void increment(db *d) {
    lock_db(d);
    d->n++;
    unlock_db(d);
}

void increment_mixed(db *d) {
    lock_db(d);
    d->n++;
    pthread_mutex_unlock(&d->mu);
}

void increment_traced(db *d) {
    lock_db_traced(d);
    d->n++;
    unlock_db(d);
}

void increment_shared(void) {
    lock_db(&shared_db);
    shared_db.n++;
    unlock_db(&shared_db);
}

void increment_by_mutex(db *d) {
    lock_mutex(&d->mu);
    d->n++;
    unlock_mutex(&d->mu);
}

void add_total(int v) {
    lock_all();
    total += v;
    unlock_all();
}

/* Bad twins: a caller that returns early holding the wrapper's lock. */
int set_bad(db *d, int v) {
    lock_db(d); // expect: THR-lock-no-unlock
    if (v < 0)
        return -1;
    d->n = v;
    unlock_db(d);
    return 0;
}

int set_shared_bad(int v) {
    lock_db(&shared_db); // expect: THR-lock-no-unlock
    if (v < 0)
        return -1;
    shared_db.n = v;
    unlock_db(&shared_db);
    return 0;
}

int set_by_mutex_bad(db *d, int v) {
    lock_mutex(&d->mu); // expect: THR-lock-no-unlock
    if (v < 0)
        return -1;
    d->n = v;
    unlock_mutex(&d->mu);
    return 0;
}

/* Not a wrapper: it unlocks on one path, so the other path is a forgotten unlock. */
int lock_if_idle_bad(db *d) {
    pthread_mutex_lock(&d->mu); // expect: THR-lock-no-unlock
    if (d->n > 0) {
        pthread_mutex_unlock(&d->mu);
        return 0;
    }
    return 1;
}
