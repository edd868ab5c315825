/* Mbed TLS library/ssl_msg.c:3483 (mbedtls_ssl_update_handshake_status):
 * `hs` is a const copy of ssl->handshake; the later test of the field
 * ssl->handshake != NULL also establishes hs != NULL. */
#include <stddef.h>

struct hs { int in_msg_seq; };
struct ssl { struct hs *handshake; int over; int dtls; };

int update(struct ssl *ssl);

int update_status(struct ssl *ssl)
{
    struct hs *const hs = ssl->handshake;

    if (ssl->over == 0 && hs != NULL) {
        if (update(ssl) != 0)
            return -1;
    }
    if (ssl->dtls && ssl->handshake != NULL)
        hs->in_msg_seq++;
    return 0;
}
