/* lighttpd src/stat_cache.c stat_cache_path_contains_symlink(): the loop
 * continues while `(s_cur = strrchr(buf, '/')) > buf` and dereferences s_cur
 * at the top of the next iteration. When strrchr returns NULL the test is
 * false (NULL compares below the address of the local array buf, as the
 * source's comment says), so s_cur is never NULL in the body. The ordering
 * of NULL against a non-null address is not used.
 * Reported: PTR-null-fun-pos (line 19). */
#include <string.h>
#include <sys/stat.h>

int contains_symlink(const char *name, size_t len)
{
    char buf[4096];
    if (len == 0 || len >= sizeof(buf))
        return -1;
    memcpy(buf, name, len);
    char *s_cur = buf + len;
    do {
        *s_cur = '\0';
        struct stat st;
        if (0 != lstat(buf, &st))
            return -1;
        if (S_ISLNK(st.st_mode))
            return 1;
    } while ((s_cur = strrchr(buf, '/')) > buf);
    return 0;
}
