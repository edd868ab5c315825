/* A callee links a new leaf into the list it is given and also hands it out through an
 * out-parameter (mosquitto's sub__add_leaf: `DL_APPEND(*head, leaf); *newleaf = leaf;`): the
 * list owns the leaf, the out-parameter only names it. A block stored into two places the
 * caller reaches has no one owner there, so the caller that keeps only the list's copy leaks
 * nothing. A callee that hands the block out through the out-parameter alone gives it to the
 * caller. */
#include <stdlib.h>
#include <string.h>

struct leaf {
    struct leaf *next;
    const char *id;
    int qos;
};

static int add_leaf(const char *id, int qos, struct leaf **head, struct leaf **newleaf) {
    struct leaf *leaf;

    *newleaf = NULL;
    for (leaf = *head; leaf; leaf = leaf->next) {
        if (leaf->id && !strcmp(leaf->id, id)) {
            leaf->qos = qos;
            return -2;
        }
    }
    leaf = calloc(1, sizeof *leaf);
    if (!leaf)
        return 1;
    leaf->id = id;
    leaf->qos = qos;
    leaf->next = *head;
    *head = leaf;
    *newleaf = leaf;
    return 0;
}

int subscribe(struct leaf **subs, const char *id, int qos, int *count) {
    struct leaf *newleaf;
    int rc = add_leaf(id, qos, subs, &newleaf);
    if (rc > 0)
        return rc;
    if (rc == 0)
        (*count)++;
    return 0;
}

static int make_leaf(const char *id, struct leaf **newleaf) {
    struct leaf *leaf = calloc(1, sizeof *leaf);
    if (!leaf)
        return 1;
    leaf->id = id;
    *newleaf = leaf;
    return 0;
}

int count_leaf(const char *id, int *count) {
    struct leaf *newleaf;
    if (make_leaf(id, &newleaf) != 0) // expect: MEM-leak
        return 1;
    (*count)++;
    return 0;
}
