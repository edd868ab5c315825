#include <stdlib.h>
struct node { int v; struct node *next; };
static struct node *push(struct node *head, int v) {
    struct node *n = malloc(sizeof *n);
    if (n == NULL)
        return head;
    n->v = v;
    n->next = head;
    return n;
}
int sum(int k) {
    struct node *l = NULL;
    for (int i = 0; i < k; i++)
        l = push(l, i);
    int s = 0;
    while (l) {
        struct node *next = l->next;
        s += l->v;
        free(l);
        l = next;
    }
    return k ? s / k : 0;
}
