// A static function that takes its table's lock for writing or reading as `wr` says, and
// keeps it for its caller when `keep` says so (unbound's rpz_find_zone(.., wr,
// zones_keep_lock)). Its only callers that keep the lock also take it for writing: the read
// lock kept on a lookup that fails is a path no call takes, while the write lock kept on one
// is a leak the caller does not release.
#include <pthread.h>
#include <stddef.h>

struct zone {
    pthread_rwlock_t lock;
    int name;
};

struct zones {
    pthread_rwlock_t lock;
    struct zone *first;
};

struct zone *zones_lookup(struct zones *zs, int name);

static struct zone *find_zone(struct zones *zs, int name, int wr, int keep) {
    struct zone *z;
    if (wr)
        pthread_rwlock_wrlock(&zs->lock);
    else
        pthread_rwlock_rdlock(&zs->lock);
    z = zones_lookup(zs, name);
    if (!z) {
        if (!keep)
            pthread_rwlock_unlock(&zs->lock);
        return NULL;
    }
    if (wr)
        pthread_rwlock_wrlock(&z->lock);
    else
        pthread_rwlock_rdlock(&z->lock);
    if (!keep)
        pthread_rwlock_unlock(&zs->lock);
    return z;
}

int zone_name(struct zones *zs, int name) {
    struct zone *z = find_zone(zs, name, 0, 0);
    int n;
    if (!z)
        return -1;
    n = z->name;
    pthread_rwlock_unlock(&z->lock);
    return n;
}

int zone_rename(struct zones *zs, int name, int to) {
    struct zone *z = find_zone(zs, name, 1, 1); // expect: THR-lock-no-unlock
    if (!z)
        return -1;
    z->name = to;
    pthread_rwlock_unlock(&z->lock);
    pthread_rwlock_unlock(&zs->lock);
    return 0;
}
