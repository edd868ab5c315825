// An array member of an element (`a[i].vec[j].coeffs`) passed on decays to its address:
// nothing is read there, and the callee may fill it (libsodium's ML-KEM `gen_matrix` fills
// the uninitialised `polyvec a[K]` of its callers through `rej_uniform(a[i].vec[j].coeffs,
// ...)`).
#include <stdint.h>

#define N 8
#define K 3

typedef struct poly {
    int16_t coeffs[N];
} poly;

typedef struct polyvec {
    poly vec[K];
} polyvec;

static unsigned fill_coeffs(int16_t *r, unsigned len, const unsigned char *buf) {
    unsigned ctr = 0;
    while (ctr < len) {
        r[ctr] = (int16_t)buf[ctr];
        ctr++;
    }
    return ctr;
}

static void fill(polyvec *a, const unsigned char *buf) {
    for (unsigned i = 0; i < K; i++)
        for (unsigned j = 0; j < K; j++)
            fill_coeffs(a[i].vec[j].coeffs, N, buf);
}

int16_t keypair_ok(const unsigned char *buf) {
    polyvec a[K];
    fill(a, buf);
    return a[1].vec[2].coeffs[3];
}

static void fill_first(poly *p, const unsigned char *buf) { fill_coeffs(&p[0].coeffs[0], N, buf); }

int16_t first_ok(const unsigned char *buf) {
    poly p[2];
    fill_first(p, buf);
    return p[0].coeffs[1];
}

// Nothing fills it: the element read is uninitialised.
int16_t unfilled(void) {
    poly p[2];
    return p[1].coeffs[0]; // expect: SPC-uninit-arr-all
}
