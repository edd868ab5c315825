/* A test that guards the values other branches assign is not evidence about the pointer
 * dereferenced before it (redis's zslNthInRange: the forward walk dereferences `x`, then one
 * branch steps back `x = x->backward` or takes a lookup's result, and `if (x && ...)` tests
 * what they left). Every path to the test that carries the dereferenced value is not enough. */
#include <stddef.h>

struct node {
    struct node *forward;
    struct node *backward;
    int score;
};

struct node *by_rank(struct node *from, int rank);

struct node *nth_in_range(struct node *header, int n, int max)
{
    struct node *x = header;
    while (x->forward && x->forward->score < max)
        x = x->forward;
    if (n >= 0) {
        for (int i = 0; i < n; i++)
            x = x->backward;
    } else {
        x = by_rank(header, -n);
    }
    if (x && x->score > max)
        return NULL;
    return x;
}

/* Every way to the test carries the dereferenced value: the test is too late. */
int late_test(struct node *x, int max)
{
    int s = x->score; // expect: PTR-null-cmp-bef
    if (max > 0)
        s += max;
    if (x == NULL)
        return 0;
    return s;
}

/* A new value is dereferenced before the test on every path: still too late. */
int late_test_after_lookup(struct node *header, int rank)
{
    struct node *x = by_rank(header, rank);
    if (rank < 0)
        x = header->backward;
    int s = x->score; // expect: PTR-null-cmp-bef
    if (!x)
        return 0;
    return s;
}
