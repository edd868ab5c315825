#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static int stats;
static int queued;

/* Started as a thread: it holds nothing when it starts. */
static void *worker(void *arg) {
    (void)arg;
    stats++;
    pthread_mutex_unlock(&stats_lock); // expect: THR-unlock-no-lock
    return NULL;
}

/* Started as a thread through `&`, unlocking on one branch only. */
static void *drainer(void *arg) {
    if (arg != NULL) {
        queued = 0;
        pthread_mutex_unlock(&queue_lock); // expect: THR-unlock-no-lock
    }
    return NULL;
}

/* A thread that locks properly. */
static void *counter(void *arg) {
    (void)arg;
    pthread_mutex_lock(&stats_lock);
    stats++;
    pthread_mutex_unlock(&stats_lock);
    return NULL;
}

/* Only unlocks on behalf of its caller, and is not a thread: not reported. */
static void release_stats(void) {
    pthread_mutex_unlock(&stats_lock);
}

/* Unlocks in a helper it calls after locking: fine. */
static void *reporter(void *arg) {
    (void)arg;
    pthread_mutex_lock(&stats_lock);
    stats = 0;
    release_stats();
    return NULL;
}

/* Same name as a thread routine, but a different function that is never started as one. */
void *unlocker(void *arg);

int start_all(void) {
    pthread_t t[4];
    int rc = pthread_create(&t[0], NULL, worker, NULL);
    rc |= pthread_create(&t[1], NULL, &drainer, &queued);
    rc |= pthread_create(&t[2], NULL, counter, NULL);
    rc |= pthread_create(&t[3], NULL, reporter, NULL);
    return rc;
}

/* Called directly with the lock held by its caller: the caller's business. */
void *unlocker(void *arg) {
    (void)arg;
    pthread_mutex_unlock(&queue_lock);
    return NULL;
}

void flush_queue(void) {
    pthread_mutex_lock(&queue_lock);
    queued = 0;
    unlocker(NULL);
}
