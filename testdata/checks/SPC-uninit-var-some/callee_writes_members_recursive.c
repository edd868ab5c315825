// A count of the caller's structure tested twice around a call that is given the structure
// (redis' `c->argc` around checkType → addReply): the callee is too large to follow path by
// path, and what it writes through the pointer comes from its summary. The callee is in a
// recursive component of the call graph (reply → flush → reply), links the object into a list
// by the address of a member (`&c->node`), keeps the pointer itself in a global and
// stores a call's result into a member (`c->pending = make_list()`): none of that writes
// `argc`, so the second test agrees with the first. A component whose member writes the
// count keeps the finding.
#include <stdlib.h>

struct link { struct link *prev, *next; };
struct list { struct link *head; int len; };
struct client { int argc; int flags; int bufpos; struct link node; struct list *pending; };

static struct list pending_writes;
static struct { struct client *last; int count; } seen;

static void link_head(struct list *l, struct link *n) {
    n->prev = NULL;
    n->next = l->head;
    l->head = n;
    l->len++;
}

static struct list *make_list(void) {
    return calloc(1, sizeof(struct list));
}

static void keep(struct client *c) {
    seen.last = c;
    seen.count++;
}

static void flush(struct client *c, int depth);

static void reply(struct client *c, int depth) {
    if (c->flags & 1)
        c->bufpos++;
    if (c->flags & 2)
        c->bufpos++;
    if (c->flags & 4)
        c->bufpos++;
    if (c->flags & 8)
        c->bufpos++;
    if (c->flags & 16)
        c->bufpos++;
    if (c->pending == NULL)
        c->pending = make_list();
    link_head(&pending_writes, &c->node);
    keep(c);
    if (depth > 0)
        flush(c, depth - 1);
}

static void flush(struct client *c, int depth) {
    c->bufpos = 0;
    reply(c, depth);
}

int command(struct client *c) {
    int end;
    if (c->argc >= 5)
        end = c->argc;
    reply(c, 2);
    if (c->argc < 5)
        end = 0;
    return end;
}

static void flush_resetting(struct client *c, int depth);

static void reply_resetting(struct client *c, int depth) {
    if (c->flags & 1)
        c->bufpos++;
    if (c->flags & 2)
        c->bufpos++;
    if (c->flags & 4)
        c->bufpos++;
    if (c->flags & 8)
        c->bufpos++;
    if (c->flags & 16)
        c->bufpos++;
    if (depth > 0)
        flush_resetting(c, depth - 1);
}

static void flush_resetting(struct client *c, int depth) {
    if (c->bufpos > 100)
        c->argc = 0;
    reply_resetting(c, depth);
}

int command_resetting(struct client *c) {
    int end;
    if (c->argc >= 5)
        end = c->argc;
    reply_resetting(c, 2);
    if (c->argc < 5)
        end = 0;
    return end; // expect: SPC-uninit-var-some
}
