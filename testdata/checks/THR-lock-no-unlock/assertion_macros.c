// An assertion macro that returns instead of aborting (libgit2's GIT_ASSERT: set an error,
// `return -1`) is read as `assert` is: its failure branch is a corrupt state, not a path that
// returns holding the lock. A check that is not an assertion (CHECK_OR_RETURN) returns while
// the lock is held.
#include <pthread.h>

void error_set(int kind, const char *fmt, ...);

#define LIB_ASSERT__WITH_RETVAL(expr, code, msg, fail) do { \
        if (!(expr)) { \
            error_set(code, "%s: '%s'", msg, #expr); \
            return fail; \
        } \
    } while (0)
#define LIB_ASSERT_WITH_RETVAL(expr, fail) \
    LIB_ASSERT__WITH_RETVAL(expr, 1, "unrecoverable internal error", fail)
#define LIB_ASSERT(expr) LIB_ASSERT_WITH_RETVAL(expr, -1)
#define CHECK_OR_RETURN(expr) do { if (!(expr)) return -1; } while (0)

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
int cache_contains(int key);

int cache_put_ok(int key) {
    if (pthread_mutex_lock(&cache_lock) != 0)
        return -1;
    /* if we cannot find it, the state is corrupted */
    LIB_ASSERT(cache_contains(key));
    pthread_mutex_unlock(&cache_lock);
    return 0;
}

int cache_put_checked(int key) {
    if (pthread_mutex_lock(&cache_lock) != 0) // expect: THR-lock-no-unlock
        return -1;
    CHECK_OR_RETURN(cache_contains(key));
    pthread_mutex_unlock(&cache_lock);
    return 0;
}
