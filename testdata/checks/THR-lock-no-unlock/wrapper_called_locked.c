// A function that takes a global lock and never releases it is a lock wrapper only when its
// callers do not hold the lock already: called from a thread that holds it, it cannot be there
// to hand the lock over, and the lock it takes is never released (ITC lock_never_unlock_003).
// The caller's own lock is reported too: the callee takes it again before it is released.
#include <pthread.h>
#include <stddef.h>

pthread_mutex_t data_lock = PTHREAD_MUTEX_INITIALIZER;
float data;

void bump(void) {
    pthread_mutex_lock(&data_lock); // expect: THR-lock-no-unlock
    data = data + 1.2f;
}

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&data_lock); // expect: THR-lock-no-unlock
    data = data + 3.5f;
    bump();
    pthread_mutex_unlock(&data_lock);
    return NULL;
}

int start_worker(void) {
    pthread_t t;
    return pthread_create(&t, NULL, worker, NULL);
}

// A real wrapper of the same kind: its callers take the lock through it and release it.
pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
int table;

void table_lock_acquire(void) {
    pthread_mutex_lock(&table_lock);
}

void table_set(int v) {
    table_lock_acquire();
    table = v;
    pthread_mutex_unlock(&table_lock);
}

// A lock reached through a parameter, taken by a wrapper that a caller calls holding it.
struct db {
    pthread_mutex_t mu;
    int n;
};

void db_enter(struct db *d) {
    pthread_mutex_lock(&d->mu); // expect: THR-lock-no-unlock
    d->n++;
}

void db_update(struct db *d) {
    pthread_mutex_lock(&d->mu); // expect: THR-lock-no-unlock
    db_enter(d);
    pthread_mutex_unlock(&d->mu);
}

void db_lock(struct db *d) {
    pthread_mutex_lock(&d->mu);
}

void db_touch(struct db *d) {
    db_lock(d);
    d->n--;
    pthread_mutex_unlock(&d->mu);
}
