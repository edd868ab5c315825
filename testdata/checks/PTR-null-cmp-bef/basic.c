#include <assert.h>
#include <stddef.h>
#include <stdio.h>

struct buf {
    size_t len;
    char *data;
    struct buf *next;
};

/* Dereferences its parameter without a check. */
static size_t buf_len(const struct buf *b) {
    return b->len;
}

/* Accepts NULL. */
static int buf_is_empty(const struct buf *b) {
    return b == NULL || b->len == 0;
}

/* Positives. */

size_t length_bad(struct buf *b) {
    size_t n = b->len; // expect: PTR-null-cmp-bef
    if (b == NULL)
        return 0;
    return n;
}

int first_byte_bad(const struct buf *b) {
    char c = b->data[0]; // expect: PTR-null-cmp-bef
    if (b != NULL && b->len > 0)
        return c;
    return -1;
}

void print_bad(const struct buf *b) {
    printf("%zu\n", b->len); // expect: PTR-null-cmp-bef
    if (!b)
        return;
    fwrite(b->data, 1, b->len, stdout);
}

size_t total_via_helper_bad(const struct buf *b) {
    size_t n = buf_len(b); // expect: PTR-null-cmp-bef
    if (b == NULL)
        return 0;
    return n;
}

/* An assert after the dereference states what the dereference already assumed: the macro's
   test is a defensive check, not a sign that `b` may be NULL here (a style matter at most). */
size_t asserted_after_use_ok(const struct buf *b) {
    size_t n = b->len;
    assert(b != NULL);
    return n;
}

/* Negatives. */

size_t checked_first_ok(const struct buf *b) {
    if (b == NULL)
        return 0;
    return b->len;
}

size_t short_circuit_ok(const struct buf *b) {
    return b && b->len > 4 ? b->len : 0;
}

size_t list_total_ok(const struct buf *b) {
    size_t total = 0;
    while (b != NULL) {
        total += b->len;
        b = b->next;
    }
    return total;
}

size_t list_total_for_ok(const struct buf *head) {
    size_t total = 0;
    for (const struct buf *b = head; b; b = b->next)
        total += b->len;
    return total;
}

size_t advance_then_check_ok(const struct buf *b) {
    b = b->next;
    if (b == NULL)
        return 0;
    return b->len;
}

size_t different_branches_ok(const struct buf *b, int trusted) {
    if (trusted)
        return b->len;
    if (b == NULL)
        return 0;
    return b->len;
}

size_t checking_helper_after_dereference_ok(const struct buf *b) {
    /* The helper's own check is defensive; the caller does not compare `b` with NULL. */
    size_t n = b->len;
    return buf_is_empty(b) ? 0 : n;
}

/* Each use is guarded; the guard is repeated in a later iteration, which protects nothing
   new but is no dereference before a check either. */
size_t guarded_in_every_iteration_ok(const char *what, const struct buf *b) {
    size_t n = 0;
    for (; *what; what++) {
        switch (*what) {
        case 'l':
            n += (b && b->len > 0) ? b->len : 0;
            break;
        case 'd':
            if (b != NULL)
                n += (size_t)b->data[0];
            break;
        default:
            break;
        }
    }
    return n;
}

size_t sizeof_before_check_ok(const struct buf *b) {
    size_t n = sizeof b->len;
    if (b == NULL)
        return 0;
    return n + b->len;
}
