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

int pad_bad(unsigned char **blobp, size_t len, size_t modlen) {
    unsigned char *sig = *blobp;
    if (len >= modlen)
        return 0;
    if ((sig = realloc(sig, modlen)) == NULL) // expect: MEM-realloc-self
        return -1;
    memset(sig + len, 0, modlen - len);
    *blobp = sig;
    return 0;
}
