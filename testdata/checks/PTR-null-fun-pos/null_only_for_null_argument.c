// A getter that returns NULL only when its argument is NULL (`if (!list) return NULL;`)
// hands its caller's NULL back: that is a defensive check, not a NULL of its own. Its result
// is reported only for a null pointer constant argument; whether the caller's argument may be
// NULL is the business of the checks on the argument.
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

int untested_ok(struct node *head) {
    struct node *last = list_last(head);
    return last->value;
}

/* Two arguments checked together, and an argument-checking macro that returns (libgit2's
   GIT_ASSERT_ARG_WITH_RETVAL). */
#define ASSERT_ARG_RET(arg, ret) do { if (!(arg)) { report_misuse(#arg); return (ret); } } while (0)
void report_misuse(const char *what);

struct node *nth(struct list *l, struct node *from, size_t n) {
    if (!l || !from)
        return NULL;
    while (n-- > 0 && from->next)
        from = from->next;
    return from;
}

struct node *head_of(struct list *l) {
    ASSERT_ARG_RET(l, NULL);
    return l->head;
}

int two_arguments_ok(struct list *l, struct node *from) {
    return nth(l, from, 2)->value;
}

int null_constant_bad(struct list *l) {
    struct node *n = nth(l, NULL, 1);
    return n->value; // expect: PTR-null-fun-pos
}

int assert_macro_ok(struct list *l) {
    struct node *h = head_of(l);
    return h->value;
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

/* `find` also returns NULL when the key is missing: a latent NULL (decided by the list it is
 * given), not reported where the caller may know the key is there. */
int find_tested_latent_ok(struct node *head, int key) {
    if (head == NULL)
        return 0;
    struct node *hit = find(head, key);
    return hit->value;
}
