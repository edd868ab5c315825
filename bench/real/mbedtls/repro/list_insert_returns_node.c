/* Mbed TLS library/x509_create.c:354 and :396: the helper links the new node
 * into *head and returns it; the caller only sets a field of the node. */
#include <stdlib.h>

struct named { int tag; struct named *next; };

struct named *store_named(struct named **head)
{
    struct named *cur = calloc(1, sizeof(*cur));
    if (cur == NULL)
        return NULL;
    cur->next = *head;
    *head = cur;
    return cur;
}

int set_ext(struct named **head, int critical)
{
    struct named *cur;

    if ((cur = store_named(head)) == NULL)
        return -1;
    cur->tag = critical;
    return 0;
}
