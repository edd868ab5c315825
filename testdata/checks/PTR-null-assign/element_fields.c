/* Grow-on-demand buffers sized by a field of an array element (nginx's lowercase header keys):
 * the buffer is NULL only while nothing was allocated, and a loop bounded by the same element's
 * field runs only when the allocation happened. The element is the same one while its index
 * and the memory it lives in keep their values. */
#include <stddef.h>

typedef struct { size_t len; unsigned char *data; } str_t;
typedef struct { str_t key; str_t value; } header_t;
typedef struct { size_t nelts; header_t *elts; } list_t;

void *pool_alloc(size_t n);
void refill(header_t *h);

int lowercase_keys(list_t *list)
{
    size_t allocated = 0, i, n;
    unsigned char *lowcase = NULL;
    header_t *header = list->elts;

    for (i = 0; i < list->nelts; i++) {
        if (allocated < header[i].key.len) {
            allocated = header[i].key.len + 16;
            lowcase = pool_alloc(allocated);
            if (lowcase == NULL) {
                return -1;
            }
        }
        for (n = 0; n < header[i].key.len; n++) {
            lowcase[n] = header[i].key.data[n] | 0x20;
        }
    }
    return 0;
}

/* The same with a constant index. */
int first_key(header_t *header)
{
    size_t allocated = 0, n;
    unsigned char *lowcase = NULL;

    if (allocated < header[0].key.len) {
        allocated = header[0].key.len;
        lowcase = pool_alloc(allocated);
        if (lowcase == NULL) {
            return -1;
        }
    }
    for (n = 0; n < header[0].key.len; n++) {
        lowcase[n] = header[0].key.data[n];
    }
    return 0;
}

/* Another element: the index moved between the test and the loop. */
int next_element(header_t *header, size_t i)
{
    size_t allocated = 0, n;
    unsigned char *lowcase = NULL;

    if (allocated < header[i].key.len) {
        allocated = header[i].key.len;
        lowcase = pool_alloc(allocated);
        if (lowcase == NULL) {
            return -1;
        }
    }
    i++;
    for (n = 0; n < header[i].key.len; n++) {
        lowcase[n] = header[i].key.data[n]; // latent: what memory holds decides (PTR-null-assign's latent_if_inputs_choose)
    }
    return 0;
}

/* The element's memory may change at a call given the array. */
int refilled(header_t *header, size_t i)
{
    size_t allocated = 0, n;
    unsigned char *lowcase = NULL;

    if (allocated < header[i].key.len) {
        allocated = header[i].key.len;
        lowcase = pool_alloc(allocated);
        if (lowcase == NULL) {
            return -1;
        }
    }
    refill(header);
    for (n = 0; n < header[i].key.len; n++) {
        lowcase[n] = header[i].key.data[n]; // latent: what memory holds decides (PTR-null-assign's latent_if_inputs_choose)
    }
    return 0;
}

/* Two different constant elements. */
int other_constant(header_t *header)
{
    size_t allocated = 0, n;
    unsigned char *lowcase = NULL;

    if (allocated < header[0].key.len) {
        allocated = header[0].key.len;
        lowcase = pool_alloc(allocated);
        if (lowcase == NULL) {
            return -1;
        }
    }
    for (n = 0; n < header[1].key.len; n++) {
        lowcase[n] = header[1].key.data[n]; // latent: what memory holds decides (PTR-null-assign's latent_if_inputs_choose)
    }
    return 0;
}

/* An element of an array member of a structure reached through a pointer. */
struct table { size_t used[4]; unsigned char *slots[4]; };

int member_array(struct table *t, int k)
{
    unsigned char *buf = NULL;
    size_t n;

    if (t->used[k] > 0) {
        buf = pool_alloc(t->used[k]);
        if (buf == NULL) {
            return -1;
        }
    }
    for (n = 0; n < t->used[k]; n++) {
        buf[n] = 0;
    }
    return 0;
}
