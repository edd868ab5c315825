/* redis src/rax.c raxRecursiveFree(): each iteration loads the next child
 * pointer into `child` with memcpy from an unaligned array and frees it
 * recursively. Reported: MEM-double-free-some and MEM-use-free-some
 * (line 23). */
#include <stdlib.h>
#include <string.h>

struct node {
    unsigned size;
    unsigned char data[];   /* bytes, then `size` child pointers (unaligned) */
};

static struct node **last_child_ptr(struct node *n) {
    return (struct node **)(n->data + n->size + (n->size - 1) * sizeof(struct node *));
}

void free_tree(struct node *n) {
    int numchildren = n->size;
    struct node **cp = last_child_ptr(n);
    while (numchildren--) {
        struct node *child;
        memcpy(&child, cp, sizeof(child));
        free_tree(child);
        cp--;
    }
    free(n);
}
