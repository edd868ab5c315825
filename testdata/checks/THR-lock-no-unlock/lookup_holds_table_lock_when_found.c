// A lookup that returns what it found with its table's lock still held, and NULL with the
// lock released (unbound's forwards_find / hints_find: `if (!nolock) lock_rw_rdlock(&fwd->lock);
// ... has_dp = res && res->dp; if (!has_dp && !nolock) lock_rw_unlock(&fwd->lock); return
// has_dp ? res->dp : NULL;`): a conditional lock wrapper. The `has_dp` tested twice decides
// both tests alike, and with `nolock` set the caller holds the lock already. A caller that
// passes `nolock` zero holds the lock where it finds the result not NULL.
#include <pthread.h>
#include <stddef.h>

struct dp { int has_parent_side; };
struct zone { struct dp *dp; };
struct forwards { pthread_rwlock_t lock; void *tree; };

struct zone *tree_search(void *tree, const char *name);

struct dp *forwards_find(struct forwards *fwd, const char *name, int nolock) {
    struct zone *res;
    int has_dp;
    if (!nolock)
        pthread_rwlock_rdlock(&fwd->lock);
    res = tree_search(fwd->tree, name);
    has_dp = res && res->dp;
    if (!has_dp && !nolock)
        pthread_rwlock_unlock(&fwd->lock);
    return has_dp ? res->dp : NULL;
}

int has_parent_side(struct forwards *fwd, const char *name) {
    struct dp *dp = forwards_find(fwd, name, 0);
    int r;
    if (!dp)
        return 0;
    r = dp->has_parent_side;
    pthread_rwlock_unlock(&fwd->lock);
    return r;
}

int has_parent_side_locked(struct forwards *fwd, const char *name) {
    struct dp *dp;
    int r = 0;
    pthread_rwlock_rdlock(&fwd->lock);
    dp = forwards_find(fwd, name, 1);
    if (dp)
        r = dp->has_parent_side;
    pthread_rwlock_unlock(&fwd->lock);
    return r;
}

int has_parent_side_forgetting(struct forwards *fwd, const char *name) {
    struct dp *dp = forwards_find(fwd, name, 0);
    if (!dp) // expect: THR-lock-no-unlock
        return 0;
    if (dp->has_parent_side)
        return 1; /* still holding fwd->lock */
    pthread_rwlock_unlock(&fwd->lock);
    return 0;
}
