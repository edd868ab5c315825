// A lookup that returns its entry locked, called twice into one variable (unbound's
// find_add_addrs: `akey = rrset_cache_lookup(..); ... lock_rw_unlock(&akey->entry.lock);` for
// A, then again for AAAA): the second unlock releases the lock of the entry the second lookup
// returned, not the first one again. Two unlocks of one entry stay reported.
#include <pthread.h>
#include <stddef.h>

struct entry {
    pthread_rwlock_t lock;
    int data;
};

/* returns the entry read-locked (the caller unlocks it), or NULL */
struct entry *cache_lookup(int key);

int add_addrs(int a, int aaaa) {
    int n = 0;
    struct entry *e = cache_lookup(a);
    if (e) {
        n += e->data;
        pthread_rwlock_unlock(&e->lock);
    }
    e = cache_lookup(aaaa);
    if (e) {
        n += e->data;
        pthread_rwlock_unlock(&e->lock);
    }
    return n;
}

int add_twice_bad(int a) {
    int n = 0;
    struct entry *e = cache_lookup(a);
    if (e) {
        n += e->data;
        pthread_rwlock_unlock(&e->lock);
        n += e->data;
        pthread_rwlock_unlock(&e->lock); // expect: THR-unlock-no-lock
    }
    return n;
}
