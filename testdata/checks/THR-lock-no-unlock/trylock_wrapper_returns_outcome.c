// A trylock wrapper that returns whether it took the mutex (libusb's usbi_mutex_trylock:
// `return pthread_mutex_trylock(m) == 0;`, 1 when it holds the lock, 0 when not). Its callers
// hold the lock only where its result says so: libusb_try_lock_events() returns 1 without
// the lock when the wrapper said 0, and 0 holding it, and its caller releases the lock after
// finding 0. A caller that returns early on the branch where it holds the lock is reported.
#include <pthread.h>

struct ctx {
    pthread_mutex_t data_lock;
    pthread_mutex_t events_lock;
    unsigned int closing;
    pthread_mutex_t waiters_lock;
    pthread_cond_t waiters_cond;
    int active;
};

static int mutex_trylock(pthread_mutex_t *m) {
    int locked = pthread_mutex_trylock(m) == 0;
    return locked;
}

static int mutex_trylock_not(pthread_mutex_t *m) {
    return !pthread_mutex_trylock(m);
}

/* 0: ctx->events_lock is held; 1: it is not */
int try_lock_events(struct ctx *ctx) {
    int r;
    unsigned int ru;
    pthread_mutex_lock(&ctx->data_lock);
    ru = ctx->closing;
    pthread_mutex_unlock(&ctx->data_lock);
    if (ru)
        return 1;
    r = mutex_trylock(&ctx->events_lock);
    if (!r)
        return 1;
    ctx->active = 1;
    return 0;
}

void unlock_events(struct ctx *ctx) {
    ctx->active = 0;
    pthread_mutex_unlock(&ctx->events_lock);
}

int do_events(struct ctx *ctx);

int handle_events(struct ctx *ctx) {
    int r;
    if (try_lock_events(ctx) == 0) {
        r = do_events(ctx);
        unlock_events(ctx);
        return r;
    }
    pthread_mutex_lock(&ctx->waiters_lock);
    r = pthread_cond_wait(&ctx->waiters_cond, &ctx->waiters_lock);
    pthread_mutex_unlock(&ctx->waiters_lock);
    return r;
}

int poll_once(struct ctx *ctx) {
    if (mutex_trylock_not(&ctx->events_lock)) { // expect: THR-lock-no-unlock
        if (ctx->closing)
            return -1;
        ctx->active = 1;
        pthread_mutex_unlock(&ctx->events_lock);
    }
    return 0;
}
