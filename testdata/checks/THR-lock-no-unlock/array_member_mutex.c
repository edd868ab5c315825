// lmdb's mutexes are one-element arrays (`typedef pthread_mutex_t mdb_mutex_t[1]`): a pointer
// set from such a member of a structure reached through a pointer (`wmutex =
// env->me_txns->mti_wmutex`) is never NULL, so `if (wmutex) UNLOCK_MUTEX(wmutex);` releases
// what was locked. A pointer that may still be NULL when the lock is taken elsewhere is no
// such guarantee.
#include <pthread.h>
#include <stddef.h>
#include <unistd.h>

typedef pthread_mutex_t mutex_t[1];
typedef pthread_mutex_t *mutexref_t;

struct shared {
    unsigned long txnid;
    mutex_t wmutex;
};

struct env {
    struct shared *txns;
    mutexref_t fallback;
    char *map;
    size_t psize;
};

int copy_meta(struct env *env, int fd) {
    mutexref_t wmutex = NULL;
    int rc = 0;
    if (env->txns) {
        wmutex = env->txns->wmutex;
        if ((rc = pthread_mutex_lock(wmutex)))
            return rc;
    }
    if (write(fd, env->map, env->psize) < 0)
        rc = -1;
    if (wmutex)
        pthread_mutex_unlock(wmutex);
    return rc;
}

int copy_meta_fallback(struct env *env, int fd) {
    mutexref_t wmutex = env->fallback;
    int rc = 0;
    pthread_mutex_lock(env->txns->wmutex); // expect: THR-lock-no-unlock
    if (write(fd, env->map, env->psize) < 0)
        rc = -1;
    if (wmutex)
        pthread_mutex_unlock(env->txns->wmutex);
    return rc;
}
