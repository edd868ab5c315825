// A pointer handed to a hash table inside a compound-literal union passed by value
// (tinyproxy's `htab_insert(vars, k, HTV_P(v))`): the table keeps the union, so on the
// `return 1` path it owns `v`. Returning before the hand-over, after `v` was allocated, leaks it.
#include <stdlib.h>
#include <string.h>

typedef union htab_value { void *p; size_t n; } htab_value;
#define HTV_P(P) (htab_value) {.p = P}
struct elem { char *key; htab_value data; };
struct htab { struct elem e[16]; size_t used; };

int htab_insert(struct htab *h, char *key, htab_value value)
{
    struct elem *e = &h->e[h->used & 15];
    if (e->key)
        return 0;
    e->key = key;
    e->data = value;
    h->used++;
    return 1;
}

int add_variable(struct htab *vars, const char *key, const char *val)
{
    char *k, *v;
    k = strdup(key);
    v = strdup(val);
    if (!v || !k)
        goto oom;
    if (htab_insert(vars, k, HTV_P(v)))
        return 1;
oom:
    free(k);
    free(v);
    return -1;
}

int add_variable_early_return(struct htab *vars, const char *key, const char *val)
{
    char *k, *v;
    v = strdup(val); // expect: MEM-leak
    if (!v)
        return -1;
    k = strdup(key);
    if (!k)
        return -1;
    if (htab_insert(vars, k, HTV_P(v)))
        return 1;
    free(k);
    free(v);
    return -1;
}
