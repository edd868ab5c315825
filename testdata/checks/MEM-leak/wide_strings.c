#include <stdlib.h>
#include <wchar.h>

/* The wide-character string functions are modelled as their narrow counterparts: copying
 * into a block does not hand it on. */

size_t wide_copy_leaked_bad(const wchar_t *src) {
    wchar_t *data = malloc(100 * sizeof *data); // expect: MEM-leak
    if (!data)
        return 0;
    wcscpy(data, src);
    return wcslen(data);
}

size_t wide_copy_freed_good(const wchar_t *src) {
    size_t n;
    wchar_t *data = malloc(100 * sizeof *data);
    if (!data)
        return 0;
    wcscpy(data, src);
    n = wcslen(data);
    free(data);
    return n;
}

wchar_t *wide_duplicate_returned_good(const wchar_t *src) {
    wchar_t *copy = wcsdup(src);
    return copy;
}
