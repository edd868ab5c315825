// A function whose pointer result says whether it holds a lock: it returns the address of the
// lock its trylock took (memcached's item_trylock()), or an object while holding a global lock
// that a releasing function drops (assoc_get_iterator() / assoc_iterate_final()), and NULL
// with no lock held. It is not reported; a caller that finds the result not NULL holds the
// lock, and one that returns early without releasing it is reported.
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

static pthread_mutex_t item_locks[64];

void *item_trylock(uint32_t hv) {
    pthread_mutex_t *lock = &item_locks[hv & 63];
    if (hv == 0)
        return NULL;
    if (pthread_mutex_trylock(lock) == 0)
        return lock;
    return NULL;
}

void item_trylock_unlock(void *lock) {
    pthread_mutex_unlock((pthread_mutex_t *) lock);
}

int work(uint32_t hv);

int pull(uint32_t hv) {
    void *hold_lock;
    if ((hold_lock = item_trylock(hv)) == NULL)
        return -1;
    work(hv);
    item_trylock_unlock(hold_lock);
    return 0;
}

int pull_kept_bad(uint32_t hv) {
    void *hold_lock;
    if ((hold_lock = item_trylock(hv)) == NULL) // expect: THR-lock-no-unlock
        return -1;
    if (work(hv))
        return 1;
    item_trylock_unlock(hold_lock);
    return 0;
}

static pthread_mutex_t maintenance_lock = PTHREAD_MUTEX_INITIALIZER;
struct iterator { int bucket; };

void *get_iterator(void) {
    struct iterator *iter = calloc(1, sizeof(struct iterator));
    if (iter == NULL)
        return NULL;
    if (pthread_mutex_trylock(&maintenance_lock) == 0)
        return iter;
    free(iter);
    return NULL;
}

void iterate_final(void *iter) {
    pthread_mutex_unlock(&maintenance_lock);
    free(iter);
}

int next_item(void *iter);
int crawl_status;

void crawl(void) {
    void *iter = get_iterator();
    if (iter == NULL) {
        crawl_status = 1;
        return;
    }
    while (next_item(iter))
        ;
    iterate_final(iter);
}

/* Bad twin: the same shape whose callers never release the lock. */
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
struct table { int n; };

struct table *open_table(void) {
    struct table *t = calloc(1, sizeof(struct table));
    if (t == NULL)
        return NULL;
    if (pthread_mutex_trylock(&table_lock) == 0) // expect: THR-lock-no-unlock
        return t;
    free(t);
    return NULL;
}

int table_size(void) {
    struct table *t = open_table();
    if (t == NULL)
        return -1;
    int n = t->n;
    free(t);
    return n;
}
