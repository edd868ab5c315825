// A lock wrapper that calls the program's panic handler when the lock call fails (nng's
// nni_pthread_mutex_lock: `if ((rv = pthread_mutex_lock(m)) != 0) nni_panic(...)`) returns
// only with the lock held: the handler never returns. A wrapper that only logs the failure
// returns without it, and the caller's unlock may then release a lock it does not hold.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

void panic(const char *msg) {
    fputs(msg, stderr);
    abort();
}

static void mutex_lock(pthread_mutex_t *m) {
    if (pthread_mutex_lock(m) != 0)
        panic("lock");
}

static void mutex_unlock(pthread_mutex_t *m) {
    if (pthread_mutex_unlock(m) != 0)
        panic("unlock");
}

struct thr {
    pthread_mutex_t mtx;
    int start;
    int done;
};

void thr_wrap_ok(struct thr *t) {
    mutex_lock(&t->mtx);
    t->start = 1;
    mutex_unlock(&t->mtx);
    mutex_lock(&t->mtx);
    t->done = 1;
    mutex_unlock(&t->mtx);
}

int log_error(const char *msg) { return fputs(msg, stderr); }

static void logging_lock(pthread_mutex_t *m) {
    if (pthread_mutex_lock(m) != 0)
        log_error("lock");
}

void thr_wrap_logged(struct thr *t) {
    logging_lock(&t->mtx);
    t->start = 1;
    mutex_unlock(&t->mtx);
    logging_lock(&t->mtx);
    t->done = 1;
    mutex_unlock(&t->mtx); // expect: THR-unlock-no-lock
}
