// A function that returns holding a lock when its result says so (libgit2's
// git_sortedcache_lockandload(): 1 means "reloaded, the write lock is held, the caller
// unlocks"), and releases it on every other return, is a conditional lock wrapper when its
// callers release the lock after testing the result. The same shape that no caller releases
// after is an early return that forgot the unlock.
#include <pthread.h>

struct cache {
    pthread_mutex_t lock;
    int stamp;
    int items;
};

int file_changed(struct cache *c);
int read_file(struct cache *c);

static int cache_wlock(struct cache *c) {
    if (pthread_mutex_lock(&c->lock) != 0)
        return -1;
    return 0;
}

static void cache_wunlock(struct cache *c) {
    pthread_mutex_unlock(&c->lock);
}

/* returns < 0 on error, 0 if unchanged, 1 (holding the lock) if reloaded */
int cache_lockandload(struct cache *c) {
    int error;
    if ((error = cache_wlock(c)) < 0)
        return error;
    if ((error = file_changed(c)) <= 0)
        goto unlock;
    if ((error = read_file(c)) < 0)
        goto unlock;
    return 1;
unlock:
    cache_wunlock(c);
    return error;
}

#define CACHE_NOTFOUND (-3)

int cache_refresh(struct cache *c) {
    int error = cache_lockandload(c);
    if (error <= 0) {
        /* other results than 1 may be any value: this test says nothing of the lock */
        if (error == CACHE_NOTFOUND)
            error = 0;
        return error;
    }
    c->items = 0;
    cache_wunlock(c);
    return 0;
}

/* returns 1 on a cache hit, 0 after a refresh */
int cache_lookup(struct cache *c, int key) {
    int error;
    if ((error = cache_wlock(c)) < 0) // expect: THR-lock-no-unlock
        return error;
    if (c->stamp == key)
        return 1;
    c->stamp = key;
    cache_wunlock(c);
    return 0;
}

int cache_get(struct cache *c, int key) {
    if (cache_lookup(c, key) > 0)
        return c->items;
    return -1;
}
