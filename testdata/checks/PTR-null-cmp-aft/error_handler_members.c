// An error handler called through a member of a structure (libjpeg's `ERREXIT`:
// `(*cinfo->err->error_exit)(cinfo)`) ends the path when every function the program stores
// into members of that name, or names in an initialiser list, of the call's type, never
// returns: `if (p == NULL) ERREXIT(...); p->x` reads no NULL. A handler that returns, or a
// member given a value the program does not know, keeps the report.
#include <stddef.h>
#include <stdlib.h>

struct err_mgr {
    void (*error_exit)(void *ctx);
    void (*warn)(void *ctx, int level);
    void (*fatal)(void *ctx);
    int code;
};

struct table {
    unsigned char bits[17];
};

struct ctx {
    struct err_mgr *err;
    struct table *tables[4];
};

#define ERREXIT(c, k) ((c)->err->code = (k), (*(c)->err->error_exit)((void *)(c)))
#define WARN(c, k) ((c)->err->code = (k), (*(c)->err->warn)((void *)(c), 1))
#define FATAL(c) ((*(c)->err->fatal)((void *)(c)))

static void error_exit(void *ctx) {
    (void)ctx;
    exit(EXIT_FAILURE);
}

static void warn_and_go_on(void *ctx, int level) {
    (void)ctx;
    (void)level;
}

struct err_mgr *std_error(struct err_mgr *err, const struct err_mgr *parent) {
    err->error_exit = error_exit;
    err->fatal = parent->fatal;
    err->code = 0;
    return err;
}

int first_length_ok(struct ctx *c, int n) {
    struct table *t = c->tables[n];
    if (t == NULL)
        ERREXIT(c, 3);
    return t->bits[1];
}

// The warning handler, set in a table of operations, returns.
static const struct err_mgr quiet = {NULL, warn_and_go_on, NULL, 0};

const struct err_mgr *quiet_errors(void) { return &quiet; }

int first_length_warned(struct ctx *c, int n) {
    struct table *t = c->tables[n];
    if (t == NULL)
        WARN(c, 3);
    return t->bits[1]; // expect: PTR-null-cmp-aft
}

// The fatal handler is copied from another manager: not known.
int first_length_fatal(struct ctx *c, int n) {
    struct table *t = c->tables[n];
    if (t == NULL)
        FATAL(c);
    return t->bits[1]; // expect: PTR-null-cmp-aft
}
