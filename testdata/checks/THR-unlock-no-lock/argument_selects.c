// A function whose constant argument selects whether it releases a lock for its caller or
// takes it (memcached's pause_threads(RESUME_ALL_THREADS) / pause_threads(PAUSE_ALL_THREADS))
// is not reported; a caller that releases twice through it is.
#include <pthread.h>

enum gate_mode { TAKE, GIVE };
struct db { pthread_mutex_t mu; int n; };
static pthread_mutex_t hang_lock = PTHREAD_MUTEX_INITIALIZER;

void hang(enum gate_mode m) {
    switch (m) {
    case TAKE:
        pthread_mutex_lock(&hang_lock);
        break;
    case GIVE:
        pthread_mutex_unlock(&hang_lock);
        break;
    }
}

void gate(struct db *d, enum gate_mode m) {
    if (m == TAKE)
        pthread_mutex_lock(&d->mu);
    else
        pthread_mutex_unlock(&d->mu);
}

void hang_pair(void) {
    hang(TAKE);
    hang(GIVE);
}

void gate_pair(struct db *d) {
    gate(d, TAKE);
    d->n++;
    gate(d, GIVE);
}

void gate_twice_bad(struct db *d) {
    gate(d, TAKE);
    d->n++;
    gate(d, GIVE);
    gate(d, GIVE); // expect: THR-unlock-no-lock
}
