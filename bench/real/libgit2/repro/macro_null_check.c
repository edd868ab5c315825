/* libgit2 transports/smart_pkt.c:747 (buffer_want_with_caps): the generic
 * GIT_ERROR_CHECK_ALLOC_STR(buf) macro tests buf == NULL || oom after the
 * buffer (a caller-owned, never NULL git_str) was written. */
#include <stddef.h>

struct str { char *ptr; size_t size, asize; };
extern char str_oom[];
int str_printf(struct str *buf, const char *fmt, ...);
#define CHECK_ALLOC_STR(buf) do { \
    if ((void *)(buf) == NULL || (buf)->ptr == str_oom) { return -1; } \
    } while (0)

int want_with_caps(struct str *buf, const char *oid)
{
    buf->size = 0;
    str_printf(buf, "want %s\n", oid);
    CHECK_ALLOC_STR(buf);
    return 0;
}
