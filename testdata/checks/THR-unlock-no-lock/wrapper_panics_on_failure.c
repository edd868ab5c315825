// A lock wrapper that calls the program's panic handler when the lock call fails (nng's
// nni_pthread_mutex_lock: `if ((rv = pthread_mutex_lock(m)) != 0) nni_panic(...)`) returns
// only with the lock held: the handler never returns. So does one that only logs the failure
// of a lock that waits (unbound's LOCKRET macro): such a lock fails only when it is misused,
// and is assumed to succeed, as the Clang Static Analyzer's PthreadLockChecker assumes. A
// trylock fails in normal operation: a wrapper that only logs that returns without the lock,
// and the caller's unlock may then release a lock it does not hold.
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
    mutex_unlock(&t->mtx);
}

static void logging_trylock(pthread_mutex_t *m) {
    if (pthread_mutex_trylock(m) != 0)
        log_error("busy");
}

void thr_wrap_try_logged(struct thr *t) {
    logging_trylock(&t->mtx);
    t->start = 1;
    mutex_unlock(&t->mtx);
    logging_trylock(&t->mtx);
    t->done = 1;
    mutex_unlock(&t->mtx); // expect: THR-unlock-no-lock
}
