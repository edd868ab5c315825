/* zstd lib/compress/zstdmt_compress.c ZSTDMT_toFlushNow and
 * ZSTDMT_getFrameProgression: the job's mutex is locked through a pointer to
 * the array element (`jobPtr = &mtctx->jobs[wJobID]; lock(&jobPtr->job_mutex)`)
 * and unlocked through the array (`unlock(&mtctx->jobs[wJobID].job_mutex)`):
 * the same object. The lock is reported as held at the return once the
 * function has another exit (here the early return; in getFrameProgression,
 * the loop); without one, nothing is reported.
 * Reported: THR-lock-no-unlock (line 27). */
#include <pthread.h>
#include <stddef.h>

typedef struct { pthread_mutex_t job_mutex; size_t cSize; size_t dstFlushed; } job_t;
typedef struct {
    job_t *jobs;
    unsigned jobIDMask;
    unsigned doneJobID;
    unsigned nextJobID;
} mtctx_t;

size_t to_flush_now(mtctx_t *mtctx)
{
    size_t toFlush;
    unsigned const jobID = mtctx->doneJobID;
    if (jobID == mtctx->nextJobID) return 0;
    {   unsigned const wJobID = jobID & mtctx->jobIDMask;
        job_t *const jobPtr = &mtctx->jobs[wJobID];
        pthread_mutex_lock(&jobPtr->job_mutex);
        toFlush = jobPtr->cSize - jobPtr->dstFlushed;
        pthread_mutex_unlock(&mtctx->jobs[wJobID].job_mutex);
    }
    return toFlush;
}
