/* A count kept in a bit-field (redis's ebuckets `numItems : 5`): the loop's first iteration
 * that finds itself the last (`i == m->numItems - 1`) ends the loop, so the pointer the later
 * iterations read (`prev`) is set on every way to them. A bit-field's value is its width's,
 * read the same way each time: the test and the loop condition are about one value. */
#include <assert.h>
#include <stddef.h>

struct meta {
    unsigned int time_lo;
    unsigned short time_hi;
    unsigned int last : 1;
    unsigned int first : 1;
    unsigned int num_items : 5;
    void *next;
};

struct ops {
    struct meta *(*meta_of)(void *item);
};

static unsigned long long meta_time(const struct meta *m) {
    return ((unsigned long long)m->time_hi << 32) | m->time_lo;
}

void validate(void *head, const struct ops *ops) {
    if (head == NULL)
        return;
    struct meta *m_head = ops->meta_of(head);
    void *iter = head;
    struct meta *m, *prev = NULL;
    for (int i = 0; i < m_head->num_items; ++i) {
        m = ops->meta_of(iter);
        if (i == 0)
            assert(m->num_items > 0);
        else
            assert(meta_time(prev) <= meta_time(m));
        if (i == m_head->num_items - 1) {
            assert(m->next == NULL);
        } else {
            prev = m;
            iter = m->next;
        }
    }
}

/* A 3-bit field wraps: 7 + 1 stores 0, so the loop below may run with `p` still NULL. */
struct small {
    unsigned int n : 3;
};

int wraps(struct small *s, int *q) {
    int *p = NULL;
    s->n = 7;
    s->n += 1;
    if (s->n == 0)
        return *p; // expect: PTR-null-assign
    return *q;
}

/* ... and a signed one holds negative values: -1 is not 1. */
struct flags {
    int on : 1;
};

int signed_bit(struct flags *f, int *q) {
    int *p = NULL;
    f->on = 1;
    if (f->on == 1)
        return *q;
    return *p; // expect: PTR-null-assign
}

/* A narrow value is promoted before it is compared: an `unsigned char` is never 300 (the
 * constant is not taken into the narrow type, where it would read 44). */
int narrow_compare(unsigned char c, int *q) {
    int *p = NULL;
    if (c == 300) // expect: RED-cond-never
        return *p; // expect: RED-dead
    return *q;
}
