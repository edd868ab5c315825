#include <stdio.h>
#include <stdlib.h>

struct node { int value; struct node *next; };

int missing_return_bad(struct node *n) {
    if (n == NULL)
        puts("empty");
    return n->value; // expect: PTR-null-cmp-aft
}

int wrong_branch_bad(struct node *n) {
    if (!n) {
        n->value = 0; // expect: PTR-null-cmp-aft
        return 0;
    }
    return n->value;
}

int loop_exit_bad(struct node *head, int key) {
    struct node *n = head;
    while (n != NULL && n->value != key)
        n = n->next;
    if (n == NULL)
        fprintf(stderr, "key %d not found\n", key);
    return n->next->value; // expect: PTR-null-cmp-aft
}

/* Negatives. */

int early_return_ok(struct node *n) {
    if (n == NULL)
        return -1;
    return n->value;
}

int replaced_ok(struct node *n, struct node *fallback) {
    if (n == NULL)
        n = fallback;
    return n ? n->value : 0;
}

int aborts_ok(struct node *n) {
    if (!n)
        abort();
    return n->value;
}

int retested_ok(struct node *n, int verbose) {
    if (n == NULL && verbose)
        puts("no node");
    if (n != NULL)
        return n->value;
    return 0;
}

static void must_not_be_null(const struct node *n) {
    if (n == NULL)
        exit(2);
}

int checked_by_helper_ok(struct node *n) {
    must_not_be_null(n);
    return n->value;
}

/* Passing `&p` to a refill function may give `p` a new value. */
int refill(const char **where);

int refilled_before_use_ok(const char *p) {
    if (p == NULL)
        refill(&p);
    return *p;
}
