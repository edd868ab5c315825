/* Mbed TLS library/aria.c:371 (mbedtls_aria_setkey_enc): a row of a 2-D
 * array is passed to memset; `w[1]` decays to a pointer, nothing is read. */
#include <stdint.h>
#include <string.h>

int setkey(const unsigned char *key, unsigned keybits, uint32_t out[4])
{
    uint32_t w[4][4];

    if (keybits != 128 && keybits != 256)
        return -1;
    w[0][0] = key[0];
    w[0][1] = key[1];
    w[0][2] = key[2];
    w[0][3] = key[3];
    memset(w[1], 0, 16);
    if (keybits == 256)
        w[1][0] = key[4];
    for (int i = 0; i < 4; i++)
        out[i] = w[0][i] ^ w[1][i];
    return 0;
}
