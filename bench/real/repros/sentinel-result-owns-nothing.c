/* nginx src/core/ngx_resolver.c ngx_resolve_start(), as used by
 * ngx_http_upstream_zone_resolve_timer() and ngx_http_upstream_init_request():
 * the function returns the sentinel NO_RESOLVER ((void *) -1) without
 * allocating, or a fresh context (NULL when the allocation fails). A result
 * equal to the sentinel owns nothing; resolve_name() owns the context after.
 * Reported: MEM-leak (line 33). */
#include <stdlib.h>

#define NO_RESOLVER (void *) -1

typedef struct { void *elts; size_t nelts; } array_t;
typedef struct { array_t connections; } resolver_t;
typedef struct { resolver_t *resolver; const char *name; } ctx_t;

int resolve_name(ctx_t *ctx);

ctx_t *resolve_start(resolver_t *r)
{
    ctx_t *ctx;

    if (r->connections.nelts == 0)
        return NO_RESOLVER;
    ctx = calloc(1, sizeof(ctx_t));
    if (ctx)
        ctx->resolver = r;
    return ctx;
}

void resolve_timer(resolver_t *res, const char *name)
{
    ctx_t *ctx;

    ctx = resolve_start(res);
    if (ctx == NULL)
        return;
    if (ctx == NO_RESOLVER)
        return;
    ctx->name = name;
    if (resolve_name(ctx) == 0)
        return;
}
