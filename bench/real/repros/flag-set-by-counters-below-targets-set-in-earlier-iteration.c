/* iperf3 (esnet/iperf) src/iperf_server_api.c:872, iperf_run_server, SPC-uninit-var-some `flag`.
 * Cause: callee-conditions / cross-iteration invariant. The state becomes CREATE_STREAMS only
 * in the iteration where accept_control() sets the targets to a count >= 1; the iteration whose
 * stream accept makes both counters reach their targets leaves CREATE_STREAMS. So `flag` is
 * always set (0 or 1) before `flag != -1` is read. The path reported takes one iteration with
 * state != START just after set_state(START). */
#include <stdlib.h>

enum { START = 1, CREATE_STREAMS = 2, RUNNING = 3, DONE = 4 };
struct test { signed char state; int num_streams; int reverse; };

void set_state(struct test *t, signed char s) { t->state = s; }
int ready(int fd);
int new_stream(struct test *t, int s, int sender);

static int accept_control(struct test *t)
{
    int n = rand();
    if (n < 1 || n > 128)
        return -1;
    t->num_streams = n;
    set_state(t, CREATE_STREAMS);
    return 0;
}

int run(struct test *t)
{
    int flag;
    int to_send = 0, to_rec = 0, sent = 0, rec = 0;

    set_state(t, START);
    while (t->state != DONE) {
        if (ready(0) && t->state != CREATE_STREAMS) {
            if (accept_control(t) < 0)
                return -1;
            if (t->reverse) { to_send = t->num_streams; to_rec = 0; }
            else { to_rec = t->num_streams; to_send = 0; }
        }
        if (t->state == CREATE_STREAMS) {
            if (ready(1)) {
                if (rec != to_rec) { flag = 0; ++rec; }
                else if (sent != to_send) { flag = 1; ++sent; }
                if (flag != -1) {
                    if (new_stream(t, 5, flag) < 0)
                        return -1;
                    flag = -1;
                }
            }
            if (rec == to_rec && sent == to_send)
                set_state(t, RUNNING);
        }
        if (ready(2))
            set_state(t, DONE);
    }
    return 0;
}
