// Lock macros that test the lock call's result only to log it (unbound's util/locks.h:
// `LOCKRET(f)`): a lock that waits fails only when it is misused, so it is assumed to have
// succeeded and the code after the log holds it. A helper that re-takes the locks its caller
// released (xfr_process_reacquire_locks) returns holding them on every path: a lock wrapper,
// whose caller releases what it took.
#include <pthread.h>
#include <stddef.h>
#include <string.h>

void log_err(const char *fmt, ...);
#define LOCKRET(func) do { int e_; if ((e_ = (func)) != 0) log_err("%s", strerror(e_)); } while (0)
#define lock_basic_lock(l) LOCKRET(pthread_mutex_lock(l))
#define lock_basic_unlock(l) LOCKRET(pthread_mutex_unlock(l))
#define lock_rw_rdlock(l) LOCKRET(pthread_rwlock_rdlock(l))
#define lock_rw_wrlock(l) LOCKRET(pthread_rwlock_wrlock(l))
#define lock_rw_unlock(l) LOCKRET(pthread_rwlock_unlock(l))

struct zone { pthread_rwlock_t lock; int v; };
struct zones { pthread_rwlock_t lock; };
struct xfr { pthread_mutex_t lock; int n; };
struct zone *zone_find(struct zones *az, int n);

/* starts with no locks, ends with x locked, and *z locked if it returns 1 */
static int reacquire(struct xfr *x, struct zones *az, struct zone **z) {
    lock_rw_rdlock(&az->lock);
    *z = zone_find(az, x->n);
    if (!*z) {
        lock_rw_unlock(&az->lock);
        lock_basic_lock(&x->lock);
        return 0;
    }
    lock_rw_wrlock(&(*z)->lock);
    lock_basic_lock(&x->lock);
    lock_rw_unlock(&az->lock);
    return 1;
}

/* called with x locked; releases everything */
int process(struct xfr *x, struct zones *az) {
    struct zone *z;
    lock_basic_unlock(&x->lock);
    if (!reacquire(x, az, &z))
        return 0;
    z->v++;
    lock_rw_unlock(&z->lock);
    lock_basic_unlock(&x->lock);
    return 1;
}

/* The zones lock stays taken when the zone is missing. */
int count_zone(struct zones *az, int n) {
    lock_rw_rdlock(&az->lock); // expect: THR-lock-no-unlock
    struct zone *z = zone_find(az, n);
    if (!z)
        return -1;
    int v = z->v;
    lock_rw_unlock(&az->lock);
    return v;
}
