#include <stdlib.h>
#include <string.h>

/* The old block saved in another variable before `p = realloc(p, n)` is not lost when the
 * reallocation fails (openssh's ssh_rsa_verify puts it back). */

int pad_ok(unsigned char **blobp, size_t len, size_t modlen) {
    unsigned char *sig = *blobp, *old;
    int ret = -1;
    if (len >= modlen)
        return 0;
    old = sig;
    if ((sig = realloc(sig, modlen)) == NULL) {
        sig = old;
        goto out;
    }
    memset(sig + len, 0, modlen - len);
    ret = 0;
out:
    *blobp = sig;
    return ret;
}

/* The caller's `*blobp` still holds the old block when the reallocation fails: it is not
 * lost (the caller frees it). */
int pad_in_place_ok(unsigned char **blobp, size_t len, size_t modlen) {
    unsigned char *sig = *blobp;
    if (len >= modlen)
        return 0;
    if ((sig = realloc(sig, modlen)) == NULL)
        return -1;
    memset(sig + len, 0, modlen - len);
    *blobp = sig;
    return 0;
}

/* The block comes from a call given `&sig` (openssh's sshbuf_get_string): `sig` is still
 * followed, and `old` keeps its block. */
int get_string(const void *b, unsigned char **out, size_t *len);
int verify_ok(const void *b, size_t modlen) {
    unsigned char *sig = NULL, *old;
    size_t len = 0;
    int ret = -1;
    if (get_string(b, &sig, &len) != 0)
        goto out;
    if (len < modlen) {
        old = sig;
        if ((sig = realloc(sig, modlen)) == NULL) {
            sig = old;
            goto out;
        }
        memset(sig + len, 0, modlen - len);
    }
    ret = 0;
out:
    free(sig);
    return ret;
}

/* Nothing else holds a block the function allocated itself. */
int pad_copy_bad(const unsigned char *blob, size_t len, size_t modlen, unsigned char **out) {
    unsigned char *sig = malloc(len);
    if (sig == NULL)
        return -1;
    memcpy(sig, blob, len);
    if ((sig = realloc(sig, modlen)) == NULL) // expect: MEM-realloc-self
        return -1;
    *out = sig;
    return 0;
}

/* Nor one a call stored through `&sig` that no other variable copied. */
int verify_bad(const void *b, size_t modlen) {
    unsigned char *sig = NULL;
    size_t len = 0;
    if (get_string(b, &sig, &len) != 0)
        return -1;
    if ((sig = realloc(sig, modlen)) == NULL) // expect: MEM-realloc-self
        return -1;
    free(sig);
    return 0;
}
