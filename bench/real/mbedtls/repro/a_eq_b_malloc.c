/* Mbed TLS library/pkcs7.c:566 and x509_crt.c:1117: `s->raw = p = calloc()`,
 * the NULL check is on the member, p then walks the buffer owned by s. */
#include <stdlib.h>
#include <string.h>

struct blob { unsigned char *raw; size_t len; };

int parse(struct blob *s, const unsigned char *buf, size_t len)
{
    unsigned char *p;

    s->raw = p = calloc(1, len);
    if (s->raw == NULL)
        return -1;
    memcpy(p, buf, len);
    s->len = len;
    if (p[0] != 0x30)
        return -2;   /* caller frees s->raw */
    return 0;
}
