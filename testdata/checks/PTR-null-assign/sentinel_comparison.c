// `prev = NULL` as "no previous buffer", compared with a buffer's position (nginx's
// ngx_output_chain_to_iovec): a member pointer the function never compares with NULL, never
// sets to NULL and never stores a possibly NULL result in is taken not to be NULL, so the
// first comparison is false and `iov` is set before it is used. A member the function itself
// considers NULL somewhere keeps the path.
#include <stddef.h>

struct buf { unsigned char *pos, *last; };
struct chain { struct buf *buf; struct chain *next; };
struct vec { unsigned char *base; size_t len; };

size_t merge_ok(struct vec *vec, size_t nalloc, struct chain *in) {
    unsigned char *prev = NULL;
    struct vec *iov = NULL;
    size_t n = 0;
    for (; in; in = in->next) {
        size_t size = in->buf->last - in->buf->pos;
        if (prev == in->buf->pos) {
            iov->len += size;
        } else {
            if (n == nalloc)
                break;
            iov = &vec[n++];
            iov->base = in->buf->pos;
            iov->len = size;
        }
        prev = in->buf->pos + size;
    }
    return n;
}

/* Here the function itself allows an empty buffer (`pos == NULL`), so the first comparison
 * can hold. */
size_t merge_empty_bad(struct vec *vec, size_t nalloc, struct chain *in) {
    unsigned char *prev = NULL;
    struct vec *iov = NULL;
    size_t n = 0;
    for (; in; in = in->next) {
        size_t size = in->buf->pos == NULL ? 0 : (size_t)(in->buf->last - in->buf->pos);
        if (prev == in->buf->pos) {
            iov->len += size; // latent: what memory holds decides (PTR-null-assign's latent_if_inputs_choose)
        } else {
            if (n == nalloc)
                break;
            iov = &vec[n++];
            iov->base = in->buf->pos;
            iov->len = size;
        }
        prev = in->buf->pos + size;
    }
    return n;
}

/* A pointer parameter is the caller's to give: compared with NULL `prev`, it may be NULL. */
size_t first_matches_bad(struct vec *iov_out, unsigned char *start) {
    unsigned char *prev = NULL;
    struct vec *iov = NULL;
    if (prev == start)
        return iov->len; // expect: PTR-null-assign
    iov = iov_out;
    return iov->len;
}
