// A callee that releases the caller's lock only on the paths where it returns true (curl's
// thrdpool_unlink(): the last reference frees the pool and its lock); its caller releases the
// lock itself on the other branch.
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

struct pool {
    pthread_mutex_t lock;
    int refcount;
    int aborted;
};

static bool pool_unlink(struct pool *p, bool locked) {
    if (p->refcount)
        p->refcount--;
    if (p->refcount)
        return false;
    if (locked)
        pthread_mutex_unlock(&p->lock);
    pthread_mutex_destroy(&p->lock);
    free(p);
    return true;
}

void pool_destroy(struct pool *p) {
    pthread_mutex_lock(&p->lock);
    p->aborted = 1;
    if (!pool_unlink(p, true)) {
        /* the pool lives on */
        pthread_mutex_unlock(&p->lock);
    }
}

int pool_release(struct pool *p) {
    pthread_mutex_lock(&p->lock);
    if (pool_unlink(p, true))
        return 1;
    pthread_mutex_unlock(&p->lock);
    return 0;
}

// Forgets the branch where the pool lives on.
int pool_release_bad(struct pool *p) {
    pthread_mutex_lock(&p->lock); // expect: THR-lock-no-unlock
    if (pool_unlink(p, true))
        return 1;
    return 0;
}

// The pool reached through a local copy of a member that the function never writes (curl's
// thrdslot_run(): `tpool = tslot->tpool`, then `thrdpool_unlink(tslot->tpool, TRUE)`).
struct slot {
    struct pool *pool;
    struct pool *spare;
    int id;
};

void *slot_run(void *arg) {
    struct slot *s = arg;
    struct pool *pool = s->pool;
    pthread_mutex_lock(&pool->lock);
    pool->aborted = s->id;
    if (!pool_unlink(s->pool, true))
        pthread_mutex_unlock(&pool->lock);
    return NULL;
}

// The member is changed in between: the copy no longer names the pool released, and the
// spare pool, whose lock nothing took, may be unlocked by the call.
void *slot_run_bad(void *arg) {
    struct slot *s = arg;
    struct pool *pool = s->pool;
    pthread_mutex_lock(&pool->lock); // expect: THR-lock-no-unlock
    s->pool = s->spare;
    if (!pool_unlink(s->pool, true)) // expect: THR-unlock-no-lock
        pthread_mutex_unlock(&pool->lock);
    return NULL;
}

int start_slots(struct slot *a, struct slot *b) {
    pthread_t t1, t2;
    if (pthread_create(&t1, NULL, slot_run, a) != 0)
        return -1;
    return pthread_create(&t2, NULL, slot_run_bad, b);
}
