/* nginx src/os/unix/ngx_writev_chain.c ngx_output_chain_to_iovec() (and
 * ngx_files.c, ngx_readv_chain.c, ngx_udp_sendmsg_chain.c): `prev = NULL`
 * means "no previous buffer"; a buffer that continues the previous one is
 * merged into the current iovec. A buffer's `pos` is never NULL (the list
 * holds in-memory buffers), so the first iteration always opens an iovec.
 * Reported: PTR-null-assign (line 27). */
#include <stddef.h>
#include <sys/uio.h>

struct buf { unsigned char *pos, *last; };
struct chain { struct buf *buf; struct chain *next; };

size_t chain_to_iovec(struct iovec *vec, size_t nalloc, struct chain *in)
{
    unsigned char *prev;
    struct iovec *iov;
    size_t n, size;

    iov = NULL;
    prev = NULL;
    n = 0;

    for ( /* void */ ; in; in = in->next) {
        size = in->buf->last - in->buf->pos;

        if (prev == in->buf->pos) {
            iov->iov_len += size;
        } else {
            if (n == nalloc)
                break;
            iov = &vec[n++];
            iov->iov_base = (void *) in->buf->pos;
            iov->iov_len = size;
        }
        prev = in->buf->pos + size;
    }
    return n;
}
