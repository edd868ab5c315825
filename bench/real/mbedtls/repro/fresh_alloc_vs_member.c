/* Mbed TLS library/ecp.c:2322 (ecp_mul_comb): a freshly allocated table can
 * equal grp->T only after it was stored there; `T = NULL` then drops a
 * borrowed copy, and the table is freed otherwise. */
#include <stdlib.h>

struct grp { int *T; int n; };

static int precompute(const struct grp *g, int *T)
{
    T[0] = g->n;
    return g->n > 4 ? -1 : 0;
}

int mul_comb(struct grp *grp, int p_eq_g)
{
    int ret;
    int *T = calloc(8, sizeof(int));
    if (T == NULL)
        return -1;
    if ((ret = precompute(grp, T)) != 0)
        goto cleanup;
    if (p_eq_g)
        grp->T = T;   /* the group keeps the table */
cleanup:
    if (T == grp->T)
        T = NULL;
    free(T);
    return ret;
}
