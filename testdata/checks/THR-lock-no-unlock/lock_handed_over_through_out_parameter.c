// A function that takes a lock and stores it where its caller finds it hands the lock over
// (nng's stat_update(): `nni_mtx_lock(item->si_mtx); *mtxp = item->si_mtx;`, the caller's loop
// releasing *mtxp after the last item). It is not reported; a path that returns without
// storing the lock it took still is, and so is a lock only read into the out-parameter's
// neighbourhood (a copy into a local is no hand-over).
#include <pthread.h>
#include <stddef.h>

typedef struct {
    pthread_mutex_t *mtx;
    int value;
    int locked;
} item;

typedef struct {
    item *it;
    int value;
} stat;

static void stat_update(stat *s, pthread_mutex_t **mtxp) {
    item *it = s->it;
    if (it->locked) {
        if (*mtxp != it->mtx) {
            if (*mtxp)
                pthread_mutex_unlock(*mtxp);
            pthread_mutex_lock(it->mtx);
            *mtxp = it->mtx;
        }
    } else if (*mtxp) {
        pthread_mutex_unlock(*mtxp);
        *mtxp = NULL;
    }
    s->value = it->value;
}

void snapshot(stat *s, int n) {
    pthread_mutex_t *mtx = NULL;
    for (int i = 0; i < n; i++)
        stat_update(&s[i], &mtx);
    if (mtx)
        pthread_mutex_unlock(mtx);
}

static pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;

static void take_big(pthread_mutex_t **held, int c) {
    if (c) {
        pthread_mutex_lock(&big);
        *held = &big;
    }
}

void use_big(int c) {
    pthread_mutex_t *h = NULL;
    take_big(&h, c);
    if (h)
        pthread_mutex_unlock(h);
}

struct session {
    pthread_mutex_t mu;
    pthread_mutex_t *held;
    int state;
};

// Stored on the success path only: the error path keeps the lock and tells nobody.
int session_enter(struct session *s, int state) {
    pthread_mutex_lock(&s->mu); // expect: THR-lock-no-unlock
    if (state < 0)
        return -1;
    if (state == 0) {
        pthread_mutex_unlock(&s->mu);
        return 0;
    }
    s->held = &s->mu;
    s->state = state;
    return 1;
}

int slow_work(int state);

// A copy into a local hands nothing over.
int session_peek(struct session *s) {
    pthread_mutex_t *local;
    pthread_mutex_lock(&s->mu); // expect: THR-lock-no-unlock
    local = &s->mu;
    if (s->state < 0)
        return -1;
    if (s->state == 0) {
        pthread_mutex_unlock(&s->mu);
        return 0;
    }
    slow_work(s->state);
    pthread_mutex_unlock(local);
    return s->state;
}
