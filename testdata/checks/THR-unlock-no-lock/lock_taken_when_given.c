// A helper that takes the lock of each object it is given, when it is given one (unbound's
// fr_pickup_auth_locks: `if (old_z) lock_rw_wrlock(&old_z->lock);`), takes it for every
// caller that passes an object: where the pointer is NULL there is no lock to hold. Its
// callers release what it took. A caller that passes NULL for the object gets no lock.
#include <pthread.h>
#include <stddef.h>

struct zone { pthread_rwlock_t lock; int n; };
struct zones { pthread_rwlock_t lock; };
struct item { struct zone *old_z; struct zone *new_z; };

static void pickup_locks(struct zones *zs, struct zone *old_z, struct zone *new_z) {
    pthread_rwlock_wrlock(&zs->lock);
    if (new_z)
        pthread_rwlock_wrlock(&new_z->lock);
    if (old_z)
        pthread_rwlock_wrlock(&old_z->lock);
}

/* releases the lock of the zone it is given, if any */
static void drop_zone(struct zone *z) {
    if (!z)
        return;
    pthread_rwlock_unlock(&z->lock);
}

void remove_zone(struct zones *zs, struct item *item) {
    pthread_rwlock_wrlock(&item->old_z->lock);
    item->old_z->n = 0;
    pthread_rwlock_unlock(&item->old_z->lock);
    pickup_locks(zs, item->old_z, NULL);
    pthread_rwlock_unlock(&zs->lock);
    pthread_rwlock_unlock(&item->old_z->lock);
}

void change_zone(struct zones *zs, struct item *item) {
    pickup_locks(zs, item->old_z, item->new_z);
    item->new_z->n = item->old_z->n;
    pthread_rwlock_unlock(&zs->lock);
    drop_zone(item->old_z);
    pthread_rwlock_unlock(&item->new_z->lock);
}

void remove_without_zone(struct zones *zs, struct item *item, int relock) {
    pickup_locks(zs, NULL, NULL);
    pthread_rwlock_unlock(&zs->lock);
    if (relock)
        pthread_rwlock_wrlock(&item->old_z->lock);
    item->old_z->n = 0;
    pthread_rwlock_unlock(&item->old_z->lock); // expect: THR-unlock-no-lock
}
