// A callee that releases its caller's lock only through the functions it calls (unbound's
// auth-zone transfer tasks: `xfr_start_probe(xfr)` never names `xfr->lock`, yet releases it
// through `xfr_probe_send_or_end(xfr)` or `xfr_start_transfer(xfr)` when it returns 1) hands
// the release of that very lock on: its caller, which names `x->lock`, pairs it with its own
// lock. A helper that drops the caller's lock around slow work and takes it back before
// returning leaves the caller holding it once, not twice.
#include <pthread.h>
#include <stddef.h>

struct task { void *worker; int n; };
struct xfr { pthread_mutex_t lock; struct task *probe; struct task *transfer; };

int have_targets(struct xfr *x);
int send_probe(struct xfr *x);
int slow_work(struct xfr *x);
struct xfr *find(int key);

static void start_transfer(struct xfr *x) {
    x->transfer->worker = x;
    pthread_mutex_unlock(&x->lock);
}

static void send_or_end(struct xfr *x) {
    if (send_probe(x)) {
        pthread_mutex_unlock(&x->lock);
        return;
    }
    start_transfer(x);
}

/* releases x->lock, through its callees, when it returns 1 */
static int start_probe(struct xfr *x) {
    if (x->probe->worker == NULL) {
        if (!have_targets(x)) {
            start_transfer(x);
            return 1;
        }
        x->probe->worker = x;
        send_or_end(x);
        return 1;
    }
    return 0;
}

/* releases x->lock on every path */
static void process_notify(struct xfr *x) {
    if (!start_probe(x)) {
        x->probe->n = 1;
        pthread_mutex_unlock(&x->lock);
    }
}

int notify(int key) {
    struct xfr *x = find(key);
    if (!x)
        return 0;
    pthread_mutex_lock(&x->lock);
    process_notify(x);
    return 1;
}

int restart(struct xfr *x) {
    pthread_mutex_lock(&x->lock);
    if (!start_probe(x))
        pthread_mutex_unlock(&x->lock);
    return 0;
}

int restart_forgetting(struct xfr *x) {
    pthread_mutex_lock(&x->lock); // expect: THR-lock-no-unlock
    if (!start_probe(x))
        return -1; /* still holding x->lock */
    return 0;
}

/* entered holding x->lock; drops it around the slow work and takes it back */
static int process_unlocked(struct xfr *x) {
    int r;
    pthread_mutex_unlock(&x->lock);
    r = slow_work(x);
    pthread_mutex_lock(&x->lock);
    return r;
}

int process(struct xfr *x) {
    pthread_mutex_lock(&x->lock);
    if (process_unlocked(x) < 0) {
        pthread_mutex_unlock(&x->lock);
        return -1;
    }
    x->probe->n = 0;
    pthread_mutex_unlock(&x->lock);
    return 0;
}

int process_leaking(struct xfr *x) {
    pthread_mutex_lock(&x->lock); // expect: THR-lock-no-unlock
    if (process_unlocked(x) < 0)
        return -1; /* still holding x->lock */
    pthread_mutex_unlock(&x->lock);
    return 0;
}
