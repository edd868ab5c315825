/*
 * From nanomsg (nanomsg/nanomsg @ fc3f684a), src/aio/ctx.c:90, nn_ctx_leave(),
 * reported by goanna-rs-s23d as THR-lock-no-unlock on `event->fsm->ctx`.
 *
 * Cause (model): nn_ctx_leave() processes the queued external events; for each
 * one it takes the target context's lock with nn_ctx_enter(event->fsm->ctx)
 * (a pthread_mutex_lock wrapper) and releases it with a *recursive* call
 * nn_ctx_leave(event->fsm->ctx), which unlocks self->sync on every path (the
 * early return after the empty-queue shortcut and the unlock before the loop).
 * The effect of the recursive call is not summarised, so the lock taken in the
 * loop looks never released. Replacing the recursive call by a direct
 * pthread_mutex_unlock(&it->ctx->sync), or by a call to a different function
 * that unlocks, makes the finding go away.
 *
 * Check: goanna-rs-s23d scan recursive-call-releases-lock.c --format text
 * reports THR-lock-no-unlock at the ctx_enter(it->ctx) line.
 */
#include <pthread.h>
#include <stddef.h>

struct item { struct item *next; struct ctx *ctx; };
struct ctx { pthread_mutex_t sync; struct item *events; struct item *eventsto; };

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

    while (1) {
        it = pop(&eventsto);
        if (!it)
            break;
        ctx_enter(it->ctx);
        process(it);
        ctx_leave(it->ctx);
    }
}
