// A value derived from `p ? ... : NULL` (or `: 0`) is tested instead of `p` itself: each branch
// of the conditional stores its own value, so the derived value tells whether `p` was NULL.
#include <stddef.h>
#include <string.h>

struct state { int phase; };
struct ctx { struct state *ts; int len; };
void state_free(struct state *ts);

void tunnel_free_ok(struct ctx *pctx) {
    struct state *ts = pctx ? pctx->ts : NULL;
    if (ts) {
        state_free(ts);
        pctx->ts = NULL;
    }
}

int ctx_len_ok(struct ctx *c) {
    const int len = c ? c->len : 0;
    if (len)
        return c->len * 2;
    return 0;
}

int ends_with_sep_ok(const char *a, char sep) {
    size_t n;
    n = a ? strlen(a) : 0;
    if (sep && n)
        return a[n - 1] == sep;
    return 0;
}

/* The derived value does not guard the dereference. */
int ctx_len_bad(struct ctx *c, int scale) {
    const int len = c ? c->len : 0;
    if (scale)
        return c->len * scale; // expect: PTR-null-cmp-aft
    return len;
}

/* A default that is not NULL-like says nothing about `c`. */
int ctx_len_default_bad(struct ctx *c) {
    const int len = c ? c->len : 1;
    if (len)
        return c->len; // expect: PTR-null-cmp-aft
    return 0;
}
