// nginx's limit_conn: the elements pointer is copied, the array initialised when that copy is
// NULL, then the copy indexed in a loop over the array's count. The initialiser sets the
// count to 0 before it allocates (through a call that cannot reach the array), so the loop
// does not run on that path. An initialiser that leaves the count alone keeps the finding.
#include <stddef.h>

typedef struct { void *elts; size_t nelts, size, nalloc; } array_t;
typedef struct { void *zone; int conn; } limit_t;
typedef struct { array_t limits; } conf_t;

void *pool_alloc(size_t size);

static int array_init(array_t *array, size_t n, size_t size) {
    array->nelts = 0;
    array->size = size;
    array->nalloc = n;
    array->elts = pool_alloc(n * size);
    if (array->elts == NULL)
        return -1;
    return 0;
}

static int array_reserve(array_t *array, size_t n, size_t size) {
    array->nalloc = n;
    array->elts = pool_alloc(n * size);
    if (array->elts == NULL)
        return -1;
    return 0;
}

const char *limit_ok(conf_t *conf, void *zone) {
    limit_t *limits = conf->limits.elts;
    if (limits == NULL) {
        if (array_init(&conf->limits, 1, sizeof(limit_t)) != 0)
            return "error";
    }
    for (size_t i = 0; i < conf->limits.nelts; i++) {
        if (zone == limits[i].zone)
            return "is duplicate";
    }
    return NULL;
}

const char *limit_bad(conf_t *conf, void *zone) {
    limit_t *limits = conf->limits.elts;
    if (limits == NULL) {
        if (array_reserve(&conf->limits, 1, sizeof(limit_t)) != 0)
            return "error";
    }
    for (size_t i = 0; i < conf->limits.nelts; i++) {
        if (zone == limits[i].zone) // expect: PTR-null-cmp-aft
            return "is duplicate";
    }
    return NULL;
}
