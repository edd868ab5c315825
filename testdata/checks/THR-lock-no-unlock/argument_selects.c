// A function whose constant argument selects whether it takes a lock and returns holding it,
// releases it, or leaves it alone (memcached's pause_threads(PAUSE_ALL_THREADS) ...
// pause_threads(RESUME_ALL_THREADS), a `switch` whose cases fall through) is a lock wrapper
// for the calls passing one constant and an unlock wrapper for those passing another: it is
// not reported, and its callers get the lock or the release on the call.
#include <pthread.h>
#include <stdio.h>

enum pause_type { PAUSE_ALL, PAUSE_WORKERS, RESUME_ALL, RESUME_WORKERS };

struct mover { pthread_mutex_t lock; int moved; };
struct config { struct mover *mover; int threads; };
struct config settings;
static pthread_mutex_t hang_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

void mover_pause(struct mover *t) { pthread_mutex_lock(&t->lock); }
void mover_resume(struct mover *t) { pthread_mutex_unlock(&t->lock); }
void notify(int i);
void expand(void);

void pause_threads(enum pause_type type) {
    int pause_workers = 0;
    switch (type) {
    case PAUSE_ALL:
        mover_pause(settings.mover);
        /* fall through */
    case PAUSE_WORKERS:
        pause_workers = 1;
        pthread_mutex_lock(&hang_lock);
        break;
    case RESUME_ALL:
        mover_resume(settings.mover);
        /* fall through */
    case RESUME_WORKERS:
        pthread_mutex_unlock(&hang_lock);
        break;
    default:
        fprintf(stderr, "unknown pause type %d\n", type);
        break;
    }
    if (!pause_workers)
        return;
    pthread_mutex_lock(&init_lock);
    for (int i = 0; i < settings.threads; i++)
        notify(i);
    pthread_mutex_unlock(&init_lock);
}

void maintenance(void) {
    pause_threads(PAUSE_ALL);
    expand();
    pause_threads(RESUME_ALL);
}

/* The same with a lock reached through a parameter: the callers hold it between the calls. */
enum gate_mode { TAKE, GIVE, PEEK };
struct db { pthread_mutex_t mu; int n; };

void gate(struct db *d, enum gate_mode m) {
    switch (m) {
    case TAKE:
        pthread_mutex_lock(&d->mu);
        break;
    case GIVE:
        pthread_mutex_unlock(&d->mu);
        break;
    default:
        break;
    }
}

void gate_pair(struct db *d) {
    gate(d, TAKE);
    d->n++;
    gate(d, GIVE);
    gate(d, PEEK);
}

/* Bad twin: a caller that returns early between the two calls. */
int gate_early_bad(struct db *d, int v) {
    gate(d, TAKE); // expect: THR-lock-no-unlock
    if (v)
        return -1;
    gate(d, GIVE);
    return 0;
}

/* Bad twin: under the constant its caller passes, one path returns without the lock. */
static pthread_mutex_t some_lock = PTHREAD_MUTEX_INITIALIZER;
int busy(void);

int gate_some(enum gate_mode m) {
    if (m == TAKE) {
        pthread_mutex_lock(&some_lock); // expect: THR-lock-no-unlock
        if (busy())
            return -1;
        pthread_mutex_unlock(&some_lock);
        return 0;
    }
    return 0;
}

void use_some(void) {
    gate_some(TAKE);
    gate_some(PEEK);
}

/* Bad twin: a caller passes a value that is not a constant, so the argument selects nothing
   the analysis can see. */
static pthread_mutex_t any_lock = PTHREAD_MUTEX_INITIALIZER;
static int entered;

void gate_any(int m) {
    if (m == 1)
        pthread_mutex_lock(&any_lock); // expect: THR-lock-no-unlock
    entered++;
}

void use_any(int m) {
    gate_any(0);
    gate_any(m);
}
