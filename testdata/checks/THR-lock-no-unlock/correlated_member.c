// The same member tested twice decides both branches alike when nothing between can change it:
// a call changes memory reached through a pointer only when it is given that pointer (or the
// address of a part of that memory).
#include <pthread.h>
#include <stdlib.h>
struct loop { pthread_rwlock_t cloexec_lock; };
struct req { void (*cb)(struct req *); struct loop *loop; char *path; int result; };
int cloexec(int fd, int set);
int close_fd(int fd);
int make_temp_ok(struct req *req) {
    int r;
    if (req->cb != NULL)
        pthread_rwlock_rdlock(&req->loop->cloexec_lock);
    r = mkstemp(req->path);
    if (r >= 0 && cloexec(r, 1) != 0) {
        r = close_fd(r);
        r = -1;
    }
    if (req->cb != NULL)
        pthread_rwlock_unlock(&req->loop->cloexec_lock);
    return r;
}
/* The callback is given `req`: it may clear `req->cb`, and the lock would be kept. */
int hand_over_bad(struct req *req, void (*done)(struct req *)) {
    int r;
    if (req->cb != NULL)
        pthread_rwlock_rdlock(&req->loop->cloexec_lock); // expect: THR-lock-no-unlock
    done(req);
    r = req->result;
    if (req->cb != NULL)
        pthread_rwlock_unlock(&req->loop->cloexec_lock); // expect: THR-unlock-no-lock
    return r;
}
