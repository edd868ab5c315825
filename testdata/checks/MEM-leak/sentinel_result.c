/* A constructor that returns a sentinel before it allocates anything (nginx's
 * ngx_resolve_start returning NGX_NO_RESOLVER): the branch where the result is the sentinel
 * owns no memory. */
#include <stdlib.h>

#define NO_RESOLVER ((void *) -1)

struct ctx { int state; };
struct resolver { int connections; };

static struct ctx *resolve_start(struct resolver *r)
{
    struct ctx *c;
    if (r->connections == 0) {
        return NO_RESOLVER;
    }
    c = calloc(1, sizeof(*c));
    return c;
}

int resolve(struct resolver *r)
{
    struct ctx *c = resolve_start(r);
    if (c == NULL) {
        return -1;
    }
    if (c == NO_RESOLVER) {
        return -2;
    }
    c->state = 1;
    free(c);
    return 0;
}

/* The sentinel branch is no excuse on the other paths: returning without freeing a real block
 * is still a leak. */
int resolve_leaky(struct resolver *r, int quick)
{
    struct ctx *c = resolve_start(r); // expect: MEM-leak
    if (c == NULL || c == NO_RESOLVER) {
        return -1;
    }
    if (quick) {
        return 1;
    }
    free(c);
    return 0;
}

/* A block compared with a sentinel of the program's own making (`MAP_FAILED`-like) right after
 * malloc is still the block. */
int map_like(size_t n)
{
    char *p = malloc(n);
    if (p == NULL || p == (char *) -1) {
        return -1;
    }
    p[0] = 1;
    free(p);
    return 0;
}
