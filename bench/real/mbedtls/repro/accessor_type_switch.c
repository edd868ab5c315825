/* Mbed TLS library/pk.c:467 (mbedtls_pk_get_psa_attributes): the accessor
 * returns NULL only when the type is not RSA; the caller switched on it. */
#include <stddef.h>

enum kind { K_NONE, K_RSA, K_EC };
struct info { enum kind type; };
struct pk { const struct info *info; void *ctx; };
struct rsa { int len; };

static enum kind pk_get_type(const struct pk *pk)
{
    return pk->info == NULL ? K_NONE : pk->info->type;
}

static inline struct rsa *pk_rsa(const struct pk pk)
{
    switch (pk_get_type(&pk)) {
    case K_RSA: return (struct rsa *) pk.ctx;
    default: return NULL;
    }
}

int key_len(const struct pk *pk)
{
    switch (pk_get_type(pk)) {
    case K_RSA: {
        struct rsa *rsa = pk_rsa(*pk);
        return rsa->len;
    }
    default:
        return -1;
    }
}
