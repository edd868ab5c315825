// A constructor links the new object into its owner's list when it is given an owner, and the
// owner frees it later (tmux's file_create_with_client). A caller that has checked its owner
// before the call leaks nothing; one that may pass no owner leaks the object it drops.
#include <stdlib.h>

struct file { int stream; struct file *next; };
struct client { struct file *files; int flags; };

struct file *file_create(struct client *c, int stream) {
    struct file *f = calloc(1, sizeof *f);
    if (f == NULL)
        abort();
    f->stream = stream;
    if (c != NULL && !(c->flags & 1)) {
        f->next = c->files;
        c->files = f;
    }
    return f;
}

static int can_print(struct client *c) {
    if (c == NULL || (c->flags & 1))
        return 0;
    return 1;
}

void print_checked(struct client *c) {
    struct file *f;
    if (c == NULL || (c->flags & 1))
        return;
    f = file_create(c, 1);
    f->stream = 2;
}

void print_through_helper(struct client *c) {
    struct file *f;
    if (!can_print(c))
        return;
    f = file_create(c, 1);
    f->stream = 2;
}

void print_unchecked(struct client *c) {
    struct file *f;
    f = file_create(c, 1); // expect: MEM-leak
    f->stream = 2;
}
