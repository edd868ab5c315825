// The NULL test that ends a search loop (`while (p != NULL && !match(p)) p = p->next;`) is the
// traversal's end, not the programmer saying the pointer may be NULL after the loop: the code
// that follows relies on the search finding (the caller counted the element, the stack holds
// its root), an invariant of the data. When the NULL exit is the only way out of the loop to
// the dereference, the pointer is NULL there on every path and it is reported.
#include <stddef.h>

struct pane { struct pane *next; int tiled; int size; };
struct entry { struct entry *parent; const char *name; };

struct entry *pop(void);
struct entry *last(void);
int write_root(struct entry *e);

/* tmux's layout code: the window was counted to hold a second tiled pane. */
int second_tiled_size(struct pane *first) {
    struct pane *wp = first->next;
    while (wp != NULL && !wp->tiled)
        wp = wp->next;
    return wp->size;
}

/* The same search written as a `for` with a `break`. */
int named_size(struct pane *list, int size) {
    struct pane *p;
    for (p = list; p != NULL; p = p->next) {
        if (p->size == size)
            break;
    }
    return p->tiled;
}

/* libgit2's tree update: pop until the root, which has no parent left on the stack. */
int write_out(void) {
    struct entry *current = NULL, *popped = NULL;
    while ((popped = pop()) != NULL) {
        current = last();
        if (!current)
            break;
    }
    return write_root(popped) + (popped->name != NULL);
}

/* A walk to the end of the list: only the NULL test leaves the loop. */
int walk_off_the_end(struct pane *list) {
    struct pane *p = list;
    while (p != NULL)
        p = p->next;
    return p->size; // expect: PTR-null-cmp-aft
}

/* The search's other exit returns: after the loop the pointer is always NULL. */
int found_or_crash(struct pane *list) {
    struct pane *p;
    for (p = list; p != NULL; p = p->next) {
        if (p->tiled)
            return p->size;
    }
    return p->size; // expect: PTR-null-cmp-aft
}

/* A test in the body, not the loop's exit, is evidence as before (redis's timer search: when
   every entry is skipped, nothing is found). */
int largest(struct pane *list) {
    struct pane *best = NULL;
    for (struct pane *p = list; p != NULL; p = p->next) {
        if ((best == NULL || p->size > best->size) && p->tiled)
            best = p;
    }
    return best->size; // expect: PTR-null-cmp-aft
}
