// A callee that releases its caller's lock through its own local copy of the member holding
// the object (libmicrohttpd's try_ready_normal_body(): `response = connection->rp.response;
// ... unlock(&response->mutex); return MHD_NO;`) releases `c->rp.response->mutex` for its
// caller, which may name it directly or through its own copy. A copy that is given another
// value on the way stands for nothing.
#include <pthread.h>
#include <stdlib.h>

long produce(void *cls, char *buf);
void send_data(const char *buf);

struct response { pthread_mutex_t mutex; void *cls; char data[64]; struct response *next; };
struct reply { struct response *response; };
struct conn { struct reply rp; };

/* releases c->rp.response->mutex when it returns 0 */
static int try_ready_body(struct conn *c) {
    struct response *response = c->rp.response;
    if (produce(response->cls, response->data) <= 0) {
        pthread_mutex_unlock(&response->mutex);
        return 0;
    }
    return 1;
}

void handle_write(struct conn *c) {
    struct response *response = c->rp.response;
    if (pthread_mutex_lock(&response->mutex))
        abort();
    if (try_ready_body(c) == 0)
        return; /* already unlocked by try_ready_body */
    send_data(response->data);
    pthread_mutex_unlock(&response->mutex);
}

void handle_idle(struct conn *c) {
    if (pthread_mutex_lock(&c->rp.response->mutex))
        abort();
    if (try_ready_body(c) == 0)
        return;
    pthread_mutex_unlock(&c->rp.response->mutex);
}

/* moves on to the next response before releasing: not the caller's lock */
static int try_next_body(struct conn *c) {
    struct response *response = c->rp.response;
    if (response->next)
        response = response->next;
    if (produce(response->cls, response->data) <= 0) {
        pthread_mutex_unlock(&response->mutex);
        return 0;
    }
    return 1;
}

void handle_next(struct conn *c) {
    if (pthread_mutex_lock(&c->rp.response->mutex)) // expect: THR-lock-no-unlock
        abort();
    if (try_next_body(c) == 0)
        return;
    pthread_mutex_unlock(&c->rp.response->mutex);
}
