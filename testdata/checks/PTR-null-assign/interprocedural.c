#include <stddef.h>

struct node {
    int value;
    struct node *next;
};

/* Dereferences its parameter without a check. */
static int node_value(const struct node *n) {
    return n->value;
}

/* Passes its parameter on to a function that dereferences it. */
static int twice_value(const struct node *n) {
    return 2 * node_value(n);
}

/* Checks its parameter for NULL first. */
static int safe_value(const struct node *n) {
    if (n == NULL)
        return 0;
    return n->value;
}

/* Tolerates NULL with the check hidden in a short circuit. */
static int is_positive(const struct node *n) {
    return n != NULL && n->value > 0;
}

/* Sets *out on success only. */
static int lookup_into(struct node *list, int key, struct node **out) {
    for (; list != NULL; list = list->next)
        if (list->value == key) {
            *out = list;
            return 0;
        }
    return -1;
}

/* Positives. */

int pass_null_to_dereferencing_helper_bad(struct node *head, int use_head) {
    struct node *n = NULL;
    if (use_head)
        n = head;
    return node_value(n); // expect: PTR-null-assign
}

int pass_null_two_calls_deep_bad(void) {
    struct node *n = NULL;
    return twice_value(n); // expect: PTR-null-assign
}

int helper_then_own_dereference_bad(struct node *head, int use_head) {
    struct node *n = NULL;
    if (use_head)
        n = head;
    int positive = is_positive(n);
    return positive + n->value; // expect: PTR-null-assign
}

/* Negatives. */

int pass_null_to_checking_helper_ok(void) {
    struct node *n = NULL;
    return safe_value(n);
}

int pass_null_to_short_circuit_helper_ok(void) {
    struct node *n = NULL;
    return is_positive(n);
}

int filled_through_address_ok(struct node *list, int key) {
    struct node *found = NULL;
    if (lookup_into(list, key, &found) != 0)
        return -1;
    return found->value;
}

int checked_before_helper_ok(struct node *head, int use_head) {
    struct node *n = NULL;
    if (use_head)
        n = head;
    if (n == NULL)
        return 0;
    return node_value(n);
}

/* The callee dereferences only when there is something to read: an empty buffer may be NULL. */
static long sum(const int *values, int count) {
    long total = 0;
    for (int i = 0; i < count; i++)
        total += values[i];
    return total;
}

long empty_sum_ok(void) {
    int *values = NULL;
    return sum(values, 0);
}

/* The callee dereferences on one branch of another argument only. */
static int first_or(const int *values, int use, int fallback) {
    if (use)
        return values[0];
    return fallback;
}

int fallback_ok(void) {
    int *values = NULL;
    return first_or(values, 0, 7);
}

/* The callee dereferences on every path: the NULL reaches it. */
static int first(const int *values) {
    return values[0] + 1;
}

int first_of_nothing_bad(void) {
    int *values = NULL;
    return first(values); // expect: PTR-null-assign
}
