/* A constructor whose flag chooses between an allocator that never returns NULL and one that
 * may (redis's mstrNewWithMeta(..., trymalloc)): called with the flag 0 it never returns NULL.
 * The branches the constant flag rules out do not count against the number of the callee's
 * paths followed, so the callee's other independent branches still fit. */
#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p)
        abort();
    return p;
}

void *try_xmalloc(size_t n)
{
    return malloc(n);
}

char *make(const char *init, size_t len, int kind, int trymalloc)
{
    int hdr = len < 32 ? 1 : 8;
    char *alloc = trymalloc ? try_xmalloc(len + hdr + 1) : xmalloc(len + hdr + 1);
    if (alloc == NULL)
        return NULL;
    char *s = alloc + hdr;
    s[-1] = kind > 3 ? 3 : (char)kind;
    if (init && len)
        memcpy(s, init, len);
    s[len] = 0;
    return s;
}

static int kind_of(const char *s)
{
    return s[-1];
}

void keep(char *s);

int copy_kind(const char *src)
{
    char *dst = make(src, strlen(src), 1, 0);
    int kind = kind_of(dst);
    keep(dst);
    return kind;
}

int try_copy_kind(const char *src)
{
    char *dst = make(src, strlen(src), 1, 1);
    int kind = kind_of(dst); // expect: PTR-null-fun-pos
    keep(dst);
    return kind;
}
