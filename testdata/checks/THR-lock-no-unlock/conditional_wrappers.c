// A helper that takes a lock only when the program runs threads, as its last act, takes it
// for its caller: a conditional lock wrapper, paired with the unlock helper under the same
// test. One that does more after taking the lock and never releases it forgets to.
#include <pthread.h>
#include <stddef.h>

typedef struct {
    pthread_mutex_t jobs_mutex;
    void *pool;
    int active;
    int available;
} io_pool;

static int pool_active(io_pool *ctx) {
    return ctx->pool != NULL && ctx->active;
}

static void lock_jobs(io_pool *ctx) {
    if (pool_active(ctx))
        pthread_mutex_lock(&ctx->jobs_mutex);
}

static void unlock_jobs(io_pool *ctx) {
    if (pool_active(ctx))
        pthread_mutex_unlock(&ctx->jobs_mutex);
}

void release_job_ok(io_pool *ctx) {
    lock_jobs(ctx);
    ctx->available++;
    unlock_jobs(ctx);
}

void count_job_bad(io_pool *ctx) {
    if (pool_active(ctx))
        pthread_mutex_lock(&ctx->jobs_mutex); // expect: THR-lock-no-unlock
    ctx->available--;
}
