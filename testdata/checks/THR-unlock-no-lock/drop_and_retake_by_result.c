// A function entered with its caller's lock held that drops it for a search and takes it back
// when the object still exists (unbound's set_next_probe: returns 1 holding tp->lock again,
// 0 with it released because the object was deleted). For its caller, result 0 released the
// lock and result 1 left it held as it was: the caller's unlock after a 1 is no unlock without
// a lock, and its return after a 0 leaks nothing.
#include <pthread.h>
#include <stddef.h>

struct anchor { pthread_mutex_t lock; int next; struct anchor *self; };
struct anchors { pthread_mutex_t lock; struct anchor *only; };

static int set_next(struct anchors *all, struct anchor *tp) {
    pthread_mutex_unlock(&tp->lock);
    pthread_mutex_lock(&all->lock);
    if (all->only != tp) {
        pthread_mutex_unlock(&all->lock);
        return 0;
    }
    pthread_mutex_lock(&tp->lock);
    tp->next++;
    pthread_mutex_unlock(&all->lock);
    return 1;
}

/* called with tp->lock held; returns with it held unless the anchor is gone */
int process(struct anchors *all, struct anchor *tp) {
    if (!set_next(all, tp))
        return 0;
    tp->next++;
    return 1;
}

void probe(struct anchors *all, struct anchor *tp) {
    pthread_mutex_lock(&tp->lock);
    if (!set_next(all, tp))
        return;
    tp->next = 0;
    pthread_mutex_unlock(&tp->lock);
}

void probe_bad(struct anchors *all, struct anchor *tp) {
    pthread_mutex_lock(&tp->lock);
    if (!set_next(all, tp)) {
        pthread_mutex_unlock(&tp->lock); // expect: THR-unlock-no-lock
        return;
    }
    pthread_mutex_unlock(&tp->lock);
}
