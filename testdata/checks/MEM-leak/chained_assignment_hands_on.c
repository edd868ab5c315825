// In `a = b = e` the outer target receives what `e` is: when it is a global or memory reached
// through a pointer, the block `e` holds is handed on (pcre2's
// `*listptr = listp = (PCRE2_SPTR *)((char *)memp + sizeof(pcre2_memctl));`).
#include <stdlib.h>

char **kept;

struct memctl {
    size_t size;
};

void into_global_ok(void) {
    char **p, **m = malloc(64);
    if (!m)
        return;
    kept = p = m;
    p[0] = 0;
}

int through_out_parameter_ok(char ***listptr, size_t n) {
    char **listp;
    void *memp = malloc(sizeof(struct memctl) + n * sizeof(char *));
    if (memp == NULL)
        return -1;
    *listptr = listp = (char **)((char *)memp + sizeof(struct memctl));
    listp[0] = NULL;
    return 0;
}

struct holder {
    char *data;
};

void into_member_ok(struct holder *h, size_t n) {
    char *p, *q = malloc(n);
    if (q == NULL)
        return;
    h->data = p = q;
    p[0] = 0;
}

/* Bad twins: the chain ends in locals only; nothing frees or keeps the block. */
void locals_only_bad(size_t n) {
    char *a, *b, *m = malloc(n); // expect: MEM-leak
    if (!m)
        return;
    a = b = m; // expect: RED-unused-val
    a[0] = 0;
}

void chained_allocation_bad(size_t n) {
    char *p, *q;
    p = q = malloc(n); // expect: MEM-leak, RED-unused-val
    if (p)
        p[0] = 0;
}
