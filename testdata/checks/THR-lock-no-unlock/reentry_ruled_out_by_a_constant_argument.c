// memcached's accept_new_conns() holds conn_lock around do_accept_new_conns(false), which
// calls maxconns_handler(-42, 0, 0); the handler calls accept_new_conns(true) again, taking
// conn_lock a second time, only when `fd != -42`: with the constant passed that branch is no
// path. Called with a descriptor it does not know, the handler may re-enter and deadlock.
#include <pthread.h>
#include <stdbool.h>

static pthread_mutex_t conn_lock = PTHREAD_MUTEX_INITIALIZER;
static bool allow_new_conns = true;

void accept_new_conns(const bool do_accept);
void timer_add(void (*cb)(int, short, void *));

static void maxconns_handler(const int fd, const short which, void *arg) {
    (void)which;
    (void)arg;
    if (fd == -42 || allow_new_conns == false) {
        timer_add(maxconns_handler);
    } else {
        accept_new_conns(true);
    }
}

void do_accept_new_conns(const bool do_accept) {
    if (do_accept) {
        allow_new_conns = true;
    } else {
        allow_new_conns = false;
        maxconns_handler(-42, 0, 0);
    }
}

void accept_new_conns(const bool do_accept) {
    pthread_mutex_lock(&conn_lock);
    do_accept_new_conns(do_accept);
    pthread_mutex_unlock(&conn_lock);
}

static pthread_mutex_t poll_lock = PTHREAD_MUTEX_INITIALIZER;
void poll_now(int fd);

static void poll_handler(int fd) {
    if (fd < 0)
        timer_add(0);
    else
        poll_now(fd);
}

void poll_now(int fd) {
    pthread_mutex_lock(&poll_lock); // expect: THR-lock-no-unlock
    poll_handler(fd + 1);
    pthread_mutex_unlock(&poll_lock);
}
