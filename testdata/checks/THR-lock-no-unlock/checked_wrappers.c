// A lock wrapper that reports failure (returns non-zero when the lock call failed): its caller's
// early return on that status holds no lock. Functions of the program that take a lock return 0
// when they took it, the status convention the refutation stage assumes.
#include <pthread.h>
struct cache { pthread_mutex_t lock; int n; };
void set_error(const char *m);
static int cache_lock(struct cache *c) {
    if (pthread_mutex_lock(&c->lock) < 0) {
        set_error("cannot lock");
        return -1;
    }
    return 0;
}
static void cache_unlock(struct cache *c) {
    pthread_mutex_unlock(&c->lock);
}
int update_ok(struct cache *c, int v) {
    if (cache_lock(c) < 0)
        return -1;
    c->n = v;
    cache_unlock(c);
    return 0;
}
int update_bad(struct cache *c, int v) {
    if (cache_lock(c) < 0) // expect: THR-lock-no-unlock
        return -1;
    if (v < 0)
        return -2;
    c->n = v;
    cache_unlock(c);
    return 0;
}
