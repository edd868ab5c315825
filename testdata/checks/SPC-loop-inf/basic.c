#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static void fatal(const char *msg) {
    fputs(msg, stderr);
    exit(1);
}

static int poll_device(volatile int *status) {
    return *status;
}

/* Positives. */

int wait_ready_bad(volatile int *status) {
    int polls = 0;
    for (;;) {
        polls++; // expect: SPC-loop-inf
        if (*status)
            polls = 0;
    }
    return polls; /* dead, but a plain `return` after a loop that never exits is an idiom RED-dead leaves alone */
}

void serve_bad(volatile int *status) {
    while (1) {
        if (poll_device(status) < 0) // expect: SPC-loop-inf
            continue;
        puts("tick");
    }
}

/* `break` inside the switch leaves only the switch, never the loop. */
void dispatch_bad(volatile int *cmd) {
    for (;;) {
        switch (*cmd) { // expect: SPC-loop-inf
        case 0:
            break;
        default:
            puts("command");
            break;
        }
    }
}

void retry_with_goto_bad(volatile int *status) {
again:
    if (*status) // expect: SPC-loop-inf
        puts("busy");
    goto again;
}

void do_forever_bad(volatile int *counter) {
    do {
        (*counter)++; // expect: SPC-loop-inf
    } while (1);
}

/* The outer loop is bounded, but the inner one never exits (the outer increment is dead too,
 * which is the endless loop's doing: not reported again as dead code). */
void inner_loop_bad(int n, volatile int *status) {
    for (int i = 0; i < n; i++) {
        while (1) {
            if (*status) // expect: SPC-loop-inf
                puts("busy");
        }
    }
}

/* Negatives. */

static jmp_buf resume;

static void bail_out(void) {
    longjmp(resume, 1);
}

void leaves_through_longjmp_helper_ok(volatile int *status) {
    for (;;) {
        if (*status)
            bail_out();
    }
}

void return_inside_switch_ok(volatile int *cmd) {
    while (1) {
        switch (*cmd) {
        case 'q':
            return;
        default:
            break;
        }
    }
}


int wait_with_break_ok(volatile int *status) {
    int polls = 0;
    for (;;) {
        polls++;
        if (*status)
            break;
    }
    return polls;
}

int wait_with_return_ok(volatile int *status) {
    while (1) {
        if (poll_device(status) > 0)
            return 1;
    }
}

void exits_through_helper_ok(volatile int *status) {
    for (;;) {
        if (poll_device(status) < 0)
            fatal("device error");
    }
}

void exits_directly_ok(volatile int *status) {
    while (1) {
        if (*status < 0)
            exit(2);
    }
}

static jmp_buf restart;  /* distinct from `resume` above */

void longjmp_out_ok(volatile int *status) {
    for (;;) {
        if (*status)
            longjmp(restart, 1);
    }
}

void goto_out_ok(volatile int *status) {
    for (;;) {
        if (*status)
            goto done;
    }
done:
    puts("done");
}

/* The condition can become false (the checker does not evaluate it). */
int counted_ok(int n) {
    int i = 0;
    while (i < n)
        i++;
    return i;
}
