#include <stdlib.h>

/* `return c ? a : b;` runs one arm only. */

typedef struct tree { struct tree *left, *right; int key; } tree;

static tree *delete_root(tree *t) {
    tree *x = t->right;
    free(t);
    return x;
}

tree *tree_delete_ok(tree *t, int key) {
    return (t != NULL && t->key == key) ? delete_root(t) : t;
}

int key_after_delete_bad(tree *t) {
    tree *rest = delete_root(t);
    return rest ? t->left != NULL : t->key; // expect: MEM-use-free-all
}
