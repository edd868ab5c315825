// A lock inside an array element, locked through a pointer to the element and unlocked
// through the array (or the other way round), is one lock.
#include <pthread.h>
#include <stddef.h>

typedef struct {
    pthread_mutex_t mutex;
    size_t produced;
    size_t flushed;
} job_t;

typedef struct {
    job_t *jobs;
    unsigned mask;
    unsigned done;
    unsigned next;
} pool_t;

size_t to_flush_ok(pool_t *pool) {
    size_t n;
    unsigned const id = pool->done;
    if (id == pool->next)
        return 0;
    {
        unsigned const slot = id & pool->mask;
        job_t *const job = &pool->jobs[slot];
        pthread_mutex_lock(&job->mutex);
        n = job->produced - job->flushed;
        pthread_mutex_unlock(&pool->jobs[slot].mutex);
    }
    return n;
}

size_t progress_ok(pool_t *pool) {
    size_t total = 0;
    for (unsigned k = pool->done; k < pool->next; k++) {
        unsigned const slot = k & pool->mask;
        job_t *job = &pool->jobs[slot];
        pthread_mutex_lock(&job->mutex);
        total += job->produced;
        pthread_mutex_unlock(&pool->jobs[slot].mutex);
    }
    return total;
}

size_t forgotten_bad(pool_t *pool, int quick) {
    unsigned const slot = pool->done & pool->mask;
    job_t *job = &pool->jobs[slot];
    pthread_mutex_lock(&job->mutex); // expect: THR-lock-no-unlock
    if (quick)
        return job->produced;
    pthread_mutex_unlock(&pool->jobs[slot].mutex);
    return 0;
}
