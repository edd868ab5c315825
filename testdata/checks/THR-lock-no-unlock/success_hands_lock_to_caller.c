// A function that returns success (0) holding a lock, and releases it on its failure paths,
// hands the lock to its caller when the program has the other half of that protocol: a
// function that releases a lock of the same kind without taking it (memcached's
// extstore_write_request "leaves p locked" for extstore_write to release; lmdb's
// mdb_txn_renew0 holds the writer mutex for the transaction until mdb_txn_end). A failure
// returned holding the lock is still reported, and so is a success holding a lock that
// nothing in the program releases for it, or a `return 0` of a function whose success is 1.
#include <pthread.h>
#include <stddef.h>
#include <errno.h>

struct page {
    pthread_mutex_t mutex;
    int active;
    int free;
    char *pos;
};

struct engine {
    pthread_mutex_t mutex;
    struct page *buckets[8];
    struct page pages[64];
};

struct page *allocate_page(struct engine *e, unsigned bucket);

int write_request(struct engine *e, unsigned bucket, int len, char **buf, unsigned *page_id) {
    struct page *p;
    int ret = -1;
    if (bucket >= 8)
        return ret;
    pthread_mutex_lock(&e->mutex);
    p = e->buckets[bucket];
    if (!p)
        p = allocate_page(e, bucket);
    pthread_mutex_unlock(&e->mutex);
    if (!p)
        return ret;
    pthread_mutex_lock(&p->mutex);
    if (!p->active) {
        pthread_mutex_unlock(&p->mutex);
        return ret;
    }
    if (p->free >= len) {
        /* leaves p locked for write_commit */
        *buf = p->pos;
        *page_id = (unsigned)(p - e->pages);
        return 0;
    }
    pthread_mutex_unlock(&p->mutex);
    return ret;
}

/* must be called after a successful write_request */
void write_commit(struct engine *e, unsigned page_id, int len) {
    struct page *p = &e->pages[page_id];
    p->pos += len;
    p->free -= len;
    pthread_mutex_unlock(&p->mutex);
}

struct env {
    pthread_mutex_t *wmutex;
    void *shared;
    int flags;
};

struct txn {
    struct env *env;
    int id;
    int rdonly;
};

int txn_end(struct txn *t) {
    struct env *env = t->env;
    if (!t->rdonly && env->shared)
        pthread_mutex_unlock(env->wmutex);
    t->id = 0;
    return 0;
}

int txn_renew(struct txn *t) {
    struct env *env = t->env;
    int rc;
    if (!t->rdonly && env->shared) {
        if ((rc = pthread_mutex_lock(env->wmutex)) != 0)
            return rc;
    }
    t->id++;
    if (env->flags & 1) {
        rc = -30795;
    } else {
        return 0;
    }
    txn_end(t);
    return rc;
}

struct sock {
    pthread_mutex_t sync;
    void *eps[4];
    int count;
};

void sock_leave(struct sock *s) {
    pthread_mutex_unlock(&s->sync);
}

void *ep_create(void);

/* a failure returned holding the lock, though the program releases such locks elsewhere */
int sock_add_ep(struct sock *s) {
    void *ep;
    pthread_mutex_lock(&s->sync); // expect: THR-lock-no-unlock
    ep = ep_create();
    if (!ep)
        return -ENOMEM;
    s->eps[s->count++] = ep;
    sock_leave(s);
    return 0;
}

struct table {
    pthread_mutex_t lock;
    int size;
};

/* nothing releases a table's lock for it: the success path forgot the unlock */
int table_grow(struct table *t, int n) {
    pthread_mutex_lock(&t->lock); // expect: THR-lock-no-unlock
    if (n < 0) {
        pthread_mutex_unlock(&t->lock);
        return -1;
    }
    t->size += n;
    return 0;
}

/* 0 is this function's failure: it returns 1 when it worked */
int sock_reserve(struct sock *s) {
    pthread_mutex_lock(&s->sync); // expect: THR-lock-no-unlock
    if (s->count >= 4)
        return 0;
    s->count++;
    pthread_mutex_unlock(&s->sync);
    return 1;
}
