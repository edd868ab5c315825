// A lock taken under a test of the member that holds it, through a wrapper that locks a
// member of what it is given (openjpeg's `if (job->mutex) opj_mutex_lock(job->mutex);` ...
// `if (job->mutex) opj_mutex_unlock(job->mutex);`): the wrapper writes the mutex, not the
// job's pointer to it, so the second test agrees with the first.
#include <pthread.h>
#include <stdlib.h>

typedef struct {
    pthread_mutex_t mutex;
} my_mutex_t;

typedef struct {
    double distortion;
} tile_t;

typedef struct {
    my_mutex_t *mutex;
    tile_t *tile;
} job_t;

void my_mutex_lock(my_mutex_t *m) { pthread_mutex_lock(&m->mutex); }

void my_mutex_unlock(my_mutex_t *m) { pthread_mutex_unlock(&m->mutex); }

double encode(job_t *job);

void encode_processor_ok(void *user_data) {
    job_t *job = (job_t *)user_data;
    double v = encode(job);
    if (job->mutex)
        my_mutex_lock(job->mutex);
    job->tile->distortion += v;
    if (job->mutex)
        my_mutex_unlock(job->mutex);
    free(job);
}

// A call given the job itself may change which mutex it holds (or set one).
void rebind(job_t *job);

void rebound_between(job_t *job) {
    if (job->mutex)
        my_mutex_lock(job->mutex); // expect: THR-lock-no-unlock
    rebind(job);
    if (job->mutex)
        my_mutex_unlock(job->mutex); // expect: THR-unlock-no-lock
}
