// A global mutex unlocked by a helper, then again by its caller.
#include <pthread.h>

static pthread_mutex_t guard_storage = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t *guard = &guard_storage;
static int jobs;

static void leave(void) {
    pthread_mutex_unlock(guard);
}

void *worker_unlocks_twice_bad(void *arg) {
    pthread_mutex_lock(guard);
    jobs++;
    leave();
    pthread_mutex_unlock(guard); // expect: THR-unlock-no-lock
    return arg;
}

void *worker_helper_unlocks_last_ok(void *arg) {
    pthread_mutex_lock(guard);
    jobs++;
    leave();
    return arg;
}

void *worker_locks_between_ok(void *arg) {
    pthread_mutex_lock(guard);
    leave();
    pthread_mutex_lock(guard);
    jobs--;
    pthread_mutex_unlock(guard);
    return arg;
}

/* A recursive helper that takes and releases the lock at every level. */
static void nested(int depth) {
    pthread_mutex_lock(guard);
    jobs++;
    pthread_mutex_unlock(guard);
    if (depth > 0)
        nested(depth - 1);
}

void *worker_recursive_ok(void *arg) {
    nested(3);
    pthread_mutex_lock(guard);
    jobs = 0;
    pthread_mutex_unlock(guard);
    return arg;
}

void *worker_after_recursion_bad(void *arg) {
    pthread_mutex_lock(guard);
    leave();
    nested(1);
    leave();
    pthread_mutex_unlock(guard); // expect: THR-unlock-no-lock
    return arg;
}
