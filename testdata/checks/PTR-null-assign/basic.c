#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int value;
    struct node *next;
};

/* Positives. */

int pick_value_bad(struct node *head, int use_head) {
    struct node *n = NULL;
    if (use_head)
        n = head;
    return n->value; // expect: PTR-null-assign
}

void write_through_null_bad(int v) {
    int *out = 0;
    *out = v; // expect: PTR-null-assign
}

int reset_then_read_bad(struct node *n) {
    int v = n->value;
    n = NULL;
    return v + n->value; // expect: PTR-null-assign
}

char first_char_bad(void) {
    const char *name = NULL;
    return name[0]; // expect: PTR-null-assign
}

/* The loop may run zero times (the checker does not know `n`), and then `last` is still NULL:
   a true positive unless the caller guarantees n > 0, which the function does not check. */
int last_value_bad(struct node *items, int n) {
    struct node *last = NULL;
    for (int i = 0; i < n; i++)
        last = &items[i];
    return last->value; // expect: PTR-null-assign
}

/* Negatives. */

int early_return_ok(struct node *head, int use_head) {
    struct node *n = NULL;
    if (use_head)
        n = head;
    if (!n)
        return -1;
    return n->value;
}

int short_circuit_ok(struct node *head, int use_head) {
    struct node *n = NULL;
    if (use_head)
        n = head;
    return n && n->value > 0;
}

int ternary_ok(struct node *head, int use_head) {
    struct node *n = NULL;
    if (use_head)
        n = head;
    return n ? n->value : 0;
}

int asserted_ok(struct node *head, int use_head) {
    struct node *n = NULL;
    if (use_head)
        n = head;
    assert(n);
    return n->value;
}

#define VALUE_OR(p, d) ((p) != NULL ? (p)->value : (d))

int checked_in_macro_ok(struct node *head, int use_head) {
    struct node *n = NULL;
    if (use_head)
        n = head;
    return VALUE_OR(n, -1);
}

int reassigned_before_use_ok(struct node *head) {
    struct node *n = NULL;
    struct node local = {0, NULL};
    n = head ? head : &local;
    return n->value;
}

int goto_cleanup_ok(size_t len) {
    char *buf = NULL;
    int rc = -1;
    if (len == 0)
        goto out;
    buf = malloc(len);
    if (buf == NULL)
        goto out;
    memset(buf, 0, len);
    rc = buf[0];
out:
    free(buf);
    return rc;
}

size_t sizeof_is_not_a_dereference_ok(void) {
    struct node *n = NULL;
    return sizeof n->value;
}

int previous_in_loop_ok(struct node *head) {
    struct node *prev = NULL;
    int rises = 0;
    for (struct node *cur = head; cur != NULL; cur = cur->next) {
        if (prev != NULL && cur->value > prev->value)
            rises++;
        prev = cur;
    }
    return rises;
}

int assigned_in_every_iteration_ok(struct node *head) {
    struct node *n = NULL;
    int sum = 0;
    for (n = head; n; n = n->next)
        sum += n->value;
    return sum;
}
