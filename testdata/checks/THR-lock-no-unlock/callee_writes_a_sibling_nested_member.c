// libmicrohttpd's MHD_connection_handle_idle locks `c->rp.response->mutex` when the response
// has a content reader, calls try_ready_normal_body(c), which writes only other members of
// the nested `c->rp` (`rp.resp_iov`, `rp.rsp_write_position`), and unlocks under the same
// test: `c->rp.response` keeps its value across the call. A callee that rewrites
// `c->rp.response` itself may leave the first response locked, and unlock the second.
#include <pthread.h>
#include <stddef.h>

struct response {
    pthread_mutex_t mutex;
    void *crc;
    size_t total;
};

struct reply {
    struct response *response;
    struct {
        char *iov;
        int cnt;
    } resp_iov;
    size_t pos;
};

struct conn {
    struct reply rp;
    int state;
};

static int ready_body(struct conn *c) {
    if (c->rp.pos >= c->rp.response->total)
        return 1;
    c->rp.resp_iov.cnt = 0;
    c->rp.pos++;
    return 0;
}

void handle_idle(struct conn *c) {
    if (c->rp.response->crc != NULL)
        pthread_mutex_lock(&c->rp.response->mutex);
    if (ready_body(c))
        c->state = 1;
    if (c->rp.response->crc != NULL)
        pthread_mutex_unlock(&c->rp.response->mutex);
}

struct response *next_response(void);

static int switch_body(struct conn *c) {
    c->rp.response = next_response();
    return c->rp.response != NULL;
}

void handle_switch(struct conn *c) {
    if (c->rp.response->crc != NULL)
        pthread_mutex_lock(&c->rp.response->mutex); // expect: THR-lock-no-unlock
    if (switch_body(c))
        c->state = 1;
    if (c->rp.response->crc != NULL)
        pthread_mutex_unlock(&c->rp.response->mutex); // expect: THR-unlock-no-lock
}
