// A function that releases the lock of each object it hands work to by calling itself
// (nanomsg's nn_ctx_leave: `nn_ctx_enter(event->fsm->ctx); ...; nn_ctx_leave(event->fsm->ctx);`,
// and nn_ctx_leave releases its own context's lock on every path): the recursive call
// releases what the loop took. A loop that skips the release for some items keeps the lock.
#include <pthread.h>
#include <stddef.h>

struct item { struct item *next; struct ctx *ctx; int skip; };
struct ctx { pthread_mutex_t sync; struct item *eventsto; };

void ctx_enter(struct ctx *self) { pthread_mutex_lock(&self->sync); }

static struct item *pop(struct item **q) {
    struct item *it = *q;
    if (it)
        *q = it->next;
    return it;
}

void process(struct item *it);

void ctx_leave(struct ctx *self) {
    struct item *eventsto;
    struct item *it;

    if (self->eventsto == NULL) {
        pthread_mutex_unlock(&self->sync);
        return;
    }
    eventsto = self->eventsto;
    self->eventsto = NULL;
    pthread_mutex_unlock(&self->sync);

    while ((it = pop(&eventsto)) != NULL) {
        ctx_enter(it->ctx);
        process(it);
        ctx_leave(it->ctx);
    }
}

void ctx_leave_skipping(struct ctx *self) {
    struct item *eventsto = self->eventsto;
    struct item *it;

    self->eventsto = NULL;
    pthread_mutex_unlock(&self->sync);
    while ((it = pop(&eventsto)) != NULL) {
        ctx_enter(it->ctx); // expect: THR-lock-no-unlock
        if (it->skip)
            continue;
        process(it);
        ctx_leave_skipping(it->ctx);
    }
}
