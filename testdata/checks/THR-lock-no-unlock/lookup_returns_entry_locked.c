// A lookup that returns the entry it found with the entry's lock held (unbound's
// lruhash_lookup: "The entry is locked. The user must unlock the entry when done.") hands the
// lock over with the pointer it returns: the caller releases it through its own variable. A
// lock of the table itself kept on a path that returns is still reported.
#include <pthread.h>
#include <stddef.h>

struct entry {
    pthread_rwlock_t lock;
    unsigned hash;
    struct entry *next;
};

struct table {
    pthread_mutex_t lock;
    struct entry *bin;
};

/* returns the entry read-locked, or NULL */
struct entry *table_lookup(struct table *t, unsigned hash) {
    struct entry *e;
    pthread_mutex_lock(&t->lock);
    for (e = t->bin; e; e = e->next)
        if (e->hash == hash)
            break;
    if (e)
        pthread_rwlock_rdlock(&e->lock);
    pthread_mutex_unlock(&t->lock);
    return e;
}

struct holder { struct entry entry; int data; };

/* the lock is a member of a member of what is returned */
struct holder *holder_lock(struct holder *h) {
    pthread_rwlock_wrlock(&h->entry.lock);
    return h;
}

struct entry *table_first_bad(struct table *t) {
    pthread_mutex_lock(&t->lock); // expect: THR-lock-no-unlock
    struct entry *e = t->bin;
    if (e == NULL)
        return NULL;
    pthread_mutex_unlock(&t->lock);
    return e;
}
