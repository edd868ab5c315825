/* Mbed TLS library/ssl_tls13_server.c:2572: `(void) output_len;` only
 * silences -Wunused when the feature blocks below are compiled out. */
#include <stddef.h>

int write_ext(unsigned char *p, size_t *olen);

int write_body(unsigned char *buf, size_t *out_len, int alpn)
{
    unsigned char *p = buf;
    size_t output_len;

    *out_len = 0;
    ((void) output_len);

    if (alpn) {
        if (write_ext(p, &output_len) != 0)
            return -1;
        p += output_len;
    }
    *out_len = (size_t) (p - buf);
    return 0;
}
