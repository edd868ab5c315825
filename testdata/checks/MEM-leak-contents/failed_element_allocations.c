// An allocation stored into an element and tested at once stores memory only where it
// succeeded (openssh's dup_strings in auth-options.c): when the first strdup fails, the array
// owns nothing yet, and the cleanup loop frees the elements of the earlier iterations. A
// cleanup that forgets those elements leaks them.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int dup_strings(char ***dstp, size_t *ndstp, char **src, size_t nsrc) {
    char **dst;
    size_t i, j;

    *dstp = NULL;
    *ndstp = 0;
    if (nsrc == 0)
        return 0;
    if (nsrc >= SIZE_MAX / sizeof(*src) || (dst = calloc(nsrc, sizeof(*src))) == NULL)
        return -1;
    for (i = 0; i < nsrc; i++) {
        if ((dst[i] = strdup(src[i])) == NULL) {
            for (j = 0; j < i; j++)
                free(dst[j]);
            free(dst);
            return -1;
        }
    }
    *dstp = dst;
    *ndstp = nsrc;
    return 0;
}

int copy_args(char ***out, char **src, int n) {
    char **v = malloc(n * sizeof(*v));
    if (!v)
        return -1;
    for (int i = 0; i < n; i++) {
        if (!(v[i] = strdup(src[i]))) {
            while (i-- > 0)
                free(v[i]);
            free(v);
            return -1;
        }
    }
    *out = v;
    return 0;
}

int copy_args_bad(char ***out, char **src, int n) {
    char **v = malloc(n * sizeof(*v));
    if (!v)
        return -1;
    for (int i = 0; i < n; i++) {
        if ((v[i] = strdup(src[i])) == NULL) { // expect: MEM-leak-contents
            free(v);
            return -1;
        }
    }
    *out = v;
    return 0;
}
