/* A pointer loaded with memcpy from an unaligned array at each iteration (redis's
 * raxRecursiveFree): `memcpy(&child, cp, sizeof(child))` gives `child` a new value, so the
 * next free is of another block. */
#include <stdlib.h>
#include <string.h>

struct node {
    unsigned size;
    unsigned char data[];
};

void free_children(struct node *n)
{
    int numchildren = n->size;
    unsigned char *cp = n->data;
    while (numchildren--) {
        struct node *child;
        memcpy(&child, cp, sizeof(child));
        free(child);
        cp += sizeof(child);
    }
    free(n);
}

/* Loaded once, freed at every iteration. */
void free_first_repeatedly(struct node *n)
{
    int numchildren = n->size;
    struct node *child;
    memcpy(&child, n->data, sizeof(child));
    while (numchildren--) {
        free(child); // expect: MEM-double-free-some
    }
    free(n);
}
