// A block left behind when an error handler called through a member of a structure ends the
// program is no leak (`buf = alloc(); if (bad) ERREXIT(c, code);`). Every function an
// initialiser list of the program names may be in any member: one of the handler's type
// that returns (set in a local table below) makes the call return, and the block leaks.
#include <stdlib.h>

struct err_mgr {
    void (*error_exit)(void *ctx);
    int code;
};

struct ctx {
    struct err_mgr *err;
    int bad;
};

struct ops {
    void (*on_error)(void *ctx);
    void (*reset)(void *ctx);
};

#define ERREXIT(c, k) ((c)->err->code = (k), (*(c)->err->error_exit)((void *)(c)))

static void error_exit(void *ctx) {
    (void)ctx;
    exit(EXIT_FAILURE);
}

static void keep_going(void *ctx) { (void)ctx; }

void std_error(struct err_mgr *err) { err->error_exit = error_exit; }

void run(struct ops *o, void *ctx);

void with_local_table(void *ctx) {
    struct ops o = {error_exit, keep_going};
    run(&o, ctx);
}

int process(struct ctx *c, size_t n) {
    char *buf = malloc(n); // expect: MEM-leak
    if (buf == NULL)
        return -1;
    if (c->bad) {
        ERREXIT(c, 1);
        return -1;
    }
    free(buf);
    return 0;
}
