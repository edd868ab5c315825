// A thread's start routine that takes a lock and never releases it is no lock wrapper: it
// returns to nobody, and the lock stays held for the rest of the program.
#include <pthread.h>
#include <stddef.h>

pthread_mutex_t counter_lock = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *worker_bad(void *arg) {
    (void)arg;
    pthread_mutex_lock(&counter_lock); // expect: THR-lock-no-unlock
    counter++;
    return NULL;
}

void *worker_ok(void *arg) {
    (void)arg;
    pthread_mutex_lock(&counter_lock);
    counter++;
    pthread_mutex_unlock(&counter_lock);
    return NULL;
}

int start(void) {
    pthread_t a, b;
    if (pthread_create(&a, NULL, worker_bad, NULL) != 0)
        return -1;
    return pthread_create(&b, NULL, worker_ok, NULL);
}
