/* Mbed TLS library/psa_crypto_rsa.c:119 -> rsa.c:1033: the object comes
 * from calloc through an out-parameter (and is also initialised by a
 * callee); reading a field of it is not a read of undefined memory. */
#include <stdlib.h>
#include <string.h>

struct rsa { size_t len; int n; };

void rsa_init(struct rsa *ctx) { memset(ctx, 0, sizeof(*ctx)); }
size_t rsa_get_len(const struct rsa *ctx) { return ctx->len; }

int load(struct rsa **p_rsa)
{
    *p_rsa = calloc(1, sizeof(struct rsa));
    if (*p_rsa == NULL)
        return -1;
    rsa_init(*p_rsa);
    return 0;
}

size_t import_bits(void)
{
    struct rsa *rsa = NULL;
    size_t bits = 0;
    if (load(&rsa) == 0)
        bits = 8 * rsa_get_len(rsa);
    free(rsa);
    return bits;
}
