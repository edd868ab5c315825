/* rsync (RsyncProject/rsync) exclude.c:800, setup_merge_file, PTR-null-fun-pos `y`.
 * Cause: contradicting-branches. `if (!(x = parse_merge_name(...)) || *x != '/') return 0;`
 * so x[0] == '/', and `y = strrchr(x, '/')` finds at least that character: y is never NULL.
 * The plain form (repros/strrchr-after-first-char.c) is no longer reported; what brings it back
 * is the debug-only logging call between the test and strrchr (`if (DEBUG_GTE(FILTER, 2))
 * rprintf(...)`), which cannot write x's characters (a static buffer or the caller's pattern). */
#include <string.h>
#include <stdlib.h>

static char buf[4096];
int parent_dirscan, debug_filter;
#include <stdarg.h>
#include <stdio.h>
static void rprintf(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(code ? stderr : stdout, fmt, ap);
    va_end(ap);
}

static char *parse_merge_name(const char *merge_file)
{
    if (!parent_dirscan && strchr(merge_file, '/') == NULL)
        return (char *)merge_file;
    if (strlen(merge_file) >= sizeof buf)
        return NULL;
    strcpy(buf, merge_file);
    return buf;
}

char *setup_merge_file(const char *pat)
{
    char *x, *y;

    if (!(x = parse_merge_name(pat)) || *x != '/')
        return NULL;
    if (debug_filter >= 2)
        rprintf(1, "[%s] performing parent_dirscan\n", "receiver");
    y = strrchr(x, '/');
    *y = '\0';
    return strdup(y + 1);
}
