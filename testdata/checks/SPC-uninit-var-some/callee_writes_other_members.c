// A flag of the caller's structure tested twice around a call that is given the structure
// (tmux's spawn_window around spawn_pane): the callee writes some members through the
// pointer (`sc->wp0`), not the flag, so the second test agrees with the first even where the
// callee is too large to follow path by path. A callee that writes the flag keeps the
// finding.
#include <stdlib.h>

struct pane { int fd; };
struct ctx { int flags; struct pane *wp0; int idx; };

static struct pane *spawn_pane(struct ctx *sc) {
    struct pane *p = malloc(sizeof *p);
    if (p == NULL)
        return NULL;
    p->fd = 0;
    if (sc->flags & 1)
        p->fd = sc->idx;
    if (sc->flags & 2)
        p->fd++;
    if (sc->flags & 4)
        p->fd++;
    if (sc->flags & 8)
        p->fd++;
    if (sc->flags & 16)
        p->fd++;
    sc->wp0 = p;
    sc->wp0->fd++;
    return p;
}

static void reset_flags(struct ctx *sc) {
    if (sc->idx > 3)
        sc->flags = 0;
}

int spawn(struct ctx *sc) {
    int v;
    if (sc->flags & 1)
        v = sc->idx;
    if (spawn_pane(sc) == NULL)
        return -1;
    if (sc->flags & 1)
        return v;
    return 0;
}

int spawn_resetting(struct ctx *sc) {
    int v;
    if (sc->flags & 1)
        v = sc->idx;
    reset_flags(sc);
    if (sc->flags & 1)
        return v; // expect: SPC-uninit-var-some
    return 0;
}

struct node { int flags; struct node *next; };

static void clear_next(struct node *n) {
    n = n->next;
    if (n != NULL)
        n->flags = 0;
}

int walk(struct node *head) {
    int v;
    if (head->next->flags & 1)
        v = head->next->flags;
    clear_next(head);
    if (head->next->flags & 1)
        return v; // expect: SPC-uninit-var-some
    return 0;
}
