// A getter that returns NULL only when its argument is NULL (`if (!list) return NULL;`)
// cannot return NULL for an argument the caller has tested or dereferenced.
#include <stddef.h>

struct node { struct node *next; int value; };
struct list { struct node *head; size_t length; };

struct node *list_last(struct node *n) {
    if (!n)
        return NULL;
    while (n->next)
        n = n->next;
    return n;
}

struct node *list_first(struct list *l) {
    if (l == NULL)
        return NULL;
    return l->head ? l->head : (struct node *)l;
}

int tested_first_ok(struct node *head) {
    if (head == NULL)
        return 0;
    struct node *last = list_last(head);
    return last->value;
}

int dereferenced_first_ok(struct node *head) {
    int first = head->value;
    struct node *last = list_last(head);
    return first + last->value;
}

int untested_bad(struct node *head) {
    struct node *last = list_last(head);
    return last->value; // expect: PTR-null-fun-pos
}

/* A getter that also returns NULL for another reason. */
struct node *find(struct node *n, int key) {
    if (!n)
        return NULL;
    for (; n; n = n->next)
        if (n->value == key)
            return n;
    return NULL;
}

int find_tested_bad(struct node *head, int key) {
    if (head == NULL)
        return 0;
    struct node *hit = find(head, key);
    return hit->value; // expect: PTR-null-fun-pos
}
