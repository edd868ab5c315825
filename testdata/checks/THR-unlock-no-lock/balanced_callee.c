// A callee that takes a lock and releases it again before returning (curl's Curl_thrdq_recv())
// leaves its caller's lock as it was: it is no unlock wrapper, and a loop calling it does not
// unlock twice.
#include <pthread.h>

struct queue {
    pthread_mutex_t lock;
    int items;
};

int queue_recv(struct queue *q) {
    int n;
    pthread_mutex_lock(&q->lock);
    n = q->items;
    if (n > 0)
        q->items--;
    pthread_mutex_unlock(&q->lock);
    return n;
}

void drain(struct queue *q) {
    while (queue_recv(q) > 0)
        ;
}

int drain_bad(struct queue *q) {
    int n;
    pthread_mutex_lock(&q->lock);
    n = q->items;
    pthread_mutex_unlock(&q->lock);
    queue_recv(q);
    pthread_mutex_unlock(&q->lock); // expect: THR-unlock-no-lock
    return n;
}
