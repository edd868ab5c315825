// A lock taken through a local copy of a member and released through the member itself
// (nng's ipc_pipe_nego_cb: `ep = p->ep; nni_mtx_lock(&ep->mtx); ... nni_mtx_unlock(&p->ep->mtx);`)
// is one lock: neither the copy nor the member is written in between. When the member is
// written in between, the names part: the lock taken is not the one released.
#include <pthread.h>
#include <stddef.h>

struct endpoint {
    pthread_mutex_t mtx;
    int closed;
};

struct pipe {
    struct endpoint *ep;
    int sent;
    int want;
};

void stream_send(struct pipe *p);

void pipe_negotiate(struct pipe *p) {
    struct endpoint *ep = p->ep;
    pthread_mutex_lock(&ep->mtx);
    if (ep->closed) {
        pthread_mutex_unlock(&ep->mtx);
        return;
    }
    if (p->sent < p->want) {
        stream_send(p);
        pthread_mutex_unlock(&p->ep->mtx);
        return;
    }
    pthread_mutex_unlock(&ep->mtx);
}

void pipe_move(struct pipe *p, struct endpoint *to) {
    struct endpoint *ep = p->ep;
    pthread_mutex_lock(&ep->mtx); // expect: THR-lock-no-unlock
    if (ep->closed) {
        pthread_mutex_unlock(&ep->mtx);
        return;
    }
    p->ep = to;
    pthread_mutex_unlock(&p->ep->mtx);
}
