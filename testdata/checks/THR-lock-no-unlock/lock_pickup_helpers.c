// A helper whose job is to take, in the right order, the locks its callers then release
// (unbound's fr_pickup_auth_locks: the table lock always, and the lock of each zone it is
// given): the conditional locks are taken for the caller too, which releases them after the
// call. A function that takes a lock of its caller's on some path and whose callers never
// release it forgets it.
#include <pthread.h>
#include <stddef.h>

struct zones { pthread_rwlock_t lock; };
struct zone { pthread_rwlock_t lock; int v; };

/* takes zs->lock, and new_z->lock / old_z->lock when given; the caller releases them */
static void pickup_locks(struct zones *zs, struct zone *new_z, struct zone *old_z) {
    pthread_rwlock_wrlock(&zs->lock);
    if (new_z)
        pthread_rwlock_wrlock(&new_z->lock);
    if (old_z)
        pthread_rwlock_wrlock(&old_z->lock);
}

void change(struct zones *zs, struct zone *z) {
    pickup_locks(zs, z, NULL);
    z->v++;
    pthread_rwlock_unlock(&z->lock);
    pthread_rwlock_unlock(&zs->lock);
}

void swap(struct zones *zs, struct zone *a, struct zone *b) {
    pickup_locks(zs, a, b);
    a->v = b->v;
    pthread_rwlock_unlock(&b->lock);
    pthread_rwlock_unlock(&a->lock);
    pthread_rwlock_unlock(&zs->lock);
}

static int bump(struct zone *z, int by) {
    if (by > 0)
        pthread_rwlock_wrlock(&z->lock); // expect: THR-lock-no-unlock
    z->v += by;
    return z->v;
}

int bump_twice(struct zone *z, int by) {
    bump(z, by);
    return bump(z, by + 1);
}
