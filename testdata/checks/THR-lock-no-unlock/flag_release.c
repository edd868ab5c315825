// A callee that releases the caller's lock only when a flag parameter says the caller holds it
// (curl's thrdq_unlink(q, locked, ...)): at a call that passes a non-zero constant the lock is
// released, at one that passes zero it is not.
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

struct queue {
    pthread_mutex_t lock;
    int items;
};

static void queue_unlink(struct queue *q, bool locked) {
    q->items = 0;
    if (locked)
        pthread_mutex_unlock(&q->lock);
    pthread_mutex_destroy(&q->lock);
    free(q);
}

void queue_destroy(struct queue *q) {
    pthread_mutex_lock(&q->lock);
    q->items = -1;
    queue_unlink(q, true);
}

// Its caller holds nothing afterwards: not reported either.
void shutdown_queue(struct queue *q) {
    if (q)
        queue_destroy(q);
}

void queue_destroy_bad(struct queue *q, int join) {
    pthread_mutex_lock(&q->lock); // expect: THR-lock-no-unlock
    if (join) {
        queue_unlink(q, false);
        return;
    }
    queue_unlink(q, true);
}
