// A static function whose address is never taken is called only as the program shows: its
// parameters start as one of its calls passes them. A leak that needs a combination of flags
// no call passes (`wr` 0 with `strict` set) is no path. The same function with external
// linkage may be called with any flags: its leak is reported.
#include <pthread.h>

struct table {
    pthread_rwlock_t lock;
    int broken;
    int size;
};

static int table_check(struct table *t, int wr, int strict) {
    if (wr)
        pthread_rwlock_wrlock(&t->lock);
    else
        pthread_rwlock_rdlock(&t->lock);
    if (t->broken) {
        if (!strict || wr)
            pthread_rwlock_unlock(&t->lock);
        return -1;
    }
    pthread_rwlock_unlock(&t->lock);
    return 0;
}

int table_fix(struct table *t) {
    return table_check(t, 1, 1);
}

int table_peek(struct table *t) {
    return table_check(t, 0, 0);
}

int table_check_any(struct table *t, int wr, int strict) {
    if (wr)
        pthread_rwlock_wrlock(&t->lock);
    else
        pthread_rwlock_rdlock(&t->lock); // expect: THR-lock-no-unlock
    if (t->broken) {
        if (!strict || wr)
            pthread_rwlock_unlock(&t->lock);
        return -1;
    }
    pthread_rwlock_unlock(&t->lock);
    return 0;
}
