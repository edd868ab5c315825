#include <stdlib.h>
#include <string.h>

/* memcpy, strcpy and friends return their destination: returning or storing the result hands
 * the block on. */

struct piece { char *ptr; unsigned used; };

struct piece *copy_pieces_ok(const struct piece *src, unsigned n) {
    struct piece *pieces = malloc((n + 1) * sizeof(*pieces));
    if (!pieces)
        return NULL;
    return memcpy(pieces, src, (n + 1) * sizeof(*pieces));
}

char *dup_string_ok(const char *s) {
    char *d = malloc(strlen(s) + 1);
    if (d == NULL)
        return NULL;
    return strcpy(d, s);
}

struct holder { char *name; };

void keep_copy_ok(struct holder *h, const char *s, size_t n) {
    char *d = malloc(n);
    if (!d)
        return;
    h->name = memcpy(d, s, n);
}

char *copy_other_bad(const char *s, size_t n, char *into) {
    char *d = malloc(n); // expect: MEM-leak
    if (!d)
        return NULL;
    memcpy(d, s, n);
    return memcpy(into, s, n);
}
