/* libxml2 xinclude.c:802, xmlXIncludeCopyNode(), PTR-null-cmp-aft "`insertParent` was found
 * to be NULL and is dereferenced without a new value" (warning).
 * Cause (model: data-structure invariant): a non-recursive walk over the children of `elem`.
 * insertParent is NULL exactly at depth 0, i.e. while `cur` is a child of `elem`; climbing
 * from there gives `cur = cur->parent == elem`, which returns before
 * `insertParent = insertParent->parent`. The counterexample needs `elem->children->parent !=
 * elem` (the DOM tree invariant: a node's children have it as their parent), so the
 * dereference with insertParent NULL cannot happen on a well-formed tree. (libxml2 takes the
 * first child's branch that copies nothing - an XML_DOCUMENT_NODE/XML_DTD_NODE child - and
 * then climbs; copying a node never leaves insertParent NULL below depth 0.)
 * Check: goanna-rs-s21a scan tree-walk-child-parent-invariant.c  (1 warning) */
#include <stddef.h>

typedef struct node {
    struct node *parent, *children, *next;
    int type;
} node;

node *copy_one(node *cur, node *parent);   /* sets copy->parent = parent */

node *copy_children(node *elem)
{
    node *result = NULL, *insertParent = NULL, *insertLast = NULL, *cur;

    cur = elem->children;
    if (cur == NULL)
        return NULL;
    while (1) {
        int recurse = 0;
        if (cur->type != 9) {               /* document nodes are skipped */
            node *copy = copy_one(cur, insertParent);
            if (copy == NULL)
                return NULL;
            if (result == NULL)
                result = copy;
            insertLast = copy;
            recurse = cur->children != NULL;
        }
        if (recurse) {
            cur = cur->children;
            insertParent = insertLast;      /* non-NULL: the copy just made */
            insertLast = NULL;
            continue;
        }
        while (cur->next == NULL) {
            if (insertParent != NULL)
                insertParent->children = insertLast;
            cur = cur->parent;
            if (cur == elem)                /* always true at depth 0 */
                return result;
            insertLast = insertParent;
            insertParent = insertParent->parent;
        }
        cur = cur->next;
    }
}
