/* libmicrohttpd src/microhttpd/connection.c:6758 (MHD_connection_handle_write) and
 * connection.c:7407 (MHD_connection_handle_idle), THR-lock-no-unlock.
 * Cause (callee-conditions): the caller locks response->mutex when the response has a
 * content-reader callback, then calls try_ready_normal_body(), which unlocks that same
 * mutex on every path that returns MHD_NO ("mutex was already unlocked by
 * try_ready_normal_body"); the caller returns at once on MHD_NO and unlocks itself on
 * MHD_YES. The callee names the mutex through its own local copy
 * `response = connection->rp.response`; goanna-rs does not match that unlock with the
 * caller's lock when the caller names it through its own copy (handle_write, line 36 below)
 * or through the embedded member `c->rp.response` (handle_idle, line 46). With the caller
 * writing `&c->response->mutex` and no embedded struct, it is not reported.
 * Reported: THR-lock-no-unlock at lines 36 and 46; both FALSE. */
#include <pthread.h>
#include <stdlib.h>

extern long produce(void *cls, char *buf);
extern void send_data(const char *buf);

struct response { pthread_mutex_t mutex; void *cls; char data[64]; };
struct reply { struct response *response; };
struct conn { struct reply rp; };

static int try_ready_body(struct conn *c)
{
	struct response *response = c->rp.response;
	if (produce(response->cls, response->data) <= 0) {
		pthread_mutex_unlock(&response->mutex);
		return 0;
	}
	return 1;
}

void handle_write(struct conn *c)
{
	struct response *response = c->rp.response;
	if (pthread_mutex_lock(&response->mutex))
		abort();
	if (try_ready_body(c) == 0)
		return; /* mutex was already unlocked by try_ready_body */
	send_data(response->data);
	pthread_mutex_unlock(&response->mutex);
}

void handle_idle(struct conn *c)
{
	if (pthread_mutex_lock(&c->rp.response->mutex))
		abort();
	if (try_ready_body(c) == 0)
		return; /* mutex was already unlocked by try_ready_body */
	pthread_mutex_unlock(&c->rp.response->mutex);
}
