// A getter that returns NULL unless the object it is given is of some kind, used after the
// caller switched on the same kind (mbedtls' `mbedtls_pk_rsa(*pk)` inside
// `case MBEDTLS_PK_RSA:` of `switch (mbedtls_pk_get_type(pk))`). The getter reads memory the
// caller reaches through the same pointer, nothing writes it in between, so the NULL is not
// possible there. A call that may write through the pointer, or a kind that does not match,
// leaves it possible; a NULL that is possible but not forced is latent and not reported,
// one the path forces (the kind tested is another) is.
#include <stddef.h>

typedef enum { KIND_NONE, KIND_RSA, KIND_EC } kind_t;
struct info { kind_t kind; const char *name; };
struct key { const struct info *info; void *ctx; };
struct rsa { int n; int e; };

kind_t key_kind(const struct key *k) {
    if (k == NULL || k->info == NULL)
        return KIND_NONE;
    return k->info->kind;
}

/* Takes the context by value, as mbedtls_pk_rsa does. */
static inline struct rsa *key_rsa(const struct key k) {
    switch (key_kind(&k)) {
    case KIND_RSA:
        return (struct rsa *) k.ctx;
    default:
        return NULL;
    }
}

int rsa_size(const struct rsa *r) {
    return r->n * 8;
}

void log_usage(int usage);
void rekey(struct key *k);

int bits_ok(const struct key *k, int usage) {
    kind_t kind = key_kind(k);
    switch (kind) {
    case KIND_RSA: {
        log_usage(usage);
        struct rsa *rsa = key_rsa(*k);
        return rsa_size(rsa);
    }
    default:
        return -1;
    }
}

int bits_checked_ok(const struct key *k) {
    if (key_kind(k) != KIND_RSA)
        return -1;
    return rsa_size(key_rsa(*k));
}

int bits_wrong_kind(const struct key *k) {
    if (key_kind(k) != KIND_EC)
        return -1;
    struct rsa *rsa = key_rsa(*k);
    return rsa_size(rsa); // expect: PTR-null-fun-pos
}

/* `rekey` may change the kind, so the NULL is possible again, but nothing on the path forces
 * it: `key_rsa`'s NULL is latent (decided by the key it is given), and not reported. */
int bits_after_rekey_latent_ok(struct key *k) {
    if (key_kind(k) != KIND_RSA)
        return -1;
    rekey(k);
    struct rsa *rsa = key_rsa(*k);
    return rsa_size(rsa);
}
