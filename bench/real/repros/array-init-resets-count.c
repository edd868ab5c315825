/* nginx src/http/modules/ngx_http_limit_conn_module.c ngx_http_limit_conn()
 * (and limit_req): the elements pointer is copied, then the array is
 * initialised when that copy is NULL. The inline initialiser sets the count
 * to 0, so the loop over the copy does not run.
 * Reported: PTR-null-cmp-aft (line 38). */
#include <stddef.h>

typedef struct { void *elts; size_t nelts, size, nalloc; } array_t;
typedef struct { void *zone; int conn; } limit_t;
typedef struct { array_t limits; } conf_t;

void *pool_alloc(size_t size);

static inline int array_init(array_t *array, size_t n, size_t size)
{
    array->nelts = 0;
    array->size = size;
    array->nalloc = n;
    array->elts = pool_alloc(n * size);
    if (array->elts == NULL)
        return -1;
    return 0;
}

const char *limit_conn(conf_t *lccf, void *zone)
{
    limit_t *limits;
    size_t i;

    limits = lccf->limits.elts;

    if (limits == NULL) {
        if (array_init(&lccf->limits, 1, sizeof(limit_t)) != 0)
            return "error";
    }

    for (i = 0; i < lccf->limits.nelts; i++) {
        if (zone == limits[i].zone)
            return "is duplicate";
    }
    return NULL;
}
