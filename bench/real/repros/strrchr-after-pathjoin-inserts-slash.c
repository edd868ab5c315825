/* rsync (RsyncProject/rsync) util1.c:1585, partial_dir_fname, PTR-null-fun-pos `t`.
 * Cause: callee-conditions. When pathjoin() returns a length below the buffer size, it has
 * copied p1, put a '/' after it (unless p1 already ends with one) and appended p2, so the
 * buffer contains a '/' and `strrchr(partial_fname, '/')` cannot return NULL. */
#include <stddef.h>
#include <string.h>

static size_t my_strlcpy(char *d, const char *s, size_t bufsize)
{
    size_t len = strlen(s), ret = len;
    if (bufsize > 0) {
        if (len >= bufsize)
            len = bufsize - 1;
        memcpy(d, s, len);
        d[len] = 0;
    }
    return ret;
}

static size_t pathjoin(char *dest, size_t destsize, const char *p1, const char *p2)
{
    size_t len = my_strlcpy(dest, p1, destsize);
    if (len < destsize - 1) {
        if (!len || dest[len-1] != '/')
            dest[len++] = '/';
        if (len < destsize - 1)
            len += my_strlcpy(dest + len, p2, destsize - len);
        else {
            dest[len] = '\0';
            len += strlen(p2);
        }
    } else
        len += strlen(p2) + 1;
    return len;
}

static char partial_fname[4096];
extern const char *partial_dir;
extern int have_filter;
int check_filter(const char *name, int is_dir);

char *partial_dir_fname(const char *fname)
{
    char *t;
    if ((int)pathjoin(partial_fname, sizeof partial_fname, partial_dir, fname) >= (int)sizeof partial_fname)
        return NULL;
    if (have_filter) {
        t = strrchr(partial_fname, '/');
        *t = '\0';
        if (check_filter(partial_fname, 1) < 0)
            return NULL;
        *t = '/';
    }
    return partial_fname;
}
