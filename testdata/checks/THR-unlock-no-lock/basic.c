#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;
static int queue_len;

struct device {
    pthread_mutex_t lock;
    int state;
};

/* A lock wrapper: it returns holding the lock on purpose (not reported). */
static void lock_queue(void) {
    pthread_mutex_lock(&queue_lock);
}

/* Positives. */

void bump_bad(int locked) {
    if (locked)
        pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m); // expect: THR-unlock-no-lock
}

void device_reset_bad(struct device *d, int fast) {
    if (!fast)
        pthread_mutex_lock(&d->lock);
    d->state = 0;
    pthread_mutex_unlock(&d->lock); // expect: THR-unlock-no-lock
}

void early_unlock_bad(int urgent) {
    if (urgent)
        pthread_mutex_unlock(&m); // expect: THR-unlock-no-lock
    pthread_mutex_lock(&m);
    counter = 0;
    pthread_mutex_unlock(&m);
}

/* Negatives. */

void bump_ok(void) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
}

void release_for_caller_ok(void) {
    pthread_mutex_unlock(&m);
}

void device_reset_ok(struct device *d) {
    pthread_mutex_lock(&d->lock);
    d->state = 0;
    pthread_mutex_unlock(&d->lock);
}

void locked_by_helper_ok(void) {
    lock_queue();
    queue_len++;
    pthread_mutex_unlock(&queue_lock);
}

void device_poll_loop_ok(struct device *d, int n) {
    for (int i = 0; i < n; i++) {
        pthread_mutex_lock(&d->lock);
        d->state += i;
        pthread_mutex_unlock(&d->lock);
    }
}

/* Two correctly paired sections one after the other: the second lock is not an excuse. */
static pthread_mutex_t pair_m = PTHREAD_MUTEX_INITIALIZER;
static int pair_count;

void two_sections_ok(int c) {
    if (c) {
        pthread_mutex_lock(&pair_m);
        pair_count++;
        pthread_mutex_unlock(&pair_m);
    }
    if (c) {
        pthread_mutex_lock(&pair_m);
        pair_count--;
        pthread_mutex_unlock(&pair_m);
    }
}

void double_release_bad(void) {
    pthread_mutex_lock(&pair_m);
    pair_count++;
    pthread_mutex_unlock(&pair_m);
    pthread_mutex_unlock(&pair_m); // expect: THR-unlock-no-lock
}
