// A function that returns the address of the lock its trylock took, and NULL when the trylock
// failed (memcached's item_trylock()), hands that lock to its caller: a caller that finds the
// result not NULL holds the lock the pointer names, and releasing it through the pointer
// (item_trylock_unlock(hold_lock)) is no unlock without a lock. A caller that releases it also
// on the path where the result was NULL is reported.
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

static pthread_mutex_t item_locks[64];

void *item_trylock(uint32_t hv) {
    pthread_mutex_t *lock = &item_locks[hv & 63];
    if (pthread_mutex_trylock(lock) == 0)
        return lock;
    return NULL;
}

void item_trylock_unlock(void *lock) {
    pthread_mutex_unlock((pthread_mutex_t *) lock);
}

int work(uint32_t hv);

void walk(uint32_t n) {
    for (uint32_t hv = 0; hv < n; hv++) {
        void *hold_lock;
        if ((hold_lock = item_trylock(hv)) == NULL)
            continue;
        if (work(hv)) {
            item_trylock_unlock(hold_lock);
            continue;
        }
        item_trylock_unlock(hold_lock);
    }
}

void expand(uint32_t n) {
    for (uint32_t b = 0; b < n; b++) {
        void *item_lock = NULL;
        if ((item_lock = item_trylock(b)))
            work(b);
        if (item_lock) {
            item_trylock_unlock(item_lock);
            item_lock = NULL;
        }
    }
}

void released_untested_bad(uint32_t hv) {
    void *l = item_trylock(hv);
    if (l != NULL)
        work(hv);
    item_trylock_unlock(l); // expect: THR-unlock-no-lock
}
