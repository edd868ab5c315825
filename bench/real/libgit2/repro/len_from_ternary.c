/* libgit2 src/util/str.c:779 (git_str_join), email.c:102, merge_file.c:187,
 * pack.c:1204: the length is 0 when the pointer is NULL, and the pointer is
 * only used when the length is non-zero. */
#include <string.h>

int ends_with_sep(const char *str_a, const char *str_b, char sep)
{
    size_t strlen_a = str_a ? strlen(str_a) : 0;
    size_t strlen_b = strlen(str_b);

    if (sep && strlen_a) {
        while (*str_b == sep) { str_b++; strlen_b--; }
        if (str_a[strlen_a - 1] != sep)
            return 1;
    }
    return strlen_b == 0;
}
