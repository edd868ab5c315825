/* A pointer moved within its block (`p++`, `p += k`) is NULL exactly when it was before:
 * the loop below leaves `p` only through its `p &&` test after a step that follows a
 * successful search, so `p` is never NULL after it (redis's /proc/self/stat reader). */
#include <stdlib.h>
#include <string.h>

int nth_field(char *buf, int i, long long *res)
{
    char *p, *x;
    p = strrchr(buf, ')');
    if (!p)
        return 0;
    p++;
    while (*p == ' ')
        p++;
    if (*p == '\0')
        return 0;
    while (p && i--) {
        p = strchr(p, ' ');
        if (p)
            p++;
        else
            return 0;
    }
    x = strchr(p, ' ');
    if (x)
        *x = '\0';
    *res = strtoll(p, &x, 10);
    return 1;
}

/* Here a failed search leaves the loop with `p` NULL. */
int nth_field_unchecked(char *buf, int i)
{
    char *p = strrchr(buf, ')');
    if (!p)
        return 0;
    p++;
    while (p && i--) {
        p = strchr(p, ' ');
        if (p)
            p++;
    }
    return *p; // expect: PTR-null-cmp-aft
}
