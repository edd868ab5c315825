// The address of a local handed to the caller through an out-parameter or a global.
#include <stddef.h>

struct stream {
    const char *next;
};

static int *last_seen;

void out_parameter_bad(int **out) {
    int local[4] = {0};
    *out = local; // expect: MEM-stack
}

void global_bad(void) {
    int here = 0;
    last_seen = &here; // expect: MEM-stack
}

void global_reset_before_return_ok(void) {
    int here = 0;
    last_seen = &here;
    last_seen = NULL;
}

void out_parameter_static_ok(int **out) {
    static int shared[4];
    *out = shared;
}

/* A caller's structure pointed at a local buffer for the duration of the call. */
void stream_buffer_for_the_call_ok(struct stream *s) {
    char buf[8] = "abc";
    s->next = buf;
}
