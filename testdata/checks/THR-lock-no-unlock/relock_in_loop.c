// A loop whose unlock is skipped on some iteration takes the lock again while holding it: the
// second lock of a default mutex blocks forever, so the first is never released, even though
// the loop's last iteration unlocks before the function returns (ITC lock_never_unlock_007).
#include <pthread.h>
#include <stddef.h>

pthread_mutex_t counter_lock = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *count_bad(void *arg) {
    int i = 5;
    (void)arg;
    while (i > 0) {
        pthread_mutex_lock(&counter_lock); // expect: THR-lock-no-unlock
        if (i != 5) {
            counter += 20;
            pthread_mutex_unlock(&counter_lock);
        }
        i--;
    }
    return NULL;
}

void *count_ok(void *arg) {
    int i = 5;
    (void)arg;
    while (i > 0) {
        pthread_mutex_lock(&counter_lock);
        if (i != 5)
            counter += 20;
        pthread_mutex_unlock(&counter_lock);
        i--;
    }
    return NULL;
}

// Different locks named by one pointer on successive iterations are not the same lock.
struct node {
    pthread_mutex_t mu;
    int n;
    struct node *next;
};

void visit_all(struct node *head) {
    struct node *p;
    for (p = head; p; p = p->next) {
        pthread_mutex_lock(&p->mu);
        p->n++;
        pthread_mutex_unlock(&p->mu);
    }
}

int start_counters(void) {
    pthread_t a, b;
    if (pthread_create(&a, NULL, count_bad, NULL) != 0)
        return -1;
    return pthread_create(&b, NULL, count_ok, NULL);
}
