// A function whose own lock call may fail (`if (pthread_mutex_lock(&c->lock) < 0) return -1;`)
// holds no lock on that return: it is no conditional lock wrapper, and its callers' error
// branches hold nothing (libgit2's attr_cache_upsert(), git_attr_file__clear_rules()).
#include <pthread.h>
#include <stdbool.h>

struct cache {
    pthread_mutex_t lock;
    int n;
};

void set_error(const char *msg);
void set_error_code(int code);

static int cache_upsert(struct cache *c, int v) {
    if (pthread_mutex_lock(&c->lock) < 0) {
        set_error("cannot lock the cache");
        return -1;
    }
    c->n = v;
    pthread_mutex_unlock(&c->lock);
    return 0;
}

int cache_store(struct cache *c, int v) {
    int error;
    if ((error = cache_upsert(c, v)) < 0) {
        set_error("cannot store");
        return error;
    }
    return 0;
}

static int cache_clear(struct cache *c, bool need_lock) {
    int e;
    if (need_lock && (e = pthread_mutex_lock(&c->lock)) != 0) {
        set_error_code(e);
        return -1;
    }
    c->n = 0;
    if (need_lock)
        pthread_mutex_unlock(&c->lock);
    return 0;
}

int cache_reset(struct cache *c) {
    int error;
    if (!(error = cache_clear(c, true)))
        c->n = 1;
    return error;
}

// Returns holding the lock when the value is refused.
int cache_put_bad(struct cache *c, int v) {
    if (pthread_mutex_lock(&c->lock) < 0) // expect: THR-lock-no-unlock
        return -1;
    if (v < 0)
        return -2;
    c->n = v;
    pthread_mutex_unlock(&c->lock);
    return 0;
}
