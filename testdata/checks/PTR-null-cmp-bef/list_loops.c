// Walking a list: the dereference in the body comes after the loop's test, and the re-test
// is of the new value that `p = p->next` wrote (the `def` ends the region after the
// dereference). None of these is a check after a dereference.
#include <stddef.h>
#include <stdlib.h>

struct node {
    struct node *next;
    struct node *child;
    int v;
};

struct cursor {
    struct node *cur;
};

#define NEXT(p) ((p) = (p)->next)

int sum_while(struct node *p) {
    int s = 0;
    while (p) {
        s += p->v;
        p = p->next;
    }
    return s;
}

int sum_for(struct node *p) {
    int s = 0;
    for (; p != NULL; p = p->next)
        s += p->v;
    return s;
}

int sum_do(struct node *p) {
    int s = 0;
    if (!p)
        return 0;
    do {
        s += p->v;
    } while ((p = p->next));
    return s;
}

int sum_do_compared(struct node *p) {
    int s = 0;
    if (p == NULL)
        return 0;
    do {
        s += p->v;
    } while ((p = p->next) != NULL);
    return s;
}

void free_all(struct node *p) {
    struct node *next;
    while (p != NULL) {
        next = p->next;
        free(p);
        p = next;
    }
}

int skip_negative(struct node *p) {
    int s = 0;
    while (p) {
        if (p->v < 0) {
            p = p->next;
            continue;
        }
        s += p->v;
        NEXT(p);
    }
    return s;
}

int find(struct node *p, int key) {
    while (p && p->v != key)
        p = p->next;
    if (p)
        return p->v;
    return -1;
}

int nested(struct node *p) {
    int s = 0;
    for (; p; p = p->next) {
        struct node *c;
        for (c = p->child; c; c = c->next)
            s += c->v;
    }
    return s;
}

int through_field(struct cursor *it) {
    int s = 0;
    while (it->cur) {
        s += it->cur->v;
        it->cur = it->cur->next;
    }
    return s;
}

int last_checked(struct node *p) {
    int s = 0;
    while (p) {
        s += p->v;
        if (p->next == NULL)
            break;
        p = p->next;
    }
    return s;
}

/* A global cursor, advanced here or by a helper: the helper's `def` ends the region too. */
static struct node *global_cursor;
static int total;

static void advance(void) {
    global_cursor = global_cursor->next;
}

void walk_global(void) {
    while (global_cursor) {
        total += global_cursor->v;
        global_cursor = global_cursor->next;
    }
}

void walk_global_by_helper(void) {
    for (; global_cursor; advance())
        total += global_cursor->v;
}

/* Dereferenced before a loop whose test is for the values the body advances to (by
   assignment, or through `&p` as libgit2's iterators do): the loop's first test is not
   evidence that the pointer it entered with may be NULL. */
int first_then_loop_ok(struct node *p) {
    int s = p->v;
    while (p) {
        s += p->v;
        p = p->next;
    }
    return s;
}

int step_to_next(struct node **p);

int first_then_advanced_ok(struct node *e) {
    int s = 0;
    if (e->v < 0)
        return 0;
    while (e && e->v) {
        s += e->v;
        if (step_to_next(&e) < 0)
            break;
    }
    return s;
}

/* Bad twins: a loop that does not advance the pointer tests the value it entered with, and a
   test after the loop. */
int first_then_stuck_loop_bad(struct node *p, int n) {
    int s = p->v; // expect: PTR-null-cmp-bef
    while (p && n-- > 0)
        s += p->v;
    return s;
}

int to_last_bad(struct node *p) {
    while (p->next) // expect: PTR-null-cmp-bef
        p = p->next;
    if (p)
        return p->v;
    return 0;
}
