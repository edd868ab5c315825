/* lighttpd src/algo_splaytree.c splaytree_delete():
 * `return cond ? delete_root(t) : t;` where delete_root() frees t. Only one
 * arm of the conditional operator is evaluated, but `t` in the other arm is
 * taken as used (returned) after the call in the taken arm freed it. The
 * same code written with `if (cond) return delete_root(t); return t;` is not
 * reported. Reported: MEM-use-free-all (line 22). */
#include <stdlib.h>

typedef struct tree { struct tree *left, *right; int key; } tree;

tree *splay(tree *t, int i);

tree *delete_root(tree *t)
{
    tree *x = t->right;
    free(t);
    return x;
}

tree *tree_delete(tree *t, int i)
{
    return (t != NULL && t->key == i)
      ? delete_root(t)
      : t;
}
